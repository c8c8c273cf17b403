import type { Tables } from '@/lib/database.types';

/** A full blog_posts row (spec §3), as the database types say. */
export type BlogPost = Tables<'blog_posts'>;

/** The card fields of the public blog list (spec §7). */
export type BlogListItem = Pick<
  BlogPost,
  'id' | 'title' | 'slug' | 'description' | 'category' | 'read_time' | 'created_at'
>;
