import { adminClient } from '@/features/admin/shared/admin-client';
import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { blogTaxonomyKeys } from '@/data/blog-taxonomies/keys';
import type { TaxonomySeoInsert } from '@/data/blog-taxonomies/types';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Writes an archive's title and description: one row per (kind, slug), added or replaced. */
export async function saveTaxonomySeo(row: TaxonomySeoInsert): Promise<void> {
  await dataOrThrow(adminClient().from('blog_taxonomy_seo').upsert(row, { onConflict: 'kind,slug' }));
}

export function useSaveTaxonomySeo() {
  return useInvalidatingMutation(saveTaxonomySeo, [blogTaxonomyKeys.all]);
}
