import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { BlogPost } from './blog-post';
import { pageRange, quotedPattern, type PostListFilters } from './post-list';
import { blogKeys } from '@/data/blog/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

export interface PostListPage {
  posts: BlogPost[];
  /** Every post the filters match (the list shows one page of them). */
  total: number;
}

/**
 * One page of the admin's post list, filtered and counted by the server: with a thousand posts
 * the browser receives twenty. `onlyAuthor` narrows it to an author's own posts.
 */
export const adminPostListQuery = (filters: PostListFilters, onlyAuthor: string | null) =>
  queryOptions({
    queryKey: [...blogKeys.admin, 'list', filters, onlyAuthor],
    queryFn: async (): Promise<PostListPage> => {
      let query = adminClient().from('blog_posts').select('*', { count: 'exact' });
      const now = new Date().toISOString();
      if (filters.status === 'draft') query = query.eq('published', false);
      if (filters.status === 'scheduled') query = query.eq('published', true).gt('publish_at', now);
      if (filters.status === 'published') {
        query = query.eq('published', true).or(`publish_at.is.null,publish_at.lte.${now}`);
      }
      if (filters.category) query = query.eq('category', filters.category);
      const author = onlyAuthor ?? filters.author;
      if (author) query = query.eq('author_id', author);
      if (filters.search.trim()) {
        const pattern = quotedPattern(filters.search);
        query = query.or(`title.ilike.${pattern},description.ilike.${pattern}`);
      }
      const [from, to] = pageRange(filters.page);
      const { data, count, error } = await query.order('created_at', { ascending: false }).range(from, to);
      if (error) throw error;
      // The check constraints hold the two choice columns to BlogPost's unions.
      return { posts: data as BlogPost[], total: count ?? data.length };
    },
    // The page being left stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export interface PostFacets {
  categories: string[];
  authors: ReadonlyArray<{ id: string; name: string }>;
}

/** The categories and authors the filters offer: every post's, lightly (two short columns). */
export const adminPostFacetsQuery = () =>
  queryOptions({
    queryKey: [...blogKeys.admin, 'facets'],
    queryFn: async (): Promise<PostFacets> => {
      const rows = await dataOrThrow(adminClient().from('blog_posts').select('category, author_id, author_name'));
      const categories = [...new Set(rows.map((row) => row.category))].sort((a, b) => a.localeCompare(b));
      const authors = new Map<string, string>();
      for (const row of rows) {
        if (row.author_id && !authors.has(row.author_id)) authors.set(row.author_id, row.author_name || 'Unnamed');
      }
      return {
        categories,
        authors: [...authors].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
      };
    },
  });
