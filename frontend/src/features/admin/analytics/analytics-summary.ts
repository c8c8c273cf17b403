/** The page_analytics columns the dashboard reads. */
export interface AnalyticsRow {
  session_id: string;
  page_path: string;
  referrer: string | null;
  device_type: string | null;
  browser: string | null;
  visited_at: string;
  time_on_page: number;
  scroll_depth: number;
}

export interface PageStats {
  path: string;
  views: number;
  sessions: number;
  /** Seconds, rounded. */
  avgTimeOnPage: number;
  /** Percent, rounded. */
  avgScrollDepth: number;
}

export interface Count {
  label: string;
  count: number;
}

export interface AnalyticsSummary {
  views: number;
  sessions: number;
  avgTimeOnPage: number;
  avgScrollDepth: number;
  pages: PageStats[];
  referrers: Count[];
  devices: Count[];
  browsers: Count[];
}

export const PERIODS = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
] as const;

/** ISO time `days` days before `now`. */
export function periodStart(days: number, now: Date = new Date()): string {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
}

const average = (values: readonly number[]) =>
  values.length === 0 ? 0 : Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);

/** The host of a referrer URL; empty or unparsable referrers count as 'Direct'. */
export function referrerLabel(referrer: string | null): string {
  const text = referrer?.trim() ?? '';
  if (text === '') return 'Direct';
  try {
    return new URL(text).host || 'Direct';
  } catch {
    return text;
  }
}

function counts(labels: readonly string[], limit?: number): Count[] {
  const map = new Map<string, number>();
  for (const label of labels) map.set(label, (map.get(label) ?? 0) + 1);
  const sorted = [...map]
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return limit === undefined ? sorted : sorted.slice(0, limit);
}

/** Aggregates page views: per page (most viewed first), top referrers, devices, browsers. */
export function summarize(rows: readonly AnalyticsRow[]): AnalyticsSummary {
  const byPage = new Map<string, AnalyticsRow[]>();
  for (const row of rows) {
    const list = byPage.get(row.page_path);
    if (list) list.push(row);
    else byPage.set(row.page_path, [row]);
  }
  const pages = [...byPage].map(([path, list]) => ({
    path,
    views: list.length,
    sessions: new Set(list.map((row) => row.session_id)).size,
    avgTimeOnPage: average(list.map((row) => row.time_on_page)),
    avgScrollDepth: average(list.map((row) => Math.min(100, row.scroll_depth))),
  }));
  pages.sort((a, b) => b.views - a.views || a.path.localeCompare(b.path));
  return {
    views: rows.length,
    sessions: new Set(rows.map((row) => row.session_id)).size,
    avgTimeOnPage: average(rows.map((row) => row.time_on_page)),
    avgScrollDepth: average(rows.map((row) => Math.min(100, row.scroll_depth))),
    pages,
    referrers: counts(
      rows.map((row) => referrerLabel(row.referrer)),
      10,
    ),
    devices: counts(rows.map((row) => row.device_type ?? 'unknown')),
    browsers: counts(rows.map((row) => row.browser ?? 'Unknown')),
  };
}
