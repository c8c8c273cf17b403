import { useId, useState, type SubmitEvent } from 'react';
import { Counter } from '@/features/admin/shared/counter';
import { formatDate } from '@/features/admin/shared/format-date';
import { AdminSelectField } from '@/features/admin/shared/admin-select-field';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { ASSIGNEE_MAX, NOTE_MAX, STATUS_OPTIONS, type InboxItem, type LeadStatus } from './lead-types';
import { useLeadPipeline } from './use-lead-pipeline';

/**
 * The pipeline part of a lead's detail view: status, assignee and internal note (saved
 * together), and the spam flag (set or lifted at once, which closes the view: the lead
 * leaves the list it was opened from).
 */
export function LeadPipelineForm({ item, onClose }: { item: InboxItem; onClose: () => void }) {
  const id = useId();
  const pipeline = useLeadPipeline();
  const [status, setStatus] = useState<LeadStatus>(item.status);
  const [assignee, setAssignee] = useState(item.assignee);
  const [note, setNote] = useState(item.internalNote);
  const changed = status !== item.status || assignee.trim() !== item.assignee || note !== item.internalNote;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    pipeline.save(item, { status, assignee: assignee.trim(), internal_note: note });
  };

  return (
    <section className="leads-pipeline" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-card__title">
        Pipeline
      </h3>
      {item.spamReason !== null && (
        <p className="leads-pipeline__spam">
          Flagged as spam{item.spamFlaggedAt && ` on ${formatDate(item.spamFlaggedAt)}`}: {item.spamReason}
        </p>
      )}
      <form className="admin-form leads-pipeline__form" onSubmit={onSubmit}>
        <div className="admin-grid-2">
          <AdminSelectField
            id={`${id}-status`}
            label="Status"
            value={status}
            options={STATUS_OPTIONS}
            onChange={setStatus}
          />
          <div className="admin-field">
            <label htmlFor={`${id}-assignee`}>Assignee</label>
            <input
              id={`${id}-assignee`}
              type="text"
              autoComplete="off"
              placeholder="Who follows up"
              maxLength={ASSIGNEE_MAX}
              value={assignee}
              onChange={(event) => {
                setAssignee(event.target.value);
              }}
            />
          </div>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-note`}>Internal note</label>
          <textarea
            id={`${id}-note`}
            rows={4}
            maxLength={NOTE_MAX}
            aria-describedby={`${id}-note-counter`}
            placeholder="Only staff see this"
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
            }}
          />
          <Counter id={`${id}-note-counter`} text={note} max={NOTE_MAX} />
        </div>
        <div className="admin-actions">
          <AdminButton type="submit" variant="primary" disabled={!changed || pipeline.isPending}>
            {pipeline.isPending ? 'Saving...' : 'Save changes'}
          </AdminButton>
          {item.spamReason === null ? (
            <AdminButton
              disabled={pipeline.isPending}
              onClick={() => {
                pipeline.markSpam(item, onClose);
              }}
            >
              Mark as spam
            </AdminButton>
          ) : (
            <AdminButton
              disabled={pipeline.isPending}
              onClick={() => {
                pipeline.restore(item, onClose);
              }}
            >
              Not spam
            </AdminButton>
          )}
        </div>
      </form>
    </section>
  );
}
