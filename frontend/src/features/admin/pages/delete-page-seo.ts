import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { PageSeo } from './page-seo';
import { pageSeoKeys } from '@/data/page-seo/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Deletes a page SEO record and hands back the deleted row, so the undo toast can restore it. */
export async function deletePageSeo(id: string): Promise<PageSeo | null> {
  const data = await dataOrThrow(adminClient().from('page_seo_settings').delete().eq('id', id).select());
  return data[0] ?? null;
}

export function useDeletePageSeo() {
  return useInvalidatingMutation(deletePageSeo, [pageSeoKeys.admin, pageSeoKeys.public]);
}
