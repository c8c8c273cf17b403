import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { BlogPost } from './blog-post';

export const adminPostsKey = ['admin', 'blog-posts'] as const;

/** Admin blog list: every post, newest first. */
export const adminPostsQuery = () =>
  queryOptions({
    queryKey: adminPostsKey,
    queryFn: async (): Promise<BlogPost[]> => {
      const { data, error } = await adminClient()
        .from('blog_posts')
        .select('*')
        .order('created_at', { ascending: false });
      if (error) throw error;
      return data as BlogPost[];
    },
  });
