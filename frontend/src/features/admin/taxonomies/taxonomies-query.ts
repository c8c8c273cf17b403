import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { blogTaxonomyKeys } from '@/data/blog-taxonomies/keys';
import { dataOrThrow } from '@/lib/data-or-throw';
import { joinTaxonomies, sortTaxonomies, type Taxonomy } from './taxonomy-seo';

/** Every category, tag and author with its post count and its archive's SEO texts (two reads, joined), categories first. */
export const taxonomiesQuery = () =>
  queryOptions({
    queryKey: blogTaxonomyKeys.list,
    queryFn: async (): Promise<Taxonomy[]> => {
      const client = adminClient();
      const [rows, seo] = await Promise.all([
        dataOrThrow(client.rpc('blog_taxonomies')),
        dataOrThrow(client.from('blog_taxonomy_seo').select('*')),
      ]);
      return sortTaxonomies(joinTaxonomies(rows, seo));
    },
  });
