import type { Redirect } from './redirect-form';

/** A count of hits with thousands separators ("1,204"). */
export const formatHits = (hits: number) => hits.toLocaleString('en-US');

/** The rules whose old or new address, or note, contains `text` (any case). */
export function findRedirects(rules: readonly Redirect[], text: string): Redirect[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [...rules];
  return rules.filter((rule) =>
    [rule.source, rule.target ?? '', rule.note].some((value) => value.toLowerCase().includes(wanted)),
  );
}

/**
 * A time in a table cell, short: "Dec 5, 10:00 AM" this year, "Dec 5, 2025" before (the admin's
 * time zone); the text as it came when it is not a time.
 */
export function formatWhen(value: string, now = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.getFullYear() === now.getFullYear()
    ? date.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** Where a visitor came from, short: the address without its scheme and "www.", cut at 48 characters. */
export function referrerLabel(referrer: string): string {
  const bare = referrer.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  return bare.length > 48 ? `${bare.slice(0, 47)}…` : bare;
}
