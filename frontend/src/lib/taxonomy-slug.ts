/**
 * The URL slug of a category, tag or author name, as `public.taxonomy_slug(name)` computes it
 * in the database (the archives are looked up by it): lower case; every run of characters
 * outside [a-z0-9] becomes one '-'; no leading or trailing '-'; null when nothing is left.
 * Only ASCII letters are lowered, as PostgreSQL's lower() does under the C locale of the
 * server's cluster: any other character is outside [a-z0-9] lowered or not, so it becomes '-'
 * either way (but for the few whose lower case is ASCII, such as the Kelvin sign, which only
 * a UTF-8 locale would lower).
 * Both are checked against features/blog/taxonomy-slug-vectors.json. Shared code: the post
 * cards, the article header and the static articles link their badges with it.
 */
export function taxonomySlug(name: string): string | null {
  const slug = name
    .replace(/[A-Z]+/g, (letters) => letters.toLowerCase())
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? null : slug;
}

/** The archives: a category's, a tag's or an author's posts (public.blog_archive's `kind`). */
export type ArchiveKind = 'category' | 'tag' | 'author';

export const ARCHIVE_KINDS: readonly ArchiveKind[] = ['category', 'tag', 'author'];

/** The path of an archive's first page. */
export const archivePath = (kind: ArchiveKind, slug: string): string => `/blog/${kind}/${slug}`;

/** The archive of a category, tag or author name; null when the name has no slug (only punctuation). */
export function archivePathOf(kind: ArchiveKind, name: string | null | undefined): string | null {
  const slug = taxonomySlug(name ?? '');
  return slug ? archivePath(kind, slug) : null;
}
