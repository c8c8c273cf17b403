import type { AnalyticsUnit } from './analytics-range';

/** Shown for a figure there is nothing to compute from (no visitors, no recorded page exits). */
export const NO_DATA = '—';

/** A count with thousands separators. */
export const formatCount = (value: number) => value.toLocaleString('en-US');

/**
 * A time on page: seconds under a minute ("42 s"), minutes and seconds under ten minutes
 * ("3 min 5 s"), whole minutes after that ("12 min", "1 h 4 min").
 */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return NO_DATA;
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total} s`;
  if (total < 600) {
    const rest = total % 60;
    return rest === 0 ? `${Math.floor(total / 60)} min` : `${Math.floor(total / 60)} min ${rest} s`;
  }
  const minutes = Math.round(total / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

/** A whole percent ("76%"). */
export function formatPercent(value: number | null): string {
  return value === null ? NO_DATA : `${Math.round(value)}%`;
}

/** Leads per 100 visitors; null without visitors (nothing to convert). */
export function conversionRate(leads: number, visitors: number): number | null {
  return visitors > 0 ? (leads / visitors) * 100 : null;
}

/** A conversion rate: one decimal under 10% ("2.5%"), whole percents above. */
export function formatConversion(rate: number | null): string {
  if (rate === null) return NO_DATA;
  if (rate >= 10) return `${Math.round(rate)}%`;
  return `${Number(rate.toFixed(1))}%`;
}

const dayOf = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);

/** A period by its first day: "Mar 2", or "Week of Mar 2". */
export function periodLabel(start: string, unit: AnalyticsUnit): string {
  const day = dayOf(start).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return unit === 'week' ? `Week of ${day}` : day;
}

/** A day in full: "Monday, March 2, 2026". */
export function longDay(isoDay: string): string {
  return dayOf(isoDay).toLocaleDateString('en-US', { dateStyle: 'full', timeZone: 'UTC' });
}

/** Where visitors came from: the referring site, or 'Direct' (typed, bookmarked, or unknown). */
export const sourceLabel = (source: string) => source || 'Direct';

/** A time zone as people say it ("Central Time"), else (no name known, only an offset) its IANA name. */
export function timeZoneName(zone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts();
    const name = parts.find((part) => part.type === 'timeZoneName')?.value;
    return name && !name.startsWith('GMT') ? name : zone;
  } catch {
    return zone;
  }
}
