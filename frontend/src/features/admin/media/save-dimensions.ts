import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { mediaKeys } from '@/data/media/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

export interface SaveDimensionsInput {
  name: string;
  width: number;
  height: number;
}

/** Stores an image's measured size (only the size: an upsert keeps its alt text). */
export async function saveDimensions({ name, width, height }: SaveDimensionsInput): Promise<void> {
  await dataOrThrow(
    adminClient().from('media_assets').upsert({ object_name: name, width, height }, { onConflict: 'object_name' }),
  );
}

export function useSaveDimensions() {
  return useInvalidatingMutation(saveDimensions, [mediaKeys.details]);
}
