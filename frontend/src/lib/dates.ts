const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/** A calendar date in en-US long form ("January 10, 2024"), in the viewer's time zone. */
export function formatLongDate(date: Date): string {
  return date.toLocaleDateString('en-US', LONG_DATE);
}

/**
 * A date-only ISO string ("2024-01-10") in en-US long form. The date is read as a
 * calendar day, so it never moves a day back or forward in a western time zone.
 */
export function formatIsoDateLong(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`Not an ISO calendar date: ${isoDate}`);
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.toLocaleDateString('en-US', { ...LONG_DATE, timeZone: 'UTC' });
}
