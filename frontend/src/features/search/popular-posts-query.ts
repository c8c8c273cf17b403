import { queryOptions } from '@tanstack/react-query';
import { searchKeys } from '@/data/search/keys';
import type { PopularPost } from '@/data/search/types';
import { dataOrThrow } from '@/lib/data-or-throw';
import { tableRows } from '@/lib/table-rows';

/** Name of popular_posts(4) in a server-rendered not-found page's embedded data. */
export const POPULAR_POSTS_RESOURCE = 'popularPosts';

/** How many the not-found page suggests. */
export const POPULAR_POST_COUNT = 4;

/** The most read posts of the last 30 days, newest posts filling in (popular_posts). */
export const popularPostsQuery = queryOptions({
  queryKey: [...searchKeys.popularPosts, POPULAR_POST_COUNT],
  queryFn: async (): Promise<PopularPost[]> => {
    const { supabase } = await import('@/lib/supabase');
    const rows = await dataOrThrow(supabase.rpc('popular_posts', { max_results: POPULAR_POST_COUNT }));
    return tableRows(rows, ['title', 'slug', 'views']);
  },
});
