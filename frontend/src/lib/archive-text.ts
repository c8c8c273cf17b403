/**
 * The words of a category's, tag's or author's archive page: its heading and the title and
 * description of its head. Shared code: the archive page (features/blog) writes its head with
 * them, and the admin's Categories & tags screen previews that head as search results show it.
 */

import { HEAD_RULES } from './head';
import type { ArchiveKind } from './taxonomy-slug';

/** How each kind is named on screen: the archive's eyebrow, the admin's lists. */
export const ARCHIVE_KIND_LABELS: Readonly<Record<ArchiveKind, string>> = {
  category: 'Category',
  tag: 'Tag',
  author: 'Author',
};

/** What an archive's texts are made from: blog_archive's fields (the SEO ones null or blank when unset). */
export interface ArchiveTextSource {
  kind: ArchiveKind;
  name: string;
  meta_title?: string | null;
  meta_description?: string | null;
}

/** The page's heading, by kind: what the archive lists. */
export function archiveHeading(kind: ArchiveKind, name: string): string {
  switch (kind) {
    case 'category':
      return `Posts in ${name}`;
    case 'tag':
      return `Posts tagged ${name}`;
    case 'author':
      return `Posts by ${name}`;
  }
}

/** The line under the heading and the description, when staff wrote none for the archive. */
export function defaultArchiveDescription(kind: ArchiveKind, name: string, companyName: string): string {
  switch (kind) {
    case 'category':
      return `${companyName} articles on ${name} for HME/DME suppliers: practical guidance from the people who work DME claims every day.`;
    case 'tag':
      return `Everything ${companyName} has written about ${name}, for HME/DME billing and revenue-cycle teams.`;
    case 'author':
      return `Articles by ${name} on HME/DME billing, claims and revenue-cycle work, published by ${companyName}.`;
  }
}

const text = (value: string | null | undefined) => value?.trim() ?? '';

/**
 * The title of page `page` of an archive: the staff's SEO title as written, else the heading
 * and the company name (as a post's); ", page N" after the first page.
 */
export function archiveTitle(archive: ArchiveTextSource, companyName: string, page = 1): string {
  const pageSuffix = page > 1 ? `, page ${page}` : '';
  const own = text(archive.meta_title);
  return own
    ? `${own}${pageSuffix}`
    : `${archiveHeading(archive.kind, archive.name)}${pageSuffix}${HEAD_RULES.titleSeparator}${companyName}`;
}

/** The archive's description: the staff's SEO description, else the default sentence. */
export function archiveDescription(archive: ArchiveTextSource, companyName: string): string {
  return text(archive.meta_description) || defaultArchiveDescription(archive.kind, archive.name, companyName);
}
