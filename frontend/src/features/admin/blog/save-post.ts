import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { BlogPostPayload } from './blog-post';
import { blogKeys } from '@/data/blog/keys';
import { revisionKeys } from '@/data/revisions/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

export interface SavePostInput {
  /** Set when updating an existing post. */
  id: string | null;
  payload: BlogPostPayload;
}

/** INSERT a new post, or UPDATE every form field where id matches. */
export async function savePost({ id, payload }: SavePostInput): Promise<void> {
  const table = adminClient().from('blog_posts');
  await dataOrThrow(id ? table.update(payload).eq('id', id) : table.insert(payload));
}

export function useSavePost() {
  return useInvalidatingMutation(savePost, [
    blogKeys.admin,
    blogKeys.public,
    // Each save keeps a revision.
    revisionKeys.all,
  ]);
}
