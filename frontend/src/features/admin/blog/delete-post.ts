import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { PUBLIC_BLOG_KEY } from '@/features/admin/shared/public-keys';
import { adminPostsKey } from './posts-query';
import { revisionsKey } from '@/features/admin/shared/revisions/revisions-query';

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
        queryClient.invalidateQueries({ queryKey: adminPostsKey }),
        queryClient.invalidateQueries({ queryKey: PUBLIC_BLOG_KEY }),
        // The delete is a revision: the post can come back from it.
        queryClient.invalidateQueries({ queryKey: revisionsKey }),
      ]),
  });
}
