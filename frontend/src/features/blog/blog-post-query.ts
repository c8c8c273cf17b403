import { queryOptions } from '@tanstack/react-query';
import type { BlogPost } from './blog-types';

/** Error of a post that could not be shown; `code` is PostgREST's (PGRST116: no row). */
export class BlogPostError extends Error {
  readonly code: string | undefined;

  constructor(message: string, code: string | undefined) {
    super(message);
    this.name = 'BlogPostError';
    this.code = code;
  }
}

/** One published post by slug (spec §7 "Blog post (public)"). Drafts are never returned. */
export function blogPostQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['blog-posts', 'published', slug],
    queryFn: async (): Promise<BlogPost> => {
      const { supabase } = await import('../../lib/supabase');
      const { data, error } = await supabase
        .from('blog_posts')
        .select('*')
        .eq('slug', slug)
        .eq('published', true)
        .single<BlogPost>();
      if (error) throw new BlogPostError(error.message, error.code);
      return data;
    },
    // A missing post stays missing: no retry on "no row".
    retry: (failures, error) => !(error instanceof BlogPostError && error.code === 'PGRST116') && failures < 1,
  });
}
