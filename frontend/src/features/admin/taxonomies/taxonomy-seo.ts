import type { BlogTaxonomyRow, TaxonomySeoInsert, TaxonomySeoRow } from '@/data/blog-taxonomies/types';
import { archiveDescription, archiveTitle } from '@/lib/archive-text';
import type { HeadContext } from '@/lib/head';
import { ARCHIVE_KINDS, archivePath, type ArchiveKind } from '@/lib/taxonomy-slug';

/** A category, tag or author: its archive, how many posts it lists, and the archive's own SEO texts. */
export interface Taxonomy {
  kind: ArchiveKind;
  slug: string;
  name: string;
  posts: number;
  /** /blog/{kind}/{slug}. */
  archivePath: string;
  /** '' when the archive uses the default. */
  metaTitle: string;
  metaDescription: string;
}

const isKind = (value: string | null): value is ArchiveKind =>
  value !== null && (ARCHIVE_KINDS as readonly string[]).includes(value);

/**
 * blog_taxonomies() with each archive's blog_taxonomy_seo row, in the function's order. A row without a known kind or a slug is nothing the screen can edit, and is left out.
 */
export function joinTaxonomies(rows: readonly BlogTaxonomyRow[], seo: readonly TaxonomySeoRow[]): Taxonomy[] {
  const texts = new Map(seo.map((row) => [`${row.kind}/${row.slug}`, row]));
  return rows.flatMap((row) => {
    if (!isKind(row.kind) || !row.slug) return [];
    const own = texts.get(`${row.kind}/${row.slug}`);
    return [
      {
        kind: row.kind,
        slug: row.slug,
        name: row.name ?? row.slug,
        posts: row.posts ?? 0,
        archivePath: archivePath(row.kind, row.slug),
        metaTitle: own?.meta_title ?? '',
        metaDescription: own?.meta_description ?? '',
      },
    ];
  });
}

/** The order the list shows the kinds in: what a marketer edits most first. */
const KIND_ORDER: Readonly<Record<ArchiveKind, number>> = { category: 0, tag: 1, author: 2 };

/** Categories, then tags, then authors, each by name (any case). */
export function sortTaxonomies(entries: readonly Taxonomy[]): Taxonomy[] {
  return [...entries].sort(
    (a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  );
}

/** What the list shows: every kind, or one. */
export type KindFilter = ArchiveKind | 'all';

/** The entries of a kind whose name contains `text` (any case). */
export function filterTaxonomies(entries: readonly Taxonomy[], kind: KindFilter, text: string): Taxonomy[] {
  const wanted = text.trim().toLowerCase();
  return entries.filter(
    (entry) => (kind === 'all' || entry.kind === kind) && (!wanted || entry.name.toLowerCase().includes(wanted)),
  );
}

/** The database's limits (blog_taxonomy_seo's checks). */
export const META_TITLE_MAX = 200;
export const META_DESCRIPTION_MAX = 500;

/** What search results show before cutting (the counters' scale, as on posts). */
export const META_TITLE_COUNTER = { max: 60, recommended: [50, 60] } as const;
export const META_DESCRIPTION_COUNTER = { max: 160, recommended: [150, 160] } as const;

export interface TaxonomySeoForm {
  meta_title: string;
  meta_description: string;
}

export type TaxonomySeoErrors = Partial<Record<keyof TaxonomySeoForm, string>>;

/** Field messages; empty when it can be saved. Longer than search results show is allowed (the counter says so). */
export function validateTaxonomySeo(form: TaxonomySeoForm): TaxonomySeoErrors {
  const errors: TaxonomySeoErrors = {};
  if (form.meta_title.trim().length > META_TITLE_MAX) {
    errors.meta_title = `Keep the title to ${META_TITLE_MAX} characters; search results show about 60.`;
  }
  if (form.meta_description.trim().length > META_DESCRIPTION_MAX) {
    errors.meta_description = `Keep the description to ${META_DESCRIPTION_MAX} characters; search results show about 160.`;
  }
  return errors;
}

/** What a search result shows for an archive's first page. */
export interface TaxonomySearchPreview {
  url: string;
  title: string;
  description: string;
}

/**
 * The search result of the archive's first page with the texts of the form: the title and
 * description its head will carry (lib/archive-text, as the archive page writes them), the
 * defaults made from the name where a field is blank.
 */
export function taxonomySearchPreview(
  entry: Pick<Taxonomy, 'kind' | 'name' | 'archivePath'>,
  form: TaxonomySeoForm,
  site: HeadContext,
): TaxonomySearchPreview {
  const texts = { kind: entry.kind, name: entry.name, ...form };
  return {
    url: `${site.siteUrl}${entry.archivePath}`,
    title: archiveTitle(texts, site.companyName),
    description: archiveDescription(texts, site.companyName),
  };
}

/**
 * The blog_taxonomy_seo row of an entry's archive: blank texts stored as null (the default), and
 * the name as the list has it (the database checks that it makes the same address).
 */
export function formToRow(entry: Pick<Taxonomy, 'kind' | 'slug' | 'name'>, form: TaxonomySeoForm): TaxonomySeoInsert {
  const orNull = (text: string) => text.trim() || null;
  return {
    kind: entry.kind,
    slug: entry.slug,
    name: entry.name,
    meta_title: orNull(form.meta_title),
    meta_description: orNull(form.meta_description),
  };
}
