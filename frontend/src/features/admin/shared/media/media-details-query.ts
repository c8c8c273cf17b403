import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { mediaKeys } from '@/data/media/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** What the admin keeps with an image (public.media_assets). */
export interface MediaDetails {
  /** The name of the file it was uploaded from (null: uploaded before names were kept, or elsewhere). */
  originalName: string | null;
  altText: string;
  width: number | null;
  height: number | null;
}

/** Rows per request (the server's default row cap). */
const PAGE_SIZE = 1000;

/** File name, alt text and dimensions of every image that has them, by object name. */
export async function fetchMediaDetails(): Promise<Map<string, MediaDetails>> {
  const details = new Map<string, MediaDetails>();
  for (let from = 0; ; from += PAGE_SIZE) {
    const data = await dataOrThrow(
      adminClient()
        .from('media_assets')
        .select('object_name, original_name, alt_text, width, height')
        .order('object_name')
        .range(from, from + PAGE_SIZE - 1),
    );
    for (const row of data) {
      details.set(row.object_name, {
        originalName: row.original_name,
        altText: row.alt_text,
        width: row.width,
        height: row.height,
      });
    }
    if (data.length < PAGE_SIZE) return details;
  }
}

export const mediaDetailsQuery = () =>
  queryOptions({
    queryKey: mediaKeys.details,
    queryFn: fetchMediaDetails,
  });
