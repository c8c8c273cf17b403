import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { pageSeoKeys } from '@/data/page-seo/keys';
import { revisionKeys } from '@/data/revisions/keys';
import { dataOrThrow } from '@/lib/data-or-throw';
import { sitePageKeys } from '@/data/site-pages/keys';

export interface CreateSitePageInput {
  name: string;
  route: string;
}

/**
 * INSERT an empty draft page; resolves to its id. The database refuses a route another page or
 * the app's own pages hold, with the message the dialog shows as it is.
 */
export async function createSitePage({ name, route }: CreateSitePageInput): Promise<string> {
  const created = await dataOrThrow(
    adminClient().from('block_pages').insert({ name, route, blocks: [] }).select('id').single(),
  );
  return created.id;
}

export function useCreateSitePage() {
  return useInvalidatingMutation(createSitePage, [
    sitePageKeys.admin,
    // The page gets its page_seo_settings row (Page SEO and Webpage Edit list it).
    pageSeoKeys.admin,
    revisionKeys.all,
  ]);
}
