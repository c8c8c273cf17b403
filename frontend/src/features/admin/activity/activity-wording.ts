import type { Tables } from '@/lib/database.types';
import { GLOSSARY } from '@/features/admin/shared/glossary';

export type ActivityEntry = Tables<'admin_activity'>;

/** What each action is called on the page, in the order the filter lists them. */
const ACTIONS: ReadonlyArray<readonly [string, string]> = [
  ['sign_in', 'Signed in'],
  ['sign_in_failed', 'Wrong passcode'],
  ['sign_in_locked', 'Locked out (too many attempts)'],
  ['sign_out', 'Signed out'],
  ['create', 'Created'],
  ['save', 'Saved'],
  ['delete', 'Deleted'],
  ['restore', 'Restored'],
  ['delete_forever', 'Deleted forever'],
  ['publish', 'Published'],
  ['schedule', 'Scheduled'],
  ['unpublish', 'Unpublished'],
  ['preview_create', 'Preview link created'],
  ['export', 'Exported'],
  ['media_upload', 'Image uploaded'],
  ['media_delete', 'Image deleted'],
  ['lead_update', 'Lead updated'],
  ['lead_note', 'Note added'],
  ['spam', 'Marked as spam'],
  ['not_spam', 'Restored from spam'],
  ['staff_invite', 'Staff member invited'],
  ['staff_role', 'Role changed'],
  ['staff_deactivate', 'Staff member deactivated'],
  ['staff_reactivate', 'Staff member reactivated'],
];
const ACTION_WORDING = new Map(ACTIONS);
const ACTION_ORDER = new Map(ACTIONS.map(([action], index) => [action, index]));

/** `some_new_action` → `Some new action`: actions added later still read as words. */
export function humanize(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

export function actionWording(action: string): string {
  return ACTION_WORDING.get(action) ?? humanize(action);
}

/** The filter's actions: the known ones in their usual order, then any others alphabetically. */
export function sortActions(actions: readonly string[]): string[] {
  return [...new Set(actions)].sort((a, b) => {
    const left = ACTION_ORDER.get(a) ?? Number.MAX_SAFE_INTEGER;
    const right = ACTION_ORDER.get(b) ?? Number.MAX_SAFE_INTEGER;
    return left - right || a.localeCompare(b);
  });
}

/** What kind of item an entry is about, and the admin page where it is managed. */
const ENTITIES: ReadonlyMap<string, { label: string; to?: string }> = new Map([
  ['session', { label: GLOSSARY.session }],
  ['blog_post', { label: 'Blog post', to: '/admin/blog' }],
  ['page_seo', { label: 'Page SEO', to: '/admin/pages' }],
  ['page_content', { label: 'Page content', to: '/admin/content' }],
  // Named "Category: Prior Authorization" (or Tag, Author): the title and description of its archive page.
  ['blog_taxonomy', { label: 'Archive SEO', to: '/admin/taxonomies' }],
  ['whitepaper', { label: 'Whitepaper', to: '/admin/whitepapers' }],
  ['media', { label: 'Image', to: '/admin/media' }],
  ['contact_lead', { label: 'Contact inquiry', to: '/admin/leads' }],
  ['whitepaper_lead', { label: 'Whitepaper lead', to: '/admin/leads' }],
  ['lead', { label: 'Lead', to: '/admin/leads' }],
  ['leads', { label: 'Leads', to: '/admin/leads' }],
  ['staff', { label: 'Staff member', to: '/admin/staff' }],
  // Named by the path it redirects from.
  ['redirect', { label: 'Redirect', to: '/admin/redirects' }],
]);

export interface ActivityItem {
  /** The kind of item ('Blog post'), or null when the entry names none. */
  kind: string | null;
  /** Its name as saved (a post's title, a page's route...). */
  name: string;
  /** The admin page where it is managed, if there is one. */
  to: string | null;
}

export function activityItem(entry: Pick<ActivityEntry, 'entity' | 'summary' | 'details' | 'action'>): ActivityItem {
  const known = entry.entity ? ENTITIES.get(entry.entity) : undefined;
  let name = entry.summary;
  const details = entry.details;
  if (entry.action === 'schedule' && details && typeof details === 'object' && !Array.isArray(details)) {
    const at = details.publish_at;
    if (typeof at === 'string') name = `${name} (for ${formatWhen(at)})`;
  }
  return {
    kind: entry.entity ? (known?.label ?? humanize(entry.entity)) : null,
    name,
    to: known?.to ?? null,
  };
}

/** Who did it: the person's name (their email beside it), or the passcode, or the server itself. */
export interface ActivityActor {
  name: string;
  /** The email of a person (when their name is not it already). */
  email: string | null;
}

export function activityActor(entry: Pick<ActivityEntry, 'actor_id' | 'actor_name' | 'actor_email'>): ActivityActor {
  const name = entry.actor_name?.trim() ?? '';
  const email = entry.actor_email?.trim() || null;
  if (name === 'passcode') return { name: 'Passcode', email: null };
  // Not a person (they have an account and an email): the server acting with its own key.
  if (name && !entry.actor_id && !email) return { name: 'System', email: null };
  if (!name) return { name: email ?? 'Unknown', email: null };
  return { name, email: email === name ? null : email };
}

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** A timestamp in the browser's time zone. */
export function formatWhen(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : WHEN.format(date);
}

/** A session id's first 8 characters (enough to tell sessions apart on one page). */
export function shortSession(sessionId: string | null): string {
  if (!sessionId) return '—';
  return sessionId.length > 8 ? sessionId.slice(0, 8) : sessionId;
}

export interface ActivityFilters {
  /** One action, or '' for all. */
  action: string;
  /** Local dates (yyyy-mm-dd), inclusive; '' for open-ended. */
  from: string;
  to: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a yyyy-mm-dd date (plus some days), or null when it is no real date. */
function localMidnight(date: string, addDays = 0): Date | null {
  const parts = DATE.exec(date);
  if (!parts) return null;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])];
  const value = new Date(year, month, day);
  if (value.getFullYear() !== year || value.getMonth() !== month || value.getDate() !== day) return null;
  value.setDate(day + addDays);
  return value;
}

/**
 * The filters' dates as an instant range: from the start of `from` to the end of `to` in the
 * browser's time zone ([since, until)), or the reason they cannot be used.
 */
export function dateRange(
  filters: Pick<ActivityFilters, 'from' | 'to'>,
): { since: string | null; until: string | null } | { error: string } {
  const since = filters.from ? localMidnight(filters.from) : null;
  const until = filters.to ? localMidnight(filters.to, 1) : null;
  if (filters.from && !since) return { error: 'The start date is not a valid date.' };
  if (filters.to && !until) return { error: 'The end date is not a valid date.' };
  if (since && until && since >= until) return { error: 'The start date is after the end date.' };
  return { since: since?.toISOString() ?? null, until: until?.toISOString() ?? null };
}
