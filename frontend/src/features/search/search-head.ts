import { HEAD_RULES, metaName, type HeadSpec } from '@/lib/head';
import { SEARCH_PATH } from '@/components/search/search-form';

export interface SearchHeadContext {
  companyName: string;
  siteUrl: string;
}

/**
 * The search page's head: 'Search results for “{q}” | {company}' ('Search | {company}' with no
 * query), kept out of search engines' indexes (results pages are thin and endless) while its
 * links are followed, with one canonical address for every query.
 */
export function buildSearchHead(q: string, context: SearchHeadContext): HeadSpec {
  const title = q === '' ? 'Search' : `Search results for “${q}”`;
  return {
    title: `${title}${HEAD_RULES.titleSeparator}${context.companyName}`,
    metas: [metaName('robots', 'noindex, follow')],
    canonical: `${context.siteUrl}${SEARCH_PATH}`,
  };
}
