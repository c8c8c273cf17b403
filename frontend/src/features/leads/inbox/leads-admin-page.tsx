import { useQuery } from '@tanstack/react-query';
import { AdminEmpty } from '@/features/admin/shared/admin-empty';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminTabs, adminTabId } from '@/features/admin/shared/admin-tabs';
import { useExportLeads } from './export-leads';
import { csvFileName } from './lead-csv';
import { LeadDetail } from './lead-detail';
import { LeadFiltersBar } from './lead-filters-bar';
import { LeadRow } from './lead-row';
import {
  DEFAULT_FILTERS,
  filtersProblem,
  filtersSummary,
  isNarrowed,
  type LeadFilters,
  type LeadView,
} from './lead-filters';
import { inboxItems } from '@/features/leads/model/lead-types';
import { relayedLeadsQuery } from './leads-query';
import { submissionsQuery } from './submissions-query';
import { useLiveLeads } from './use-live-leads';
import { errorToast } from '@/features/admin/shared/error-toast';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { AdminTable } from '@/features/admin/shared/admin-table';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import { useCan } from '@/features/admin/shared/session/admin-session';
import './leads-admin.css';

/** Hands the CSV text to the browser as a file download. */
function downloadCsv(csv: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

const VIEWS: ReadonlyArray<readonly [LeadView, string]> = [
  ['inbox', 'Inbox'],
  ['spam', 'Spam'],
];

export function LeadsAdminPage() {
  const baseId = useId();
  const [filters, setFilters] = useState<LeadFilters>(DEFAULT_FILTERS);
  const [search, setSearch] = useState('');
  const [openKey, setOpenKey] = useState<string | null>(null);
  const problem = filtersProblem(filters);
  const submissions = useQuery({ ...submissionsQuery(filters), enabled: problem === null });
  const leads = useQuery({ ...relayedLeadsQuery(filters), enabled: problem === null });
  const exportLeads = useExportLeads();
  const mayExport = useCan('exportLeads');
  useLiveLeads();

  const loading = problem === null && (submissions.isPending || leads.isPending);
  const items = problem === null ? inboxItems(submissions.data ?? [], leads.data ?? [], search) : [];
  const open = items.find((item) => item.key === openKey);
  const narrowed = isNarrowed(filters, search);

  const setView = (view: LeadView) => {
    setFilters((current) => ({ ...current, view }));
  };

  const exportCsv = () => {
    const exported = items;
    const fileName = csvFileName(new Date());
    exportLeads.mutate(
      { items: exported, filters: filtersSummary(filters, search) },
      {
        onSuccess: (csv) => {
          downloadCsv(csv, fileName);
          toast({
            title: 'CSV exported',
            description: `${exported.length} lead${exported.length === 1 ? '' : 's'} saved to ${fileName}.`,
          });
        },
        onError: errorToast('Export failed'),
      },
    );
  };

  return (
    <div className="admin-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Leads</h1>
        {mayExport && (
          <AdminButton disabled={items.length === 0 || exportLeads.isPending} onClick={exportCsv}>
            Export CSV
          </AdminButton>
        )}
      </div>
      <AdminTabs
        label="Lead views"
        baseId={baseId}
        tabs={VIEWS}
        selected={filters.view}
        onSelect={setView}
        panelIdOf={() => `${baseId}-panel`}
      />
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={adminTabId(baseId, filters.view)}
        className="admin-page"
      >
        <LeadFiltersBar filters={filters} problem={problem} onChange={setFilters} />
        <AdminTextField
          id="leads-search"
          label="Search leads"
          type="search"
          placeholder="Name, company, email, phone or assignee"
          value={search}
          onChange={setSearch}
        />
        {(submissions.isError || leads.isError) && (
          <p className="admin-error" role="alert">
            {submissions.isError && `Whitepaper submissions could not be loaded: ${errorMessage(submissions.error)}. `}
            {leads.isError && `Contact inquiries could not be loaded: ${errorMessage(leads.error)}.`}
          </p>
        )}
        <section className="admin-card" aria-label={filters.view === 'spam' ? 'Spam leads' : 'Leads'}>
          {!loading && (
            <p className="admin-muted leads-count" aria-live="polite">
              {items.length} {filters.view === 'spam' ? 'spam ' : ''}lead{items.length === 1 ? '' : 's'}
              {narrowed ? ' match the filters' : ''}
            </p>
          )}
          {loading ? (
            <AdminLoading>Loading leads...</AdminLoading>
          ) : items.length === 0 ? (
            <AdminEmpty>
              {narrowed
                ? 'No leads match these filters.'
                : filters.view === 'spam'
                  ? 'No spam. Leads flagged by staff, or by the lead relay’s captcha and honeypot checks, show here.'
                  : 'No leads yet.'}
            </AdminEmpty>
          ) : (
            <AdminTable
              className="leads-table"
              columns={[
                'Received',
                'Type',
                'Name',
                'Company',
                'Email',
                filters.view === 'spam' ? 'Spam reason' : 'Status',
                'Assignee',
                'Forwarded',
                'Actions',
              ]}
            >
              {items.map((item) => (
                <LeadRow
                  key={item.key}
                  item={item}
                  onView={() => {
                    setOpenKey(item.key);
                  }}
                />
              ))}
            </AdminTable>
          )}
        </section>
      </div>
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
