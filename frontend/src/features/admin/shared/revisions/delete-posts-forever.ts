import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { revisionKeys } from '@/data/revisions/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Removes deleted posts' revisions, so they cannot come back; resolves to how many posts went. */
export async function deletePostsForever(postIds: readonly string[]): Promise<number> {
  return dataOrThrow(adminClient().rpc('delete_posts_forever', { post_ids: [...postIds] }));
}

export function useDeletePostsForever() {
  return useInvalidatingMutation(deletePostsForever, [revisionKeys.all]);
}
