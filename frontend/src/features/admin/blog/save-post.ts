import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { BlogPostPayload } from './blog-post';
import { blogKeys } from '@/data/blog/keys';
import { revisionKeys } from '@/data/revisions/keys';

export interface SavePostInput {
  /** Set when updating an existing post. */
  id: string | null;
  payload: BlogPostPayload;
}

/** INSERT a new post, or UPDATE every form field where id matches. */
export async function savePost({ id, payload }: SavePostInput): Promise<void> {
  const table = adminClient().from('blog_posts');
  const { error } = id ? await table.update(payload).eq('id', id) : await table.insert(payload);
  if (error) throw error;
}

export function useSavePost() {
  return useInvalidatingMutation(savePost, [
    blogKeys.admin,
    blogKeys.public,
    // Each save keeps a revision.
    revisionKeys.all,
  ]);
}
