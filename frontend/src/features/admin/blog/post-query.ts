import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { BlogPost } from './blog-post';
import { blogKeys } from '@/data/blog/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** One post by id, for /admin/blog/{id} (null: no such post, or not one the caller may read). */
export const adminPostQuery = (id: string) =>
  queryOptions({
    queryKey: [...blogKeys.admin, 'post', id],
    queryFn: async (): Promise<BlogPost | null> => {
      const data = await dataOrThrow(adminClient().from('blog_posts').select('*').eq('id', id).maybeSingle());
      // The check constraints hold the two choice columns to BlogPost's unions.
      return data as BlogPost | null;
    },
  });
