import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { analyticsKeys } from '@/data/analytics/keys';
import { dataOrThrow } from '@/lib/data-or-throw';
import type { AnalyticsRange } from './analytics-range';

/** Averages are null when no page exit was recorded (nothing to average). */
interface Averages {
  /** Seconds. */
  avg_time_on_page: number | null;
  /** Percent. */
  avg_scroll_depth: number | null;
}

interface Traffic {
  views: number;
  visitors: number;
}

interface Sighting {
  views: number;
  /** When it was last seen (a stored time). */
  last_seen: string;
}

/** What analytics_breakdown answers (see its migration, 20261206000200_analytics_series.sql). */
export interface AnalyticsBreakdown {
  totals: Traffic & Averages & { leads: number };
  /** The most viewed real pages, most viewed first. */
  pages: (Traffic & Averages & { path: string })[];
  /** Referring sites ('' for direct visits), most visitors first. */
  sources: (Traffic & { source: string })[];
  devices: { label: string; views: number }[];
  browsers: { label: string; views: number }[];
  /** Paths that showed the not-found page. */
  not_found: (Sighting & { path: string })[];
  /** Crawlers and scripts, by name. */
  bots: (Sighting & { name: string })[];
}

/** The range's totals and lists, counted by the database in `timeZone`; bots and pages not found apart. */
export const analyticsBreakdownQuery = (range: AnalyticsRange, timeZone: string) =>
  queryOptions({
    queryKey: [...analyticsKeys.breakdown, range.from, range.to, timeZone],
    queryFn: async (): Promise<AnalyticsBreakdown> =>
      (await dataOrThrow(
        adminClient().rpc('analytics_breakdown', { from_day: range.from, to_day: range.to, time_zone: timeZone }),
      )) as unknown as AnalyticsBreakdown,
  });
