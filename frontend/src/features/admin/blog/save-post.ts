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
 * Resolves to the post's id.
 */
export async function savePost({ id, payload }: SavePostInput): Promise<string> {
  const table = adminClient().from('blog_posts');
  if (id) {
    await updatedRows(table.update(payload).eq('id', id).select('id'));
    return id;
  }
  const created = await dataOrThrow(table.insert(payload).select('id').single());
  return created.id;
}

export function useSavePost() {
  return useInvalidatingMutation(savePost, [
    blogKeys.admin,
    blogKeys.public,
    // Each save keeps a revision.
    revisionKeys.all,
  ]);
}
