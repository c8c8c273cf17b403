import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminClient } from '../shared/admin-client';
import { PUBLIC_PAGE_SEO_KEY } from '../shared/public-keys';
import { adminPagesKey } from './pages-query';

export async function deletePageSeo(id: string): Promise<void> {
  const { error } = await adminClient().from('page_seo_settings').delete().eq('id', id);
  if (error) throw error;
}

export function useDeletePageSeo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePageSeo,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPagesKey }),
        queryClient.invalidateQueries({ queryKey: PUBLIC_PAGE_SEO_KEY }),
      ]),
  });
}
