import { adminKeys } from '@/data/admin/keys';

const all = [...adminKeys.all, 'blog-taxonomies'] as const;

/** Query-key prefixes of the categories, tags and authors and their archives' SEO (/admin/taxonomies). */
export const blogTaxonomyKeys = {
  all,
  /** blog_taxonomies() joined with blog_taxonomy_seo. */
  list: [...all, 'list'] as const,
};
