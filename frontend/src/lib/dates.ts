/**
 * Dates as the site shows them ("January 10, 2024", spec §9 en-US long form), computed without
 * Intl so that the server renderer (an embedded JavaScript engine without Intl), the build's
 * prerender and the browser write exactly the same text, and a hydrated page never differs from
 * the server's HTML. Instants are shown in UTC for the same reason: the server cannot know the
 * viewer's time zone.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function longForm(year: number, monthIndex: number, day: number): string {
  return `${MONTHS[monthIndex] ?? ''} ${day}, ${year}`;
}

/** A date-only ISO string ("2024-01-10") in en-US long form, read as a calendar day. */
export function formatIsoDateLong(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  if (!match || month < 1 || month > 12 || day < 1 || day > 31) {
    throw new Error(`Not an ISO calendar date: ${isoDate}`);
  }
  return longForm(Number(match[1]), month - 1, day);
}

/** The UTC calendar day of an instant in en-US long form. */
export function formatInstantLong(date: Date): string {
  return longForm(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "2024-01-10": the viewer's local calendar day of `date`. */
export function localIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "2024-01-10": the UTC calendar day of `date`. */
export function utcIsoDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}
