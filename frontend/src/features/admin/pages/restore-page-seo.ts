import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { PageSeo } from './page-seo';
import { pageSeoKeys } from '@/data/page-seo/keys';

/** Puts a just-deleted page SEO record back as it was (same id and fields): the undo of a delete. */
export async function restorePageSeo(row: PageSeo): Promise<void> {
  const { error } = await adminClient().from('page_seo_settings').insert(row);
  if (error) throw error;
}

export function useRestorePageSeo() {
  return useInvalidatingMutation(restorePageSeo, [pageSeoKeys.admin, pageSeoKeys.public]);
}
