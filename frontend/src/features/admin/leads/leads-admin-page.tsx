import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../shared/admin-client';
import { inboxCsv, inboxItems, type InboxItem } from './lead-types';
import { relayedLeadsQuery } from './leads-query';
import { useRetryDelivery } from './retry-delivery';
import { submissionsQuery } from './submissions-query';

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function downloadCsv(items: readonly InboxItem[]) {
  const url = URL.createObjectURL(new Blob([inboxCsv(items)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `leads-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

function LeadDetail({ item, onClose }: { item: InboxItem; onClose: () => void }) {
  const retry = useRetryDelivery();
  return (
    <Dialog open onClose={onClose} title={item.name || item.email} className="admin-dialog">
      <dl className="admin-detail">
        <dt>Type</dt>
        <dd>{item.kind}</dd>
        <dt>Received</dt>
        <dd>{formatDate(item.receivedAt)}</dd>
        <dt>Company</dt>
        <dd>{item.company}</dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${item.email}`}>{item.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>{item.phone}</dd>
        {item.details.map(([label, value]) => (
          <div key={label} className="admin-detail__pair">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {item.deliveries.length > 0 && (
        <section>
          <h3 className="admin-card__title">Webhook deliveries</h3>
          <ul className="admin-post-list">
            {item.deliveries.map((delivery) => (
              <li key={delivery.id} className="admin-post">
                <div className="admin-post__body">
                  <span className={delivery.status === 'delivered' ? 'admin-badge admin-badge--ok' : 'admin-badge'}>
                    {delivery.status}
                  </span>
                  <p className="admin-muted">
                    {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
                    {delivery.last_status !== null && ` · last HTTP ${delivery.last_status}`}
                    {delivery.last_error && ` · ${delivery.last_error}`}
                  </p>
                </div>
                {delivery.status === 'failed' && (
                  <button
                    type="button"
                    className="admin-button"
                    disabled={retry.isPending}
                    onClick={() => {
                      retry.mutate(delivery.id, {
                        onSuccess: () => {
                          toast({ title: 'Delivery queued', description: 'The webhook will be retried shortly.' });
                          onClose();
                        },
                        onError: (error) => {
                          toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
                        },
                      });
                    }}
                  >
                    Retry
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </Dialog>
  );
}

export function LeadsAdminPage() {
  const submissions = useQuery(submissionsQuery());
  const leads = useQuery(relayedLeadsQuery());
  const [search, setSearch] = useState('');
  const [openKey, setOpenKey] = useState<string | null>(null);

  const loading = submissions.isPending || leads.isPending;
  const items = inboxItems(submissions.data ?? [], leads.data ?? [], search);
  const open = items.find((item) => item.key === openKey);

  return (
    <div className="admin-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Leads</h1>
        <button
          type="button"
          className="admin-button"
          disabled={items.length === 0}
          onClick={() => {
            downloadCsv(items);
          }}
        >
          Export CSV
        </button>
      </div>
      <div className="admin-field">
        <label htmlFor="leads-search">Search leads</label>
        <input
          id="leads-search"
          type="search"
          placeholder="Name, company, email or phone"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
          }}
        />
      </div>
      {(submissions.isError || leads.isError) && (
        <p className="admin-error" role="alert">
          {submissions.isError && `Whitepaper submissions could not be loaded: ${errorMessage(submissions.error)}. `}
          {leads.isError && `Contact inquiries could not be loaded: ${errorMessage(leads.error)}.`}
        </p>
      )}
      <section className="admin-card">
        {loading ? (
          <p className="admin-muted" role="status">
            Loading leads...
          </p>
        ) : items.length === 0 ? (
          <p className="admin-muted">No leads yet.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Type</th>
                  <th scope="col">Name</th>
                  <th scope="col">Company</th>
                  <th scope="col">Email</th>
                  <th scope="col">Webhook</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.key}>
                    <td>{formatDate(item.receivedAt)}</td>
                    <td>{item.kind}</td>
                    <td>{item.name}</td>
                    <td>{item.company}</td>
                    <td>{item.email}</td>
                    <td>{item.deliveries.map((delivery) => delivery.status).join(', ') || '—'}</td>
                    <td>
                      <button
                        type="button"
                        className="admin-button"
                        aria-label={`View ${item.name || item.email}`}
                        onClick={() => {
                          setOpenKey(item.key);
                        }}
                      >
                        View
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {open && (
        <LeadDetail
          item={open}
          onClose={() => {
            setOpenKey(null);
          }}
        />
      )}
    </div>
  );
}
