import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { blogKeys } from '@/data/blog/keys';
import { revisionKeys } from '@/data/revisions/keys';

export async function deletePost(id: string): Promise<void> {
  const { error } = await adminClient().from('blog_posts').delete().eq('id', id);
  if (error) throw error;
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blogKeys.admin }),
        queryClient.invalidateQueries({ queryKey: blogKeys.public }),
        // The delete is a revision: the post can come back from it.
        queryClient.invalidateQueries({ queryKey: revisionKeys.all }),
      ]),
  });
}
