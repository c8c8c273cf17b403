import { formatInstantLong } from '@/lib/dates';

/** A timestamp (ISO 8601) as an en-US long date of its UTC day ("January 10, 2024"); '' when unreadable. */
export function formatPostDate(timestamp: string | null | undefined): string {
  if (!timestamp) return '';
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : formatInstantLong(date);
}

/** "5" or "5 min" as the card's "5 min read". */
export function formatReadTime(readTime: string | number | null | undefined): string {
  const text = String(readTime ?? '').trim() || '5';
  return /^\d+$/.test(text) ? `${text} min read` : text;
}
