import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { PUBLIC_PAGE_SEO_KEY } from '@/features/admin/shared/public-keys';
import type { PageSeoPayload } from './page-seo';
import { adminPagesKey } from './pages-query';
import { revisionsKey } from '@/features/admin/shared/revisions/revisions-query';

export interface SavePageSeoInput {
  id: string | null;
  payload: PageSeoPayload;
}

/** INSERT a page SEO record, or UPDATE it where id matches. */
export async function savePageSeo({ id, payload }: SavePageSeoInput): Promise<void> {
  const table = adminClient().from('page_seo_settings');
  const { error } = id ? await table.update(payload).eq('id', id) : await table.insert(payload);
  if (error) throw error;
}

export function useSavePageSeo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePageSeo,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPagesKey }),
        // Each save keeps a revision.
        queryClient.invalidateQueries({ queryKey: revisionsKey }),
        queryClient.invalidateQueries({ queryKey: PUBLIC_PAGE_SEO_KEY }),
      ]),
  });
}
