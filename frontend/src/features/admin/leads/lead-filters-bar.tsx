import { useId } from 'react';
import {
  DEFAULT_FILTERS,
  LEAD_STATUSES,
  STATUS_LABELS,
  isLeadStatus,
  isNarrowed,
  type LeadFilters,
  type LeadSource,
} from './lead-types';

const SOURCES: ReadonlyArray<readonly [LeadSource | 'all', string]> = [
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
  const narrowed = isNarrowed(filters, '');

  return (
    <fieldset className="leads-filters" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend className="visually-hidden">Filter leads</legend>
      <div className="admin-field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => {
            const value = event.target.value;
            set('status', isLeadStatus(value) ? value : 'all');
          }}
        >
          <option value="all">All statuses</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-source`}>Source</label>
        <select
          id={`${id}-source`}
          value={filters.source}
          onChange={(event) => {
            const value = event.target.value;
            set('source', value === 'contact' || value === 'whitepaper' ? value : 'all');
          }}
        >
          {SOURCES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-from`}>Received from</label>
        <input
          id={`${id}-from`}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => {
            set('from', event.target.value);
          }}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-to`}>Received to</label>
        <input
          id={`${id}-to`}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => {
            set('to', event.target.value);
          }}
        />
      </div>
      <div className="leads-filters__clear">
        <button
          type="button"
          className="admin-button"
          disabled={!narrowed}
          onClick={() => {
            onChange({ ...DEFAULT_FILTERS, view: filters.view });
          }}
        >
          Clear filters
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="admin-error leads-filters__problem" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
