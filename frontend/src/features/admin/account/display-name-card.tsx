import { useState, type SubmitEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import { errorToast } from '@/features/admin/shared/error-toast';
import { useSaveDisplayName } from './save-display-name';

/** The name the team sees (by-lines of new posts, the activity log, the staff list). */
export function DisplayNameCard({ initial }: { initial: string }) {
  const [name, setName] = useState(initial);
  const save = useSaveDisplayName();
  const unchanged = name.trim() === initial.trim();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(name, {
      onSuccess: () => {
        toast({ title: 'Display name saved', description: `New posts and activity entries show ${name.trim()}.` });
      },
      onError: errorToast('Could not save your name'),
    });
  };

  return (
    <AdminCard titleId="account-name-title" title="Display name">
      <form className="admin-form" onSubmit={onSubmit}>
        <AdminTextField
          id="account-name"
          label="Display name"
          autoComplete="name"
          required
          maxLength={200}
          hint="Shown as the author of your new posts and beside what you do in the activity log."
          value={name}
          onChange={setName}
        />
        <div className="admin-actions">
          <AdminButton type="submit" variant="primary" disabled={save.isPending || unchanged || !name.trim()}>
            {save.isPending ? 'Saving...' : 'Save name'}
          </AdminButton>
        </div>
      </form>
    </AdminCard>
  );
}
