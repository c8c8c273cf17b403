import { useState, type SubmitEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { AdminFormActions } from '@/features/admin/shared/admin-form-actions';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import type { StaffRole } from '@/features/admin/shared/admin-role';
import { AuthProblem } from '@/features/admin/shared/session/auth-problem';
import { useInviteStaff } from './invite-staff';
import { RoleField } from './role-field';
import { staffProblem } from './staff-wording';

/** "Invite staff": email, an optional display name, and a role; the server emails the invitation. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState<StaffRole>('author');
  const [problem, setProblem] = useState<string | null>(null);
  const invite = useInviteStaff();

  const close = () => {
    setEmail('');
    setDisplayName('');
    setRole('author');
    setProblem(null);
    onClose();
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    invite.mutate(
      { email, role, displayName },
      {
        onSuccess: () => {
          toast({
            title: 'Invitation sent',
            description: `${email.trim()} will get an email with a link to choose a password.`,
          });
          close();
        },
        onError: (error) => {
          setProblem(staffProblem(error));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Invite a staff member"
      description="They get an email with a link to choose a password. The link works once."
      className="admin-dialog staff-dialog"
    >
      <form className="admin-form" onSubmit={onSubmit}>
        <AdminTextField
          id="invite-email"
          label="Email"
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={setEmail}
        />
        <AdminTextField
          id="invite-name"
          label="Display name (optional)"
          autoComplete="off"
          maxLength={200}
          hint="They can change it later on their Account page."
          value={displayName}
          onChange={setDisplayName}
        />
        <RoleField id="invite-role" value={role} onChange={setRole} />
        <AuthProblem problem={problem} />
        <AdminFormActions
          onCancel={close}
          saving={invite.isPending}
          submitLabel="Send invitation"
          savingLabel="Sending..."
        />
      </form>
    </Dialog>
  );
}
