import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { dataOrThrow } from '@/lib/data-or-throw';
import { sitePageKeys } from '@/data/site-pages/keys';
import type { SitePage } from '@/data/site-pages/types';

/** One block page by id, for /admin/site-pages/{id} (null: no such page, or the link is wrong). */
export const sitePageQuery = (id: string) =>
  queryOptions({
    queryKey: [...sitePageKeys.page, id],
    queryFn: (): Promise<SitePage | null> =>
      dataOrThrow(adminClient().from('block_pages').select('*').eq('id', id).maybeSingle()),
  });
