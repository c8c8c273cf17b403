import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { progressFetch } from '@/features/admin/shared/progress-fetch';
import { adminClient, adminClientWithFetch, errorMessage } from '@/features/admin/shared/admin-client';
import { randomImageName } from '@/features/admin/shared/image-name';
import { BLOG_IMAGES_BUCKET } from '@/features/admin/shared/upload-image';
import { measureImageFile } from './image-size';
import { formatFileSize } from '@/lib/file-size';
import { formatDimensions, imageFileProblem } from './media-format';
import { mediaKeys } from '@/data/media/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

export interface UploadMediaInput {
  file: File;
  /** The fraction of the file sent, 0 to 1. */
  onProgress: (fraction: number) => void;
}

export interface UploadedMedia {
  name: string;
  width: number | null;
  height: number | null;
  /** What went wrong after the image was stored (it is in the library either way). */
  warnings: string[];
}

/**
 * Measures the image in the browser, uploads it to blog-images under a random name (as the blog
 * editor does) reporting progress, stores its dimensions and writes the activity log.
 */
export async function uploadMedia({ file, onProgress }: UploadMediaInput): Promise<UploadedMedia> {
  const problem = imageFileProblem(file);
  if (problem) throw new Error(problem);
  const size = await measureImageFile(file);
  const name = randomImageName(file.name);
  const client = adminClientWithFetch(
    progressFetch(({ loaded, total }) => {
      onProgress(total > 0 ? loaded / total : 0);
    }),
  );
  await dataOrThrow(
    client.storage.from(BLOG_IMAGES_BUCKET).upload(name, file, { contentType: file.type, upsert: false }),
  );
  onProgress(1);

  const warnings: string[] = [];
  if (size) {
    const saved = await adminClient()
      .from('media_assets')
      .insert({ object_name: name, width: size.width, height: size.height });
    if (saved.error) warnings.push(`Its dimensions were not saved: ${errorMessage(saved.error)}`);
  }
  const logged = await adminClient().rpc('log_admin_activity', {
    action: 'media_upload',
    entity: 'media',
    entity_id: name,
    summary: `Uploaded ${file.name} (${formatFileSize(file.size)}, ${formatDimensions(size?.width ?? null, size?.height ?? null)})`,
    details: {
      original_name: file.name,
      size: file.size,
      type: file.type,
      width: size?.width ?? null,
      height: size?.height ?? null,
    },
  });
  if (logged.error) warnings.push(`The upload is not in the activity log: ${errorMessage(logged.error)}`);
  return { name, width: size?.width ?? null, height: size?.height ?? null, warnings };
}

export function useUploadMedia() {
  return useInvalidatingMutation(uploadMedia, [mediaKeys.all], 'settled');
}
