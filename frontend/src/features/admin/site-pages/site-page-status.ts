import type { SitePage } from '@/data/site-pages/types';
import { addressSlug } from '@/features/admin/shared/address-slug';
import { fromLocalInput } from '@/features/admin/shared/format-date';

export type SitePageStatus = { label: 'Draft' } | { label: 'Live' } | { label: 'Scheduled'; at: string };

/** What the admin says of a page: live (published, its time come), scheduled (its time ahead) or a draft. */
export function sitePageStatus(page: Pick<SitePage, 'published' | 'publish_at'>, now = Date.now()): SitePageStatus {
  if (!page.published) return { label: 'Draft' };
  if (page.publish_at && new Date(page.publish_at).getTime() > now) return { label: 'Scheduled', at: page.publish_at };
  return { label: 'Live' };
}

/** The database's route pattern: `/`, or lower-case words joined by hyphens in segments. */
const ROUTE = /^(\/|(\/[a-z0-9]+(-[a-z0-9]+)*)+)$/;
export const MAX_ROUTE_LENGTH = 120;
export const MAX_NAME_LENGTH = 120;

/**
 * Why a route cannot be a page's, in the admin's words, or null. Only its form: routes the app
 * or another page holds are the database's to refuse (it names them).
 */
export function routeProblem(route: string): string | null {
  if (!route) return 'Enter the page’s address, starting with /.';
  if (route.length > MAX_ROUTE_LENGTH) return `The address must be at most ${MAX_ROUTE_LENGTH} characters.`;
  if (!ROUTE.test(route))
    return 'Use / then lower-case letters, digits and single hyphens, e.g. /webinar or /offers/spring-webinar.';
  return null;
}

/**
 * A page's address made from its name ("Spring Webinar & Q&A" → /spring-webinar-and-q-and-a):
 * accents dropped, "&" read as "and", as post addresses are made.
 */
export function routeFromName(name: string): string {
  return `/${addressSlug(name, MAX_ROUTE_LENGTH - 1)}`;
}

/** Why a schedule time cannot be used, or null. */
export function scheduleProblem(value: string, now = Date.now()): string | null {
  const at = fromLocalInput(value);
  if (!at) return 'Choose the date and time to publish at.';
  if (new Date(at).getTime() <= now) return 'The publish time has passed: choose a later time, or publish now.';
  return null;
}

/** The days the list's figures count: first and last included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** The longest range the figures are asked for (as analytics asks). */
const MAX_RANGE_DAYS = 731;

/** Why the database would refuse the range, in the admin's words; null when it is fine. */
export function dayRangeProblem(range: DayRange): string | null {
  if (!range.from || !range.to) return 'Choose a first and a last day.';
  if (range.to < range.from) return 'The last day is before the first day.';
  const days = Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
  if (days > MAX_RANGE_DAYS) return 'Choose at most two years.';
  return null;
}

/** Leads per view as the list shows it ("2.5%"; "—" without views: nothing to convert). */
export function formatConversion(leads: number, views: number): string {
  if (views <= 0) return '—';
  const rate = (leads / views) * 100;
  return rate >= 10 ? `${Math.round(rate)}%` : `${rate.toFixed(1)}%`;
}
