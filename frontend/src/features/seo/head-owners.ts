import { ARTICLE_SLUGS } from '@/features/articles/article-slugs';

const STATIC_ARTICLE_ROUTES = new Set(Object.values(ARTICLE_SLUGS).map((slug) => `/blog/${slug}`));

/**
 * Routes whose page builds the whole head itself: the generic blog post (/blog/{slug}),
 * except the five static articles, which use their page SEO records like every page.
 */
export function ownsHead(route: string): boolean {
  return /^\/blog\/[^/]+$/.test(route) && !STATIC_ARTICLE_ROUTES.has(route);
}
