import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { analyticsKeys } from '@/data/analytics/keys';
import { dataOrThrow } from '@/lib/data-or-throw';
import type { AnalyticsRange, AnalyticsUnit } from './analytics-range';
import { toSeriesPoints, type SeriesPoint } from './analytics-series';

/** Views, visitors and leads per day or week of the range, counted by the database in `timeZone`. */
export const analyticsSeriesQuery = (range: AnalyticsRange, unit: AnalyticsUnit, timeZone: string) =>
  queryOptions({
    queryKey: [...analyticsKeys.series, range.from, range.to, unit, timeZone],
    queryFn: async (): Promise<SeriesPoint[]> =>
      toSeriesPoints(
        await dataOrThrow(
          adminClient().rpc('analytics_series', {
            from_day: range.from,
            to_day: range.to,
            time_zone: timeZone,
            unit,
          }),
        ),
      ),
  });
