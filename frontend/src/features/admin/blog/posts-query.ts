import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { BlogPost } from './blog-post';
import { blogKeys } from '@/data/blog/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Admin blog list: every post, newest first. */
export const adminPostsQuery = () =>
  queryOptions({
    queryKey: blogKeys.admin,
    queryFn: async (): Promise<BlogPost[]> => {
      const data = await dataOrThrow(
        adminClient().from('blog_posts').select('*').order('created_at', { ascending: false }),
      );
      // The check constraints hold the two choice columns to BlogPost's unions.
      return data as BlogPost[];
    },
  });
