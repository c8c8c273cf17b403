import { useQuery } from '@tanstack/react-query';
import { AdminEmpty } from '@/features/admin/shared/admin-empty';
import { useId, useState, type SubmitEvent } from 'react';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import { errorToast } from '@/features/admin/shared/error-toast';
import { formatDate } from '@/features/admin/shared/format-date';
import { useAddLeadNote } from './add-lead-note';
import { leadNotesQuery } from './lead-notes-query';
import { NOTE_MAX, type InboxItem } from '@/features/leads/model/lead-types';

/** Adds a note under the thread; says so in a live region, so a screen reader hears it landed. */
function AddNoteForm({ item }: { item: InboxItem }) {
  const id = useId();
  const add = useAddLeadNote();
  const [body, setBody] = useState('');
  const [saved, setSaved] = useState('');

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved('');
    add.mutate(
      { item, body },
      {
        onSuccess: () => {
          setBody('');
          setSaved('Note added.');
        },
        onError: errorToast('Note not added'),
      },
    );
  };

  return (
    <form className="admin-form leads-notes__form" onSubmit={onSubmit}>
      <AdminTextField
        id={`${id}-note`}
        label="Add a note"
        multiline
        maxLength={NOTE_MAX}
        counter={{ max: NOTE_MAX }}
        hint="Only staff see notes. A note is kept as written, with your name and the time."
        value={body}
        onChange={(value) => {
          setBody(value);
          setSaved('');
        }}
      />
      <div className="admin-actions">
        <AdminButton type="submit" variant="primary" disabled={body.trim() === '' || add.isPending}>
          {add.isPending ? 'Adding...' : 'Add note'}
        </AdminButton>
        <p className="admin-muted leads-notes__saved" role="status">
          {saved}
        </p>
      </div>
    </form>
  );
}

/**
 * A lead's notes as a thread, oldest first, each with who wrote it and when (in the admin's
 * time zone); someone who works the pipeline adds to it.
 */
export function LeadNotes({ item, canAdd }: { item: InboxItem; canAdd: boolean }) {
  const id = useId();
  const notes = useQuery(leadNotesQuery(item));

  return (
    <section className="leads-notes" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-card__title">
        Notes
      </h3>
      {notes.isPending ? (
        <AdminLoading>Loading notes...</AdminLoading>
      ) : notes.isError ? (
        <p className="admin-error" role="alert">
          The notes could not be loaded: {errorMessage(notes.error)}.
        </p>
      ) : notes.data.length === 0 ? (
        <AdminEmpty>No notes yet.</AdminEmpty>
      ) : (
        <ol className="leads-notes__thread">
          {notes.data.map((note) => (
            <li key={note.id} className="leads-note">
              <p className="leads-note__meta">
                <span className="leads-note__author">{note.author}</span>
                <time dateTime={note.createdAt}>{formatDate(note.createdAt)}</time>
              </p>
              <p className="leads-note__body">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      {canAdd && <AddNoteForm item={item} />}
    </section>
  );
}
