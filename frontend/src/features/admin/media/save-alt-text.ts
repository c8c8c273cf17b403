import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { mediaKeys } from '@/data/media/keys';

export interface SaveAltTextInput {
  name: string;
  altText: string;
}

/** Keeps the alt text with the image (the database logs the change). */
export async function saveAltText({ name, altText }: SaveAltTextInput): Promise<void> {
  const { error } = await adminClient()
    .from('media_assets')
    .upsert({ object_name: name, alt_text: altText.trim() }, { onConflict: 'object_name' });
  if (error) throw error;
}

export function useSaveAltText() {
  return useInvalidatingMutation(saveAltText, [mediaKeys.details]);
}
