import { HEAD_RULES, metaName, type HeadContext, type HeadSpec } from '@/lib/head';
import { SEARCH_PATH } from '@/components/search/search-form';

/**
 * The search page's head: 'Search results for “{q}” | {company}' ('Search | {company}' with no
 * query), kept out of search engines' indexes (results pages are thin and endless) while its
 * links are followed, with one canonical address for every query.
 */
export function buildSearchHead(q: string, context: HeadContext): HeadSpec {
  const title = q === '' ? 'Search' : `Search results for “${q}”`;
  return {
    title: `${title}${HEAD_RULES.titleSeparator}${context.companyName}`,
    metas: [metaName('robots', 'noindex, follow')],
    canonical: `${context.siteUrl}${SEARCH_PATH}`,
  };
}
