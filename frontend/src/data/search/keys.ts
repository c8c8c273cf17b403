import { blogKeys } from '@/data/blog/keys';

/** Query-key prefixes of the site search and the not-found page's suggestions. */
export const searchKeys = {
  /** search_site answers, one per query and page below it. */
  site: ['site-search'] as const,
  /** popular_posts: under the public blog caches, so an admin's post change refreshes it too. */
  popularPosts: [...blogKeys.public, 'popular'] as const,
};
