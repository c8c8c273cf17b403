import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient, updatedRows } from '@/features/admin/shared/admin-client';
import { revisionKeys } from '@/data/revisions/keys';
import { sitePageKeys } from '@/data/site-pages/keys';

/**
 * DELETE a page (editors; never one of the site's own pages). A delete row-level security does
 * not allow matches no row: refused as a 42501 rather than reported as done.
 */
export async function deleteSitePage(id: string): Promise<void> {
  await updatedRows(adminClient().from('block_pages').delete().eq('id', id).select('id'));
}

export function useDeleteSitePage() {
  return useInvalidatingMutation(deleteSitePage, [
    sitePageKeys.admin,
    sitePageKeys.public,
    // The delete is a revision: the page can come back from it.
    revisionKeys.all,
  ]);
}
