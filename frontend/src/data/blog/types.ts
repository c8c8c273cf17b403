import type { Tables } from '@/lib/database.types';
import type { ArchiveKind } from '@/lib/taxonomy-slug';

/** A full blog_posts row (spec §3), as the database types say. */
export type BlogPost = Tables<'blog_posts'>;

/** The card fields of the public blog list (spec §7). */
export type BlogListItem = Pick<
  BlogPost,
  'id' | 'title' | 'slug' | 'description' | 'category' | 'read_time' | 'created_at'
>;

/**
 * A post of an archive's page (public.blog_archive): the card fields, with the tags and author
 * the archive is found by.
 */
export interface BlogArchivePost extends BlogListItem {
  tags: string[];
  author_name: string | null;
}

/**
 * One page of a category's, tag's or author's posts, as public.blog_archive(kind, slug, page)
 * answers it (null for an unknown archive) and the server embeds it (resource `blogArchive`).
 */
export interface BlogArchive {
  kind: ArchiveKind;
  slug: string;
  /** The name as the newest post spells it, else its SEO record's, else the slug. */
  name: string;
  /** The archive's own SEO title and description (blog_taxonomy_seo), when staff wrote them. */
  meta_title: string | null;
  meta_description: string | null;
  /** Visible posts over every page. */
  total: number;
  page: number;
  page_size: number;
  /** The newest updated_at of its posts; null when it has none. */
  last_modified: string | null;
  /** This page's posts, newest first; [] past the last page. */
  posts: BlogArchivePost[];
}

/** A row of public.related_posts(post_slug): the card fields of a post to read next. */
export type RelatedPost = BlogListItem;
