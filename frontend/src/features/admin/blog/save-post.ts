import { useMutation, useQueryClient } from '@tanstack/react-query';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blogKeys.admin }),
        queryClient.invalidateQueries({ queryKey: blogKeys.public }),
        // Each save keeps a revision.
        queryClient.invalidateQueries({ queryKey: revisionKeys.all }),
      ]),
  });
}
