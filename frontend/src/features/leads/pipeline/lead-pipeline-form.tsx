import { useQuery } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { formatDate } from '@/features/admin/shared/format-date';
import { AdminSelectField } from '@/features/admin/shared/admin-select-field';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { assigneeOptions } from './assignee-options';
import { assigneesQuery } from './assignees-query';
import { STATUS_OPTIONS, type InboxItem, type LeadStatus } from '@/features/leads/model/lead-types';
import { useLeadPipeline } from './use-lead-pipeline';

/**
 * The pipeline part of a lead's detail view: status and assignee, one of the staff (saved
 * together), and the spam flag (set or lifted at once, which closes the view: the lead leaves
 * the list it was opened from).
 */
export function LeadPipelineForm({ item, onClose }: { item: InboxItem; onClose: () => void }) {
  const id = useId();
  const pipeline = useLeadPipeline();
  const staff = useQuery(assigneesQuery());
  const [status, setStatus] = useState<LeadStatus>(item.status);
  const [assignee, setAssignee] = useState(item.assignee);
  const changed = status !== item.status || assignee !== item.assignee;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    pipeline.save(item, { status, assignee });
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
          <AdminSelectField
            id={`${id}-assignee`}
            label="Assignee"
            value={assignee}
            options={assigneeOptions(staff.data ?? [], item.assignee)}
            onChange={setAssignee}
          />
        </div>
        {staff.isError && (
          <p className="admin-error" role="alert">
            The staff list could not be loaded: {errorMessage(staff.error)}.
          </p>
        )}
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
