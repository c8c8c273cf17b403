import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { PageSeo } from './page-seo';
import { pageSeoKeys } from '@/data/page-seo/keys';

/** Admin page list: every page_seo_settings row by page name. */
export const adminPagesQuery = () =>
  queryOptions({
    queryKey: pageSeoKeys.admin,
    queryFn: async (): Promise<PageSeo[]> => {
      const { data, error } = await adminClient()
        .from('page_seo_settings')
        .select('*')
        .order('page_name', { ascending: true });
      if (error) throw error;
      return data;
    },
  });
