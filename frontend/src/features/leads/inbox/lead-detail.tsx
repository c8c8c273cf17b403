import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { errorToast } from '@/features/admin/shared/error-toast';
import { formatDate } from '@/features/admin/shared/format-date';
import { useCan } from '@/features/admin/shared/session/admin-session';
import { LeadNotes } from '@/features/leads/pipeline/lead-notes';
import { LeadPipelineForm } from '@/features/leads/pipeline/lead-pipeline-form';
import { STATUS_LABELS, deliveryLabel, type InboxItem } from '@/features/leads/model/lead-types';
import { useRetryDelivery } from './retry-delivery';

/** Where the lead relay sent copies of a contact lead (the site's automation address), and how that went. */
function LeadDeliveries({ item, canRetry, onClose }: { item: InboxItem; canRetry: boolean; onClose: () => void }) {
  const retry = useRetryDelivery();
  return (
    <section>
      <h3 className="admin-card__title">Forwarded copies</h3>
      <ul className="admin-post-list">
        {item.deliveries.map((delivery) => (
          <li key={delivery.id} className="admin-post">
            <div className="admin-post__body">
              <span className={delivery.status === 'delivered' ? 'admin-badge admin-badge--ok' : 'admin-badge'}>
                {deliveryLabel(delivery.status)}
              </span>
              <p className="admin-muted">
                {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
                {delivery.last_attempt_at && `, last on ${formatDate(delivery.last_attempt_at)}`}
                {delivery.last_status !== null && ` · answered with code ${delivery.last_status}`}
                {delivery.last_error && ` · ${delivery.last_error}`}
              </p>
            </div>
            {canRetry && delivery.status === 'failed' && (
              <AdminButton
                disabled={retry.isPending}
                onClick={() => {
                  retry.mutate(delivery.id, {
                    onSuccess: () => {
                      toast({ title: 'Sending again', description: 'The lead will be sent again shortly.' });
                      onClose();
                    },
                    onError: errorToast(),
                  });
                }}
              >
                Send again
              </AdminButton>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One lead in plain words: the pipeline on top, then what the visitor sent (each value once,
 * labelled, times in the admin's time zone), the notes thread, and where copies were sent.
 */
export function LeadDetail({ item, onClose }: { item: InboxItem; onClose: () => void }) {
  const works = useCan('workLeads');
  return (
    <Dialog open onClose={onClose} title={item.name || item.email} className="admin-dialog">
      {works ? (
        <LeadPipelineForm item={item} onClose={onClose} />
      ) : (
        <p className="admin-note" role="note">
          Status {STATUS_LABELS[item.status].toLowerCase()}
          {item.assignee ? `, assigned to ${item.assignee}` : ''}. An owner updates the pipeline.
        </p>
      )}
      <section className="leads-details">
        <h3 className="admin-card__title">What they sent</h3>
        <dl className="admin-detail leads-detail">
          <dt>Type</dt>
          <dd>{item.kind}</dd>
          <dt>Received</dt>
          <dd>
            <time dateTime={item.receivedAt}>{formatDate(item.receivedAt)}</time>
          </dd>
          <dt>Company</dt>
          <dd>{item.company}</dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${item.email}`}>{item.email}</a>
          </dd>
          <dt>Phone</dt>
          <dd>{item.phone ? <a href={`tel:${item.phone}`}>{item.phone}</a> : '—'}</dd>
          {item.details.map((detail) => (
            <div key={detail.key} className="admin-detail__pair">
              <dt>{detail.label}</dt>
              <dd>{detail.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <LeadNotes item={item} canAdd={works} />
      {item.deliveries.length > 0 && <LeadDeliveries item={item} canRetry={works} onClose={onClose} />}
    </Dialog>
  );
}
