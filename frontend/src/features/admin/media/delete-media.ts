import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient, errorMessage } from '@/features/admin/shared/admin-client';
import { BLOG_IMAGES_BUCKET } from '@/features/admin/shared/upload-image';
import { describeUse, type MediaUse } from './media-format';
import { mediaKeys } from '@/data/media/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

export interface DeleteMediaInput {
  name: string;
  /** Where it was used when the admin confirmed (empty: unused). */
  uses: readonly MediaUse[];
}

/**
 * Removes the image from blog-images, then its row (a trigger does it too where the migration
 * could add one to storage.objects) and writes the activity log. Resolves to warnings about
 * what happened after the image was gone.
 */
export async function deleteMedia({ name, uses }: DeleteMediaInput): Promise<string[]> {
  const data = await dataOrThrow(adminClient().storage.from(BLOG_IMAGES_BUCKET).remove([name]));
  if (data.length === 0) throw new Error(`${name} was not deleted: it is no longer in storage.`);

  const warnings: string[] = [];
  const details = await adminClient().from('media_assets').delete().eq('object_name', name);
  if (details.error) warnings.push(`Its alt text was not removed: ${errorMessage(details.error)}`);
  const logged = await adminClient().rpc('log_admin_activity', {
    action: 'media_delete',
    entity: 'media',
    entity_id: name,
    summary:
      uses.length === 0
        ? `Deleted ${name} (not used anywhere)`
        : `Deleted ${name}, still used by: ${uses.map(describeUse).join('; ')}`,
    details: { uses: uses.map(({ kind, id, key, fields }) => ({ kind, id, key, fields })) },
  });
  if (logged.error) warnings.push(`The delete is not in the activity log: ${errorMessage(logged.error)}`);
  return warnings;
}

export function useDeleteMedia() {
  return useInvalidatingMutation(deleteMedia, [mediaKeys.all], 'settled');
}
