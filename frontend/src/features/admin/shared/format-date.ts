/** A stored time as the admin reads it (their locale's time zone). */
export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The admin's local day of a time, as YYYY-MM-DD (file names, date inputs). */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A stored time in the admin's time zone as "2026-12-06 14:03": what a spreadsheet reads as a
 * date and time (no T, zone letter or fractions of a second); '' for no time, the text as it
 * came when it is not a time.
 */
export function plainDateTime(value: string | null): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${localDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An instant as a datetime-local input shows it, in this browser's time zone ('' when invalid). */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (this browser's time zone) as a UTC instant; null when blank or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
