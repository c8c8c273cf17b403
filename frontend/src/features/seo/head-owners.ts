import { ARTICLE_SLUGS } from '@/config/article-slugs';

const STATIC_ARTICLE_ROUTES = new Set(Object.values(ARTICLE_SLUGS).map((slug) => `/blog/${slug}`));

/**
 * Routes whose page builds the whole head itself: the generic blog post (/blog/{slug}),
 * except the five static articles, which use their page SEO records like every page.
 */
export function ownsHead(route: string): boolean {
  return /^\/blog\/[^/]+$/.test(route) && !STATIC_ARTICLE_ROUTES.has(route);
}

/** Route without a trailing slash ("/blog/" and "/blog" share one record). */
export function seoRoute(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
