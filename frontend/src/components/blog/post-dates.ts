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

/** When a post went (or goes) on the site: its scheduled time when it had one, else when it was created. */
export function postPublishedAt(post: { publish_at?: string | null; created_at: string }): string {
  return post.publish_at || post.created_at;
}
