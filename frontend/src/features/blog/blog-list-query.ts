import { queryOptions } from '@tanstack/react-query';
import type { BlogListItem } from './blog-types';

/** Published posts, newest first (spec §7 "Blog list (public)"). */
export const blogListQueryOptions = queryOptions({
  queryKey: ['blog-posts', 'published'],
  queryFn: async (): Promise<BlogListItem[]> => {
    const { supabase } = await import('../../lib/supabase');
    const { data, error } = await supabase
      .from('blog_posts')
      .select('id,title,slug,description,category,read_time,created_at')
      .eq('published', true)
      .order('created_at', { ascending: false });
    if (error) throw new Error(`Blog posts failed to load: ${error.message}`);
    return data;
  },
});
