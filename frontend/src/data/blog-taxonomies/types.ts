/**
 * Categories, tags and authors of the blog and their archives' SEO (migration
 * 20261206000600_discovery.sql); a function's table has every column nullable, as the generator
 * writes it.
 */
import type { Database, Tables, TablesInsert } from '@/lib/database.types';

/** A blog_taxonomy_seo row: the title and description of one archive (/blog/{kind}/{slug}). */
export type TaxonomySeoRow = Tables<'blog_taxonomy_seo'>;
export type TaxonomySeoInsert = TablesInsert<'blog_taxonomy_seo'>;

/** A row of blog_taxonomies(): every category, tag and author of visible posts, and every SEO row. */
export type BlogTaxonomyRow = Database['public']['Functions']['blog_taxonomies']['Returns'][number];
