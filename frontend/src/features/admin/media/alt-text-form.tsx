import { useId, useState, type SubmitEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { useSaveAltText } from '@/features/admin/shared/media/save-alt-text';
import { errorToast } from '@/features/admin/shared/error-toast';
import { MAX_ALT_TEXT } from '@/features/admin/shared/media/media-facts';

export interface AltTextFormProps {
  /** The storage name. */
  name: string;
  /** What the library calls the image (its file name). */
  title: string;
  /** The saved alt text (the form remounts when it changes). */
  saved: string;
}

/** Alt text kept with the image: describes it for screen readers wherever it is placed. */
export function AltTextForm({ name, title, saved }: AltTextFormProps) {
  const id = useId();
  const save = useSaveAltText();
  const [value, setValue] = useState(saved);
  const changed = value.trim() !== saved;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!changed) return;
    save.mutate(
      { name, altText: value },
      {
        onSuccess: () => {
          toast({
            title: 'Alt text saved',
            description: value.trim() ? `Saved with ${title}.` : `${title} has no alt text now.`,
          });
        },
        onError: errorToast('Save failed'),
      },
    );
  };

  return (
    <form className="media-alt" onSubmit={onSubmit}>
      <label htmlFor={id} className="admin-label">
        Alt text
      </label>
      <div className="media-alt__row">
        <input
          id={id}
          type="text"
          value={value}
          maxLength={MAX_ALT_TEXT}
          placeholder="Describe the image"
          onChange={(event) => {
            setValue(event.target.value);
          }}
        />
        <AdminButton type="submit" disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
          <span className="visually-hidden"> alt text of {title}</span>
        </AdminButton>
      </div>
    </form>
  );
}
