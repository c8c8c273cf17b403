/** The leads list's filters: what they ask each table for, their problems, and their summary. */
import type { LeadSource, LeadStatus } from '@/features/leads/model/lead-types';

/** The inbox (leads not flagged as spam) or the Spam view. */
export type LeadView = 'inbox' | 'spam';

export interface LeadFilters {
  view: LeadView;
  status: LeadStatus | 'all';
  source: LeadSource | 'all';
  /** First and last day received (YYYY-MM-DD, in the admin's time zone), or ''. */
  from: string;
  to: string;
}

export const DEFAULT_FILTERS: LeadFilters = { view: 'inbox', status: 'all', source: 'all', from: '', to: '' };

/** What one table's query asks the database for. */
export interface LeadQueryParams {
  spam: boolean;
  status: LeadStatus | null;
  /** Received at or after (ISO instant). */
  since: string | null;
  /** Received before (ISO instant). */
  before: string | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a YYYY-MM-DD day, `offset` days later; null when it is not a date. */
function localMidnight(day: string, offset = 0): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day0 = new Date(year, month - 1, date);
  // new Date rolls 2026-02-31 over into March: not a day anyone picked.
  if (day0.getFullYear() !== year || day0.getMonth() !== month - 1 || day0.getDate() !== date) return null;
  return offset === 0 ? day0 : new Date(year, month - 1, date + offset);
}

/** Why the filters cannot be applied (shown next to them), or null. */
export function filtersProblem(filters: LeadFilters): string | null {
  if (filters.from && !localMidnight(filters.from)) return 'The start date is not a valid date.';
  if (filters.to && !localMidnight(filters.to)) return 'The end date is not a valid date.';
  if (filters.from && filters.to && filters.from > filters.to) return 'The start date is after the end date.';
  return null;
}

/**
 * The query of one table under the filters, or null when the source filter leaves that table out.
 * The day range is inclusive and in the admin's time zone: from its first midnight to the
 * midnight after the last day.
 */
export function leadQueryParams(filters: LeadFilters, source: LeadSource): LeadQueryParams | null {
  if (filters.source !== 'all' && filters.source !== source) return null;
  const since = filters.from ? localMidnight(filters.from) : null;
  const before = filters.to ? localMidnight(filters.to, 1) : null;
  return {
    spam: filters.view === 'spam',
    status: filters.status === 'all' ? null : filters.status,
    since: since ? since.toISOString() : null,
    before: before ? before.toISOString() : null,
  };
}

/** Whether anything beyond the view narrows the list (the search included). */
export function isNarrowed(filters: LeadFilters, search: string): boolean {
  return (
    search.trim() !== '' ||
    filters.status !== DEFAULT_FILTERS.status ||
    filters.source !== DEFAULT_FILTERS.source ||
    filters.from !== '' ||
    filters.to !== ''
  );
}

/** The filters as recorded with an export in the activity log (only those that narrow). */
export function filtersSummary(filters: LeadFilters, search: string): Record<string, string> {
  const summary: Record<string, string> = { view: filters.view };
  if (filters.status !== 'all') summary.status = filters.status;
  if (filters.source !== 'all') summary.source = filters.source;
  if (filters.from) summary.from = filters.from;
  if (filters.to) summary.to = filters.to;
  if (search.trim()) summary.search = search.trim();
  return summary;
}
