import { useId } from 'react';
import { formatDate } from '@/features/admin/shared/format-date';
import { AdminButton } from '@/features/admin/shared/admin-button';
import {
  LEAD_STATUSES,
  STATUS_LABELS,
  deliveryLabel,
  isLeadStatus,
  type InboxItem,
} from '@/features/leads/model/lead-types';
import { leadLabel, useLeadPipeline } from '@/features/leads/pipeline/use-lead-pipeline';
import { useCan } from '@/features/admin/shared/session/admin-session';

/**
 * One lead in the inbox table: its status is changed in place; spam is flagged or restored here.
 * Someone who may not work the pipeline (an editor reads leads) sees the status as text.
 */
export function LeadRow({ item, onView }: { item: InboxItem; onView: () => void }) {
  const id = useId();
  const works = useCan('workLeads');
  const pipeline = useLeadPipeline();
  const label = leadLabel(item);
  const status = pipeline.pending?.status ?? item.status;
  const spam = item.spamReason !== null;

  return (
    <tr>
      <td data-label="Received">{formatDate(item.receivedAt)}</td>
      <td data-label="Type">{item.kind}</td>
      <td data-label="Name">{item.name}</td>
      <td data-label="Company">{item.company}</td>
      <td data-label="Email" className="leads-table__email">
        {item.email}
      </td>
      {spam ? (
        <td data-label="Spam reason">
          {item.spamReason}
          {item.spamFlaggedAt && <span className="admin-muted"> · {formatDate(item.spamFlaggedAt)}</span>}
        </td>
      ) : !works ? (
        <td data-label="Status">{STATUS_LABELS[item.status]}</td>
      ) : (
        <td data-label="Status">
          <label htmlFor={`${id}-status`} className="visually-hidden">
            Status of {label}
          </label>
          <select
            id={`${id}-status`}
            className="leads-status"
            value={status}
            disabled={pipeline.isPending}
            onChange={(event) => {
              const value = event.target.value;
              if (isLeadStatus(value) && value !== item.status) pipeline.setStatus(item, value);
            }}
          >
            {LEAD_STATUSES.map((option) => (
              <option key={option} value={option}>
                {STATUS_LABELS[option]}
              </option>
            ))}
          </select>
        </td>
      )}
      <td data-label="Assignee">{item.assignee || '—'}</td>
      <td data-label="Forwarded">
        {item.deliveries.map((delivery) => deliveryLabel(delivery.status)).join(', ') || '—'}
      </td>
      <td data-label="Actions">
        <div className="leads-table__actions">
          <AdminButton aria-label={`View ${label}`} onClick={onView}>
            View
          </AdminButton>
          {!works ? null : spam ? (
            <AdminButton
              aria-label={`Not spam: restore ${label}`}
              disabled={pipeline.isPending}
              onClick={() => {
                pipeline.restore(item);
              }}
            >
              Not spam
            </AdminButton>
          ) : (
            <AdminButton
              aria-label={`Mark ${label} as spam`}
              disabled={pipeline.isPending}
              onClick={() => {
                pipeline.markSpam(item);
              }}
            >
              Spam
            </AdminButton>
          )}
        </div>
      </td>
    </tr>
  );
}
