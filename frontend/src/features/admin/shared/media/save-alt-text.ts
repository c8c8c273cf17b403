import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { mediaKeys } from '@/data/media/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

export interface SaveAltTextInput {
  name: string;
  altText: string;
}

/** Keeps the alt text with the image (the database logs the change). */
export async function saveAltText({ name, altText }: SaveAltTextInput): Promise<void> {
  await dataOrThrow(
    adminClient()
      .from('media_assets')
      .upsert({ object_name: name, alt_text: altText.trim() }, { onConflict: 'object_name' }),
  );
}

export function useSaveAltText() {
  return useInvalidatingMutation(saveAltText, [mediaKeys.details]);
}
