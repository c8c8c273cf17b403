import { useId } from 'react';
import { selectFieldsOf, type SelectOption } from '@/features/admin/shared/admin-select-field';
import { AdminDateRange } from '@/features/admin/shared/admin-date-range';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { DEFAULT_FILTERS, isNarrowed, type LeadFilters } from './lead-filters';
import { STATUS_OPTIONS, type LeadSource, type LeadStatus } from '@/features/leads/model/lead-types';

const STATUS_FILTER_OPTIONS: readonly SelectOption<LeadStatus | 'all'>[] = [['all', 'All statuses'], ...STATUS_OPTIONS];

const SOURCES: readonly SelectOption<LeadSource | 'all'>[] = [
  ['all', 'All sources'],
  ['contact', 'Contact form'],
  ['whitepaper', 'Whitepaper form'],
];

/** Status, source and received-date filters of the inbox (the view tabs sit above them). */
export function LeadFiltersBar({
  filters,
  problem,
  onChange,
}: {
  filters: LeadFilters;
  /** Why the filters cannot be applied, shown under them. */
  problem: string | null;
  onChange: (filters: LeadFilters) => void;
}) {
  const id = useId();
  const set = <K extends keyof LeadFilters>(key: K, value: LeadFilters[K]) => {
    onChange({ ...filters, [key]: value });
  };
  const select = selectFieldsOf<Pick<LeadFilters, 'status' | 'source'>>(id, filters, set);
  const narrowed = isNarrowed(filters, '');

  return (
    <fieldset className="leads-filters" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend className="visually-hidden">Filter leads</legend>
      {select('status', 'Status', STATUS_FILTER_OPTIONS)}
      {select('source', 'Source', SOURCES)}
      <AdminDateRange id={id} labels={{ from: 'Received from', to: 'Received to' }} range={filters} onChange={set} />
      <div className="leads-filters__clear">
        <AdminButton
          disabled={!narrowed}
          onClick={() => {
            onChange({ ...DEFAULT_FILTERS, view: filters.view });
          }}
        >
          Clear filters
        </AdminButton>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="admin-error leads-filters__problem" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
