import type { NotFoundReportRow } from '@/data/redirects/types';

/** Who asked for a missing address: a person following a link, a known crawler, or a script probing for files. */
export const NOT_FOUND_KINDS = ['page', 'bot', 'probe'] as const;
export type NotFoundKind = (typeof NOT_FOUND_KINDS)[number];

export const KIND_LABELS: Readonly<Record<NotFoundKind, string>> = {
  page: 'Visitor',
  bot: 'Bot',
  probe: 'Probe',
};

/** One path of the 404 log. */
export interface NotFoundEntry {
  path: string;
  hits: number;
  firstSeen: string | null;
  lastSeen: string | null;
  referrer: string | null;
  kind: NotFoundKind;
  /** The redirect that now sends this path elsewhere, if one does. */
  redirectId: string | null;
}

const isKind = (value: string | null): value is NotFoundKind =>
  value !== null && (NOT_FOUND_KINDS as readonly string[]).includes(value);

/** A not_found_report row (its columns nullable in the generated types); one without a path is left out. */
export function toNotFoundEntry(row: NotFoundReportRow): NotFoundEntry | null {
  if (!row.path) return null;
  return {
    path: row.path,
    hits: row.hits ?? 0,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    referrer: row.last_referrer,
    kind: isKind(row.kind) ? row.kind : 'page',
    redirectId: row.redirect_id,
  };
}

/** What the log shows: visitors' misses (the default: bots and probes are mostly noise), one kind, or everything. */
export type NotFoundFilter = NotFoundKind | 'all';

export const FILTER_LABELS: Readonly<Record<NotFoundFilter, string>> = {
  page: 'Visitors',
  bot: 'Bots',
  probe: 'Probes',
  all: 'Everything',
};

export function filterNotFound(entries: readonly NotFoundEntry[], filter: NotFoundFilter): NotFoundEntry[] {
  return filter === 'all' ? [...entries] : entries.filter((entry) => entry.kind === filter);
}

/** How many entries of each kind (for the filter's options). */
export function countByKind(entries: readonly NotFoundEntry[]): Record<NotFoundFilter, number> {
  const counts: Record<NotFoundFilter, number> = { page: 0, bot: 0, probe: 0, all: entries.length };
  for (const entry of entries) counts[entry.kind] += 1;
  return counts;
}

/** The log's order: the paths asked for most first, or the most recently asked for first. */
export type NotFoundSort = 'hits' | 'recent';

export function sortNotFound(entries: readonly NotFoundEntry[], sort: NotFoundSort): NotFoundEntry[] {
  const recent = (a: NotFoundEntry, b: NotFoundEntry) => (b.lastSeen ?? '').localeCompare(a.lastSeen ?? '');
  return [...entries].sort((a, b) =>
    sort === 'hits' ? b.hits - a.hits || recent(a, b) : recent(a, b) || b.hits - a.hits,
  );
}
