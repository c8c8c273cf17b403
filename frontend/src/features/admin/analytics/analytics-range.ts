import { localIsoDate } from '@/lib/dates';

/** How the series groups the range: one point per day or per week (weeks start on Monday). */
export type AnalyticsUnit = 'day' | 'week';

/** The days shown, first and last included (YYYY-MM-DD in the admin's time zone). */
export interface AnalyticsRange {
  from: string;
  to: string;
}

export const PERIODS = [
  { value: '7', days: 7, label: 'Last 7 days' },
  { value: '30', days: 30, label: 'Last 30 days' },
  { value: '90', days: 90, label: 'Last 90 days' },
] as const;

export type PeriodValue = (typeof PERIODS)[number]['value'] | 'custom';

/** The longest range the database answers for (analytics_window). */
export const MAX_RANGE_DAYS = 731;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day `days` days after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return localIsoDate(new Date(year, month - 1, date + days));
}

/** The last `days` days, today included. */
export function lastDays(days: number, today: string): AnalyticsRange {
  return { from: addDays(today, 1 - days), to: today };
}

/** Days in the range, first and last included. */
export function rangeDays(range: AnalyticsRange): number {
  return Math.round((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS) + 1;
}

/** Why the database would refuse the range, in the admin's words; null when it is fine. */
export function rangeProblem(range: AnalyticsRange): string | null {
  if (!range.from || !range.to) return 'Choose a first and a last day.';
  if (range.to < range.from) return 'The last day is before the first day.';
  if (rangeDays(range) > MAX_RANGE_DAYS) return 'Choose at most two years.';
  return null;
}

/** The time zone the admin's days are counted in ("America/Chicago"). */
export function adminTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
