import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { dataOrThrow } from '@/lib/data-or-throw';
import { tableRows } from '@/lib/table-rows';
import { sitePageKeys } from '@/data/site-pages/keys';
import type { SitePageStats } from '@/data/site-pages/types';

/** Views, leads and conversion of every block page over a range of days (staff only). */
export const sitePageStatsQuery = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...sitePageKeys.stats, range.from, range.to],
    queryFn: async (): Promise<SitePageStats[]> => {
      const data = await dataOrThrow(
        adminClient().rpc('block_page_stats', { from_date: range.from, to_date: range.to }),
      );
      return tableRows(data, ['id', 'route', 'name', 'views', 'leads', 'conversion_rate']);
    },
  });
