import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { analyticsKeys } from '@/data/analytics/keys';
import type { Json } from '@/lib/database.types';
import { dataOrThrow } from '@/lib/data-or-throw';
import type { AnalyticsRange } from './analytics-range';

/** A query typed into the site search (normalised by the database: lower case, emails and long numbers masked). */
export interface SearchTerm {
  query: string;
  searches: number;
  /** How many of those searches found nothing. */
  noResults: number;
}

/** What search_stats answers: the 20 most searched queries, and the 20 most searched without a result. */
export interface SearchStats {
  top: SearchTerm[];
  noResults: SearchTerm[];
}

const num = (value: Json | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** One list of search_stats' JSON, read defensively (it is typed as any JSON); items without a query are left out. */
function terms(list: Json | undefined, noResultsOf: (item: Record<string, Json | undefined>) => number): SearchTerm[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item) || typeof item.query !== 'string') return [];
    return [{ query: item.query, searches: num(item.searches), noResults: noResultsOf(item) }];
  });
}

/** search_stats' JSON as the card reads it (in the no-result list, every search counted found nothing). */
export function toSearchStats(json: Json): SearchStats {
  const object = json !== null && typeof json === 'object' && !Array.isArray(json) ? json : {};
  return {
    top: terms(object.top, (item) => num(item.no_result_searches)),
    noResults: terms(object.no_results, (item) => num(item.searches)),
  };
}

/** What visitors searched the site for over the range (days as the database counts them). */
export const searchStatsQuery = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: [...analyticsKeys.search, range.from, range.to],
    queryFn: async (): Promise<SearchStats> =>
      toSearchStats(await dataOrThrow(adminClient().rpc('search_stats', { from_day: range.from, to_day: range.to }))),
  });
