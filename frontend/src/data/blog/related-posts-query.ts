import { queryOptions } from '@tanstack/react-query';
import { blogKeys } from './keys';
import { tableRows } from '@/lib/table-rows';
import type { RelatedPost } from './types';

/** Name of the related posts in a server-rendered post's or article's embedded data. */
export const RELATED_POSTS_RESOURCE = 'relatedPosts';

/** How many cards the section shows (related_posts' default). */
export const RELATED_POSTS_COUNT = 3;

/**
 * The posts to read after the post (or hand-made article) at /blog/{slug}: shared tags and
 * category first, then similar words, never the post itself or a draft (public.related_posts).
 */
export function relatedPostsQuery(slug: string) {
  return queryOptions({
    queryKey: [...blogKeys.related, slug],
    queryFn: async (): Promise<RelatedPost[]> => {
      const { supabase } = await import('@/lib/supabase');
      const { data, error } = await supabase.rpc('related_posts', {
        post_slug: slug,
        max_results: RELATED_POSTS_COUNT,
      });
      if (error) throw new Error(`Related posts for ${slug} failed to load: ${error.message}`);
      return tableRows(data, ['id', 'title', 'slug', 'description', 'category', 'read_time', 'created_at']);
    },
  });
}
