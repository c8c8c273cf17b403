import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient, updatedRows } from '@/features/admin/shared/admin-client';
import type { BlogPostPayload } from './blog-post';
import { blogKeys } from '@/data/blog/keys';
import { revisionKeys } from '@/data/revisions/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

export interface SavePostInput {
  /** Set when updating an existing post. */
  id: string | null;
  payload: BlogPostPayload;
}

/**
 * INSERT a new post, or UPDATE every form field where id matches (and see that it did: an update
 * the caller's role no longer allows changes nothing and is refused, not reported as saved).
 */
export async function savePost({ id, payload }: SavePostInput): Promise<void> {
  const table = adminClient().from('blog_posts');
  if (id) await updatedRows(table.update(payload).eq('id', id).select('id'));
  else await dataOrThrow(table.insert(payload));
}

export function useSavePost() {
  return useInvalidatingMutation(savePost, [
    blogKeys.admin,
    blogKeys.public,
    // Each save keeps a revision.
    revisionKeys.all,
  ]);
}
