import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { periodStart, type AnalyticsRow } from './analytics-summary';
import { analyticsKeys } from '@/data/analytics/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** At most this many page views are summarised per period. */
export const ANALYTICS_ROW_LIMIT = 10_000;

/** Page views of the last `days` days, newest first. */
export const analyticsQuery = (days: number) =>
  queryOptions({
    queryKey: [...analyticsKeys.admin, days],
    queryFn: (): Promise<AnalyticsRow[]> =>
      dataOrThrow(
        adminClient()
          .from('page_analytics')
          .select('session_id, page_path, referrer, device_type, browser, visited_at, time_on_page, scroll_depth')
          .gte('visited_at', periodStart(days))
          .order('visited_at', { ascending: false })
          .limit(ANALYTICS_ROW_LIMIT),
      ),
  });
