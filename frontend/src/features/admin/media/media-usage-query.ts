import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { parseUses, type MediaUse } from './media-format';
import { mediaKeys } from '@/data/media/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Rows per request (the server's default row cap). */
const PAGE_SIZE = 1000;

/**
 * Where each image is used, by object name (computed by the database over posts and page SEO
 * records: public.media_usage). Without names: every object of blog-images.
 */
export async function fetchMediaUsage(names?: readonly string[]): Promise<Map<string, MediaUse[]>> {
  const usage = new Map<string, MediaUse[]>();
  for (let from = 0; ; from += PAGE_SIZE) {
    const data = await dataOrThrow(
      adminClient()
        .rpc('media_usage', names ? { names: [...names] } : {})
        .range(from, from + PAGE_SIZE - 1),
    );
    for (const row of data) {
      if (row.object_name !== null) usage.set(row.object_name, parseUses(row.uses));
    }
    if (data.length < PAGE_SIZE) return usage;
  }
}

/**
 * Usage of every image, or of the given ones; always fetched fresh when a screen asks (a post
 * saved elsewhere may have started using an image).
 */
export const mediaUsageQuery = (names?: readonly string[]) =>
  queryOptions({
    queryKey: [...mediaKeys.usage, names ? [...names].sort() : 'all'],
    queryFn: () => fetchMediaUsage(names),
    staleTime: 0,
  });
