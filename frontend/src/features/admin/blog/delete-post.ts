import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { blogKeys } from '@/data/blog/keys';
import { revisionKeys } from '@/data/revisions/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

export async function deletePost(id: string): Promise<void> {
  await dataOrThrow(adminClient().from('blog_posts').delete().eq('id', id));
}

export function useDeletePost() {
  return useInvalidatingMutation(deletePost, [
    blogKeys.admin,
    blogKeys.public,
    // The delete is a revision: the post can come back from it.
    revisionKeys.all,
  ]);
}
