import { queryOptions } from '@tanstack/react-query';
import type { BlogPost } from '@/data/blog/types';
import { blogKeys } from '@/data/blog/keys';

/** Name of the post (or null when there is none) in a server-rendered page's embedded data. */
export const BLOG_POST_RESOURCE = 'blogPost';

/** PostgREST's "no row" code of a single-row request. */
const NO_ROW = 'PGRST116';

/** Error of a post that could not be loaded; `code` is PostgREST's. */
export class BlogPostError extends Error {
  readonly code: string | undefined;

  constructor(message: string, code: string | undefined) {
    super(message);
    this.name = 'BlogPostError';
    this.code = code;
  }
}

/**
 * One published post by slug (spec §7 "Blog post (public)"), or null when there is no such
 * published post (PGRST116). Drafts are never returned.
 */
export function blogPostQuery(slug: string) {
  return queryOptions({
    queryKey: [...blogKeys.published, slug],
    queryFn: async (): Promise<BlogPost | null> => {
      const { supabase } = await import('@/lib/supabase');
      const { data, error } = await supabase
        .from('blog_posts')
        .select('*')
        .eq('slug', slug)
        .eq('published', true)
        .single<BlogPost>();
      if (error?.code === NO_ROW) return null;
      if (error) throw new BlogPostError(error.message, error.code);
      return data;
    },
  });
}
