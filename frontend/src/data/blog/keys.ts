import { adminKeys } from '@/data/admin/keys';

/** Query-key prefixes of blog_posts. */
export const blogKeys = {
  /** Every public blog cache (invalidated after admin writes, so public pages show the change). */
  public: ['blog-posts'] as const,
  /** The published posts: the list, and each post by slug below it. */
  published: ['blog-posts', 'published'] as const,
  /** The archives' pages (category, tag, author), by kind, slug and page below it. */
  archives: ['blog-posts', 'archive'] as const,
  /** The posts related to a post, by its slug below it. */
  related: ['blog-posts', 'related'] as const,
  /** The admin's list of every post. */
  admin: [...adminKeys.all, 'blog-posts'] as const,
};
