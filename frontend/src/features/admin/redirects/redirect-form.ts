import type { RedirectInsert, RedirectRow } from '@/data/redirects/types';

export const MATCH_TYPES = ['exact', 'prefix'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export const STATUS_CODES = [301, 302, 410] as const;
export type StatusCode = (typeof STATUS_CODES)[number];

/** How each kind of rule is named on screen. */
export const MATCH_LABELS: Readonly<Record<MatchType, string>> = {
  exact: 'This address only',
  prefix: 'Everything under it',
};
export const STATUS_LABELS: Readonly<Record<StatusCode, string>> = {
  301: '301 Moved for good',
  302: '302 Moved for now',
  410: '410 Gone',
};
/** The same, short enough for a table cell. */
export const STATUS_SHORT_LABELS: Readonly<Record<StatusCode, string>> = {
  301: '301 Permanent',
  302: '302 Temporary',
  410: '410 Gone',
};

/** A redirect rule as the screen shows it (the row's loose columns narrowed). */
export interface Redirect {
  id: string;
  source: string;
  match: MatchType;
  target: string | null;
  status: StatusCode;
  note: string;
  automatic: boolean;
  hits: number;
  lastHitAt: string | null;
  createdAt: string;
}

const isMatchType = (value: string): value is MatchType => (MATCH_TYPES as readonly string[]).includes(value);
const isStatusCode = (value: number): value is StatusCode => (STATUS_CODES as readonly number[]).includes(value);

/** A redirects row for the screen; a value the database's checks would not allow reads as the default. */
export function toRedirect(row: RedirectRow): Redirect {
  return {
    id: row.id,
    source: row.source_path,
    match: isMatchType(row.match_type) ? row.match_type : 'exact',
    target: row.target,
    status: isStatusCode(row.status_code) ? row.status_code : 301,
    note: row.note ?? '',
    automatic: row.automatic,
    hits: row.hits,
    lastHitAt: row.last_hit_at,
    createdAt: row.created_at,
  };
}

/** The create/edit form as its inputs hold it. */
export interface RedirectFormValues {
  source: string;
  match: MatchType;
  status: StatusCode;
  target: string;
  note: string;
}

export const EMPTY_REDIRECT_FORM: RedirectFormValues = {
  source: '',
  match: 'exact',
  status: 301,
  target: '',
  note: '',
};

export function redirectToForm(redirect: Redirect): RedirectFormValues {
  return {
    source: redirect.source,
    match: redirect.match,
    status: redirect.status,
    target: redirect.target ?? '',
    note: redirect.note,
  };
}

/** The form for a path of the 404 log: a permanent redirect of exactly that address, its target to be chosen. */
export function notFoundToForm(path: string): RedirectFormValues {
  return { ...EMPTY_REDIRECT_FORM, source: path };
}

/** The database's limits (redirects' checks). */
export const SOURCE_MAX = 1000;
export const TARGET_MAX = 2000;
export const NOTE_MAX = 500;

/*
 * The checks below mirror the database's (private.redirect_source_problem, redirect_target_problem
 * and redirect_check in 20261206000700_redirects.sql), in its words, so the form says before the
 * round trip what the database would answer. The database stays the judge: it also sees loops
 * through other rules.
 */

/**
 * Characters no rule may hold: whitespace (Unicode's too), control characters, zero-width and
 * direction marks, and the backslash (browsers read '\' as '/').
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const BAD_CHARACTERS = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\\]/;
/** A full http(s) address with a host (no user@ part), as exact rules may send visitors to. */
const ABSOLUTE_URL =
  /^https?:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?([/?#]|$)/i;
/** Paths the server answers itself, which no rule may take over. */
const RESERVED_SECTIONS = /^\/(admin|auth|rest|storage|functions|realtime|assets|preview)(\/|$)/;
const RESERVED_FILES: readonly string[] = ['/robots.txt', '/sitemap.xml', '/rss.xml', '/healthz', '/readyz'];

/**
 * The key an exact rule matches a path by: without ?query and #fragment, without a trailing '/'
 * (except '/' itself), lower-case.
 */
export function exactKey(path: string): string {
  const bare = (path.split(/[?#]/, 1)[0] ?? '').toLowerCase().replace(/\/+$/, '');
  return bare === '' ? '/' : bare;
}

/** A source as the database stores it: trimmed; an exact rule without its trailing '/', a prefix rule with one. */
export function normalizeSource(source: string, match: MatchType): string {
  const trimmed = source.trim();
  if (match === 'prefix') return trimmed === '' || trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
  return trimmed === '' ? trimmed : trimmed.replace(/\/+$/, '') || '/';
}

function sourceProblem(source: string): string | null {
  if (!source) return 'A redirect needs the path it redirects from, such as /old-page.';
  if (source.length > SOURCE_MAX) return `The path to redirect from is too long: ${SOURCE_MAX} characters at most.`;
  if (!source.startsWith('/') || source.startsWith('//')) {
    return 'The path to redirect from must start with a single /, such as /old-page (not a full https:// address).';
  }
  if (BAD_CHARACTERS.test(source)) {
    return 'The path to redirect from cannot contain spaces, control characters or a backslash.';
  }
  if (/[?#]/.test(source)) return 'The path to redirect from cannot contain ? or #: redirects match the path only.';
  if (/(^|\/)\.\.?(\/|$)/.test(source)) return 'The path to redirect from cannot contain /./ or /../ steps.';
  const key = exactKey(source);
  if (RESERVED_SECTIONS.test(key) || RESERVED_FILES.includes(key)) {
    return `${source} belongs to the site itself and cannot be redirected.`;
  }
  return null;
}

/** The database's own words for a target it refuses. */
export const TARGET_REFUSED =
  'Redirect targets must be a path on this site (or a full https:// address for an exact rule).';

/** What is wrong with the target; `source`: the normalised source, or null when it is itself refused. */
function targetProblem(form: RedirectFormValues, source: string | null): string | null {
  if (form.status === 410) return null;
  const target = form.target.trim();
  if (!target) return `A ${form.status} redirect needs a target, such as /new-page.`;
  if (target.length > TARGET_MAX) return `The redirect target is too long: ${TARGET_MAX} characters at most.`;
  const sitePath = target.startsWith('/') && !target.startsWith('//');
  if (BAD_CHARACTERS.test(target) || !(sitePath || (form.match === 'exact' && ABSOLUTE_URL.test(target)))) {
    return TARGET_REFUSED;
  }
  if (!sitePath || source === null) return null;
  if (form.match === 'prefix' && target.toLowerCase().startsWith(source.toLowerCase())) {
    return `This redirect would loop: ${target} is inside ${source} itself.`;
  }
  if (form.match === 'exact' && exactKey(target) === source.toLowerCase()) {
    return `This redirect would loop: ${source} → ${target.split(/[?#]/, 1)[0] ?? target}.`;
  }
  return null;
}

export type RedirectFormErrors = Partial<Record<'source' | 'target' | 'note', string>>;

/**
 * Field messages for the form; empty when it can be saved. `others`: the rules there are besides
 * the one edited (a second rule for the same address is refused).
 */
export function validateRedirectForm(
  form: RedirectFormValues,
  others: readonly Pick<Redirect, 'source' | 'match'>[] = [],
): RedirectFormErrors {
  const errors: RedirectFormErrors = {};
  // Checked as typed (the database checks before it normalises: '//' is refused, not read as '/').
  const sourceError = sourceProblem(form.source.trim());
  const source = normalizeSource(form.source, form.match);
  if (sourceError) errors.source = sourceError;
  else if (others.some((rule) => rule.match === form.match && rule.source.toLowerCase() === source.toLowerCase())) {
    errors.source = `There is already a redirect from ${source}. Change that rule instead of adding another.`;
  }
  const targetError = targetProblem(form, sourceError ? null : source);
  if (targetError) errors.target = targetError;
  if (form.note.trim().length > NOTE_MAX) errors.note = `The note is too long: ${NOTE_MAX} characters at most.`;
  return errors;
}

export type RedirectPayload = Pick<RedirectInsert, 'source_path' | 'match_type' | 'target' | 'status_code' | 'note'>;

export function formToPayload(form: RedirectFormValues): RedirectPayload {
  const note = form.note.trim();
  return {
    source_path: normalizeSource(form.source, form.match),
    match_type: form.match,
    target: form.status === 410 ? null : form.target.trim(),
    status_code: form.status,
    note: note === '' ? null : note,
  };
}

/** The rule in one sentence, as the form's preview says it ('' until there is an old address). */
export function describeRule(form: RedirectFormValues): string {
  const source = normalizeSource(form.source, form.match);
  if (!source.startsWith('/')) return '';
  const what = form.match === 'prefix' ? `Every address under ${source}` : source;
  if (form.status === 410) return `${what} answers 410 Gone: search engines drop it from their results.`;
  const target = form.target.trim() || '…';
  const rest = form.match === 'prefix' ? ' (the rest of the address is kept)' : '';
  return form.status === 301
    ? `${what} sends visitors to ${target}${rest}; search engines move its ranking there.`
    : `${what} sends visitors to ${target}${rest} for now; search engines keep the old address.`;
}
