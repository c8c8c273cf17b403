import { archiveDescription, archiveHeading, archiveTitle } from '@/lib/archive-text';
import {
  HEAD_RULES,
  metaName,
  metaProperty,
  presentMetas,
  type HeadContext,
  type HeadLink,
  type HeadSpec,
} from '@/lib/head';
import { archivePath, type ArchiveKind } from '@/lib/taxonomy-slug';
import type { BlogArchive } from '@/data/blog/types';

/** How many pages the archive has (at least one: an empty archive shows its empty state). */
export function archivePageCount(archive: Pick<BlogArchive, 'total' | 'page_size'>): number {
  return Math.max(1, Math.ceil(archive.total / Math.max(1, archive.page_size)));
}

/** The site path of page `page` of an archive: the first page has no `?page`. */
export function archivePagePath(kind: ArchiveKind, slug: string, page: number): string {
  const path = archivePath(kind, slug);
  return page > 1 ? `${path}?page=${page}` : path;
}

/** The archives with a feed of their own (crates/site: `{archive}/rss.xml`). */
const FEED_KINDS: readonly ArchiveKind[] = ['category', 'tag'];

/**
 * The head of one page of an archive: title (the staff's SEO title, else the heading and the
 * company name, as a post's), description, canonical of this page, rel=prev/next, the
 * archive's RSS feed, robots noindex while it has no posts, Open Graph as a page's.
 */
export function buildArchiveHead(archive: BlogArchive, context: HeadContext): HeadSpec {
  const { kind, slug, page } = archive;
  const title = archiveTitle(archive, context.companyName, page);
  const description = archiveDescription(archive, context.companyName);
  const url = (target: number) => `${context.siteUrl}${archivePagePath(kind, slug, target)}`;
  const pageUrl = url(page);
  const pageCount = archivePageCount(archive);

  const links: HeadLink[] = [];
  if (page > 1 && page <= pageCount) links.push({ rel: 'prev', href: url(page - 1) });
  if (page < pageCount) links.push({ rel: 'next', href: url(page + 1) });
  if (FEED_KINDS.includes(kind)) {
    links.push({
      rel: 'alternate',
      type: 'application/rss+xml',
      title: `${context.companyName}: ${archiveHeading(kind, archive.name)}`,
      href: `${context.siteUrl}${archivePath(kind, slug)}/rss.xml`,
    });
  }

  return {
    title,
    canonical: pageUrl,
    links,
    metas: presentMetas([
      metaName('description', description),
      archive.total === 0 && metaName('robots', 'noindex'),
      metaProperty('og:type', HEAD_RULES.pageOgType),
      metaProperty('og:title', title),
      metaProperty('og:description', description),
      metaProperty('og:url', pageUrl),
      metaProperty('og:site_name', context.companyName),
    ]),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: archiveHeading(kind, archive.name),
      description,
      url: pageUrl,
      isPartOf: { '@type': 'WebSite', name: context.companyName, url: context.siteUrl },
    },
  };
}
