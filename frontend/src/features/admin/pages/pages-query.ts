import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { PageSeo } from './page-seo';
import { pageSeoKeys } from '@/data/page-seo/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Admin page list: every page_seo_settings row by page name. */
export const adminPagesQuery = () =>
  queryOptions({
    queryKey: pageSeoKeys.admin,
    queryFn: (): Promise<PageSeo[]> =>
      dataOrThrow(adminClient().from('page_seo_settings').select('*').order('page_name', { ascending: true })),
  });
