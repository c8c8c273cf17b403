import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { leadQueryParams, type LeadFilters, type LeadQueryParams } from './lead-filters';
import type { LeadSource, LeadStatus } from '@/features/leads/model/lead-types';

/** The filters both lead tables take: they share the pipeline columns, and differ in their time column. */
interface LeadFilterable<Query> {
  is(column: 'spam_reason', value: null): Query;
  not(column: 'spam_reason', operator: 'is', value: null): Query;
  eq(column: 'status', value: LeadStatus): Query;
  gte(column: LeadTimeColumn, value: string): Query;
  lt(column: LeadTimeColumn, value: string): Query;
}

/** When a lead arrived: `received_at` for contact inquiries, `created_at` for whitepaper submissions. */
export type LeadTimeColumn = 'received_at' | 'created_at';

/** Narrows a lead table's select in the database: the spam view or the inbox, the status, the day range. */
export function filterLeadQuery<Query extends LeadFilterable<Query>>(
  query: Query,
  params: LeadQueryParams,
  timeColumn: LeadTimeColumn,
): Query {
  let filtered = params.spam ? query.not('spam_reason', 'is', null) : query.is('spam_reason', null);
  if (params.status) filtered = filtered.eq('status', params.status);
  if (params.since) filtered = filtered.gte(timeColumn, params.since);
  if (params.before) filtered = filtered.lt(timeColumn, params.before);
  return filtered;
}

/**
 * The list query of one lead table under the filters, keyed by the parameters it sends: an
 * empty list, with no request, when the source filter leaves that table out.
 */
export function leadListQuery<Row>(
  filters: LeadFilters,
  source: LeadSource,
  keyPrefix: QueryKey,
  fetchRows: (params: LeadQueryParams) => Promise<Row[]>,
) {
  const params = leadQueryParams(filters, source);
  return queryOptions({
    queryKey: [...keyPrefix, params],
    queryFn: async (): Promise<Row[]> => (params ? fetchRows(params) : []),
  });
}
