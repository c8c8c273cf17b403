import type { SiteHealthRow } from '@/data/site-health/types';
import type { Json } from '@/lib/database.types';

/** The checks, in the order the screen lists them (site_health()'s kinds). */
export const HEALTH_KINDS = [
  'broken_internal_link',
  'broken_external_link',
  'image_without_alt',
  'missing_meta_description',
  'missing_featured_image',
  'duplicate_title',
] as const;
export type HealthKind = (typeof HEALTH_KINDS)[number];

/** Each check's heading, and what it means in a sentence. */
export const KIND_TEXTS: Readonly<Record<HealthKind, { label: string; about: string }>> = {
  broken_internal_link: {
    label: 'Broken internal links',
    about: 'Links to pages, posts or files of this site that do not exist: readers land on the not-found page.',
  },
  broken_external_link: {
    label: 'Broken external links',
    about: 'Links to other sites that answered with an error or could not be reached when they were last checked.',
  },
  image_without_alt: {
    label: 'Images without alt text',
    about: 'Screen readers and search engines cannot tell what these images show.',
  },
  missing_meta_description: {
    label: 'Missing or short meta descriptions',
    about: 'Under 50 characters: search engines make up their own snippet, often from the first words of the page.',
  },
  missing_featured_image: {
    label: 'Missing featured images',
    about: 'Posts shared on LinkedIn and other networks show without a picture.',
  },
  duplicate_title: {
    label: 'Duplicate titles',
    about: 'Posts with the same title compete with each other in search results.',
  },
};

export type Severity = 'error' | 'warning';

/** One thing to fix: what, where, and the admin screen where it is fixed. */
export interface HealthIssue {
  kind: string;
  severity: Severity;
  title: string;
  detail: string;
  /** 'post', 'page' or 'whitepaper'. */
  sourceType: string;
  sourceLabel: string;
  /** An /admin/... path, or null when the row named none the admin has. */
  fixPath: string | null;
}

/** A site_health row for the screen (every column nullable in the generated types); one without a kind is left out. */
export function toHealthIssue(row: SiteHealthRow): HealthIssue | null {
  if (!row.kind) return null;
  const fixPath = row.fix_path?.startsWith('/admin/') ? row.fix_path : null;
  return {
    kind: row.kind,
    severity: row.severity === 'error' ? 'error' : 'warning',
    title: row.title ?? '',
    detail: row.detail ?? '',
    sourceType: row.source_type ?? '',
    sourceLabel: row.source_label ?? row.source_id ?? '',
    fixPath,
  };
}

/** The issues of one check. */
export interface HealthGroup {
  kind: string;
  label: string;
  about: string;
  issues: HealthIssue[];
  errors: number;
}

const isKnownKind = (kind: string): kind is HealthKind => (HEALTH_KINDS as readonly string[]).includes(kind);

/** "some_new_check" as "Some new check" (a kind this screen does not know yet still shows). */
const kindLabel = (kind: string) => {
  const words = kind.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The issues by check, in the screen's order (checks it does not know after the known ones, as
 * they first appear); in each, errors before warnings, then by where they are. Checks without
 * issues are left out.
 */
export function groupHealthIssues(issues: readonly HealthIssue[]): HealthGroup[] {
  const byKind = new Map<string, HealthIssue[]>();
  for (const issue of issues) {
    const list = byKind.get(issue.kind);
    if (list) list.push(issue);
    else byKind.set(issue.kind, [issue]);
  }
  const known = HEALTH_KINDS.filter((kind) => byKind.has(kind));
  const unknown = [...byKind.keys()].filter((kind) => !isKnownKind(kind));
  return [...known, ...unknown].map((kind) => {
    const list = [...(byKind.get(kind) ?? [])].sort(
      (a, b) =>
        Number(b.severity === 'error') - Number(a.severity === 'error') ||
        a.sourceLabel.localeCompare(b.sourceLabel) ||
        a.title.localeCompare(b.title),
    );
    const texts = isKnownKind(kind) ? KIND_TEXTS[kind] : { label: kindLabel(kind), about: '' };
    return {
      kind,
      ...texts,
      issues: list,
      errors: list.filter((issue) => issue.severity === 'error').length,
    };
  });
}

/** How far the link checker has got. */
export interface HealthSummary {
  /** When it last checked a link (null: never yet). */
  lastRun: string | null;
  linksChecked: number;
  /** Links found in the content and not checked yet (or due again). */
  pending: number;
}

const count = (value: Json | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** site_health_summary()'s JSON, read defensively (it is typed as any JSON). */
export function toHealthSummary(json: Json): HealthSummary {
  const object = json !== null && typeof json === 'object' && !Array.isArray(json) ? json : {};
  const lastRun = object.last_run;
  return {
    lastRun: typeof lastRun === 'string' ? lastRun : null,
    linksChecked: count(object.links_checked),
    pending: count(object.pending),
  };
}
