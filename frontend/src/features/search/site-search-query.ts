import { queryOptions } from '@tanstack/react-query';
import { searchKeys } from '@/data/search/keys';
import type { SiteSearchAnswer } from '@/data/search/types';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Name of the search_site answer in a server-rendered /search page's embedded data. */
export const SITE_SEARCH_RESOURCE = 'siteSearch';

/** What the URL asks: `q` (trimmed; blank shows the page's introduction) and `page` (from 1). */
export interface SearchRequest {
  q: string;
  page: number;
}

/**
 * The search the URL asks for. A `page` that is not written in digits, or is 0, is page 1 (a
 * hand-edited URL gets the first page, not an error).
 */
export function readSearchRequest(params: URLSearchParams): SearchRequest {
  const q = (params.get('q') ?? '').trim();
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,9}$/.test(pageText) ? Number(pageText) : 1;
  return { q, page: Math.max(page, 1) };
}

/** search_site answers pages 1 to 100 only. */
export const MAX_SEARCH_PAGE = 100;

/** How many pages of results the pager links: as many as the results fill, up to the last search_site answers. */
export function searchPageCount(total: number, pageSize: number): number {
  return Math.min(Math.ceil(total / Math.max(1, pageSize)), MAX_SEARCH_PAGE);
}

function isSearchAnswer(value: unknown): value is SiteSearchAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Partial<SiteSearchAnswer>;
  return (
    typeof answer.query === 'string' &&
    typeof answer.page === 'number' &&
    typeof answer.total === 'number' &&
    Array.isArray(answer.results) &&
    Array.isArray(answer.suggestions)
  );
}

/**
 * The embedded answer when it answers `request`. The embedded data belongs to the path
 * (/search), so after the visitor searches again on the same path it is the previous search's:
 * it is used only for the same query and page.
 */
export function embeddedAnswerFor(embedded: unknown, request: SearchRequest): SiteSearchAnswer | undefined {
  if (!isSearchAnswer(embedded)) return undefined;
  return embedded.query.trim() === request.q && embedded.page === request.page ? embedded : undefined;
}

/** One page of the site search (search_site: ranked, with highlighted snippets, 10 a page). */
export function siteSearchQuery({ q, page }: SearchRequest) {
  return queryOptions({
    queryKey: [...searchKeys.site, q, page],
    queryFn: async (): Promise<SiteSearchAnswer> => {
      const { supabase } = await import('@/lib/supabase');
      // search_site answers jsonb: its shape is SiteSearchAnswer (see its migration).
      return (await dataOrThrow(supabase.rpc('search_site', { q, page }))) as unknown as SiteSearchAnswer;
    },
    // A refused search (too long, a page past 100) answers the same on a second try.
    retry: false,
  });
}
