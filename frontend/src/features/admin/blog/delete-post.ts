import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { blogKeys } from '@/data/blog/keys';
import { revisionKeys } from '@/data/revisions/keys';

export async function deletePost(id: string): Promise<void> {
  const { error } = await adminClient().from('blog_posts').delete().eq('id', id);
  if (error) throw error;
}

export function useDeletePost() {
  return useInvalidatingMutation(deletePost, [
    blogKeys.admin,
    blogKeys.public,
    // The delete is a revision: the post can come back from it.
    revisionKeys.all,
  ]);
}
