import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { BlogPost } from './blog-post';
import { blogKeys } from '@/data/blog/keys';

/** Admin blog list: every post, newest first. */
export const adminPostsQuery = () =>
  queryOptions({
    queryKey: blogKeys.admin,
    queryFn: async (): Promise<BlogPost[]> => {
      const { data, error } = await adminClient()
        .from('blog_posts')
        .select('*')
        .order('created_at', { ascending: false });
      if (error) throw error;
      // The check constraints hold the two choice columns to BlogPost's unions.
      return data as BlogPost[];
    },
  });
