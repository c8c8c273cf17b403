import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient, updatedRows } from '@/features/admin/shared/admin-client';
import { pageSeoKeys } from '@/data/page-seo/keys';
import { revisionKeys } from '@/data/revisions/keys';
import { sitePageKeys } from '@/data/site-pages/keys';
import type { SitePage, SitePagePayload } from '@/data/site-pages/types';

export interface SaveSitePageInput {
  id: string;
  payload: SitePagePayload;
}

/**
 * UPDATE a page and hand back the stored row (its updated_at and, after a publish, its state). An
 * update the caller's role does not allow changes no row and is refused as a 42501, not reported
 * as saved; a bad block is refused whole by the database (22023, naming the block and field).
 */
export async function saveSitePage({ id, payload }: SaveSitePageInput): Promise<SitePage> {
  const [row] = await updatedRows(adminClient().from('block_pages').update(payload).eq('id', id).select('*'));
  return row as SitePage;
}

export function useSaveSitePage() {
  return useInvalidatingMutation(saveSitePage, [
    sitePageKeys.admin,
    sitePageKeys.public,
    // A route change moves the page's SEO row with it.
    pageSeoKeys.admin,
    // Each save keeps a revision.
    revisionKeys.all,
  ]);
}
