import { ARTICLE_SLUGS } from '@/config/article-slugs';

const STATIC_ARTICLE_ROUTES = new Set(Object.values(ARTICLE_SLUGS).map((slug) => `/blog/${slug}`));

/** The archives (/blog/{category|tag|author}/{slug}) and the search page: their pages call useHead. */
const CLAIMED_ROUTE = /^\/(?:blog\/(?:category|tag|author)\/[^/]+|search)$/i;

/**
 * Routes whose page builds the whole head itself: the generic blog post (/blog/{slug}),
 * except the five static articles, which use their page SEO records like every page; the
 * archives and the search page. Known by the route, no SEO record is even asked for them (a
 * page elsewhere that claims the head with useHead, the not-found page, is known once mounted).
 */
export function ownsHead(route: string): boolean {
  return (/^\/blog\/[^/]+$/.test(route) && !STATIC_ARTICLE_ROUTES.has(route)) || CLAIMED_ROUTE.test(route);
}

/** Route without a trailing slash ("/blog/" and "/blog" share one record). */
export function seoRoute(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
