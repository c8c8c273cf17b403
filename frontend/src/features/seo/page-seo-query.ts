import { queryOptions } from '@tanstack/react-query';
import type { PageSeoRecord } from '@/data/page-seo/types';
import { pageSeoKeys } from '@/data/page-seo/keys';

/** SEO records change rarely: cached for 5 minutes (spec §9). */
export const PAGE_SEO_STALE_TIME_MS = 5 * 60 * 1000;

/** The SEO record of one route, or null when it has none. */
export function pageSeoQuery(route: string) {
  return queryOptions({
    queryKey: [...pageSeoKeys.public, route],
    queryFn: async (): Promise<PageSeoRecord | null> => {
      const { supabase } = await import('@/lib/supabase');
      const { data, error } = await supabase
        .from('page_seo_settings')
        .select('*')
        .eq('page_route', route)
        .maybeSingle<PageSeoRecord>();
      if (error) throw new Error(`Page SEO for ${route} failed to load: ${error.message}`);
      return data;
    },
    staleTime: PAGE_SEO_STALE_TIME_MS,
  });
}
