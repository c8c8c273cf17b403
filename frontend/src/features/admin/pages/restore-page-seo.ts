import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { PageSeo } from './page-seo';
import { pageSeoKeys } from '@/data/page-seo/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Puts a just-deleted page SEO record back as it was (same id and fields): the undo of a delete. */
export async function restorePageSeo(row: PageSeo): Promise<void> {
  await dataOrThrow(adminClient().from('page_seo_settings').insert(row));
}

export function useRestorePageSeo() {
  return useInvalidatingMutation(restorePageSeo, [pageSeoKeys.admin, pageSeoKeys.public]);
}
