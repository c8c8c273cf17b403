import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { dataOrThrow } from '@/lib/data-or-throw';
import { sitePageKeys } from '@/data/site-pages/keys';
import type { SitePage } from '@/data/site-pages/types';

/** Every block page the caller may read (staff read all), by name. */
export const sitePagesQuery = () =>
  queryOptions({
    queryKey: [...sitePageKeys.admin, 'list'],
    queryFn: (): Promise<SitePage[]> =>
      dataOrThrow(adminClient().from('block_pages').select('*').order('name', { ascending: true })),
  });
