import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filtersProblem,
  filtersSummary,
  isNarrowed,
  leadQueryParams,
  type LeadFilters,
} from './lead-filters';

const filters = (overrides: Partial<LeadFilters>): LeadFilters => ({ ...DEFAULT_FILTERS, ...overrides });

describe('filters', () => {
  it.each([
    ['the inbox in any status', DEFAULT_FILTERS, 'contact', false, null],
    ['closed spam', filters({ view: 'spam', status: 'closed' }), 'whitepaper', true, 'closed'],
  ] as const)('ask each table for the view and the status: %s', (_case, leadFilters, table, spam, status) => {
    expect(leadQueryParams(leadFilters, table)).toEqual({ spam, status, since: null, before: null });
  });

  it('leave out the table the source filter excludes', () => {
    expect(leadQueryParams(filters({ source: 'contact' }), 'whitepaper')).toBeNull();
    expect(leadQueryParams(filters({ source: 'contact' }), 'contact')).not.toBeNull();
    expect(leadQueryParams(filters({ source: 'whitepaper' }), 'contact')).toBeNull();
  });

  it('turn the day range into local midnights, the last day included', () => {
    const params = leadQueryParams(filters({ from: '2026-03-07', to: '2026-03-09' }), 'contact');
    expect(params?.since).toBe(new Date(2026, 2, 7).toISOString());
    expect(params?.before).toBe(new Date(2026, 2, 10).toISOString());
    // Across a month's end.
    expect(leadQueryParams(filters({ to: '2026-02-28' }), 'contact')?.before).toBe(new Date(2026, 2, 1).toISOString());
    expect(leadQueryParams(filters({ from: '2026-03-07' }), 'contact')?.before).toBeNull();
  });

  it('explain a range that cannot be applied', () => {
    expect(filtersProblem(DEFAULT_FILTERS)).toBeNull();
    expect(filtersProblem(filters({ from: '2026-03-07', to: '2026-03-07' }))).toBeNull();
    expect(filtersProblem(filters({ from: '2026-03-08', to: '2026-03-07' }))).toBe(
      'The start date is after the end date.',
    );
    expect(filtersProblem(filters({ from: '2026-02-31' }))).toBe('The start date is not a valid date.');
    expect(filtersProblem(filters({ to: 'yesterday' }))).toBe('The end date is not a valid date.');
  });

  it('say whether anything narrows the list, and what, for the export log', () => {
    expect(isNarrowed(DEFAULT_FILTERS, '')).toBe(false);
    expect(isNarrowed(filters({ view: 'spam' }), '  ')).toBe(false);
    expect(isNarrowed(filters({ status: 'new' }), '')).toBe(true);
    expect(isNarrowed(DEFAULT_FILTERS, 'acme')).toBe(true);
    expect(filtersSummary(DEFAULT_FILTERS, '')).toEqual({ view: 'inbox' });
    expect(
      filtersSummary(
        filters({ status: 'contacted', source: 'whitepaper', from: '2026-01-01', to: '2026-01-31' }),
        ' acme ',
      ),
    ).toEqual({
      view: 'inbox',
      status: 'contacted',
      source: 'whitepaper',
      from: '2026-01-01',
      to: '2026-01-31',
      search: 'acme',
    });
  });
});
