import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { PageSeoPayload } from './page-seo';
import { pageSeoKeys } from '@/data/page-seo/keys';
import { revisionKeys } from '@/data/revisions/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

export interface SavePageSeoInput {
  id: string | null;
  payload: PageSeoPayload;
}

/** INSERT a page SEO record, or UPDATE it where id matches. */
export async function savePageSeo({ id, payload }: SavePageSeoInput): Promise<void> {
  const table = adminClient().from('page_seo_settings');
  await dataOrThrow(id ? table.update(payload).eq('id', id) : table.insert(payload));
}

export function useSavePageSeo() {
  return useInvalidatingMutation(savePageSeo, [
    pageSeoKeys.admin,
    // Each save keeps a revision.
    revisionKeys.all,
    pageSeoKeys.public,
  ]);
}
