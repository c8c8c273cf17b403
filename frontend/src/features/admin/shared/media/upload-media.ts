import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { progressFetch } from '@/features/admin/shared/progress-fetch';
import { adminClient, adminClientWithFetch, errorMessage } from '@/features/admin/shared/admin-client';
import { randomImageName } from '@/features/admin/shared/image-name';
import { BLOG_IMAGES_BUCKET } from '@/features/admin/shared/upload-image';
import { measureImageFile } from './image-size';
import { formatFileSize } from '@/lib/file-size';
import { formatDimensions, imageFileProblem } from './media-facts';
import { mediaKeys } from '@/data/media/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** The longest file name the library keeps (media_assets.original_name). */
const MAX_ORIGINAL_NAME = 255;

export interface UploadMediaInput {
  file: File;
  /** The fraction of the file sent, 0 to 1. */
  onProgress: (fraction: number) => void;
}

export interface UploadedMedia {
  /** The storage name (random). */
  name: string;
  width: number | null;
  height: number | null;
  /** What went wrong after the image was stored (it is in the library either way). */
  warnings: string[];
}

/**
 * Measures the image in the browser, uploads it to blog-images under a random name (as the blog
 * editor does) reporting progress, stores its file name and dimensions (the library shows the
 * file name) and writes the activity log.
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
  const saved = await adminClient()
    .from('media_assets')
    .insert({
      object_name: name,
      original_name: file.name.slice(0, MAX_ORIGINAL_NAME) || null,
      width: size?.width ?? null,
      height: size?.height ?? null,
    });
  if (saved.error) warnings.push(`Its file name and dimensions were not saved: ${errorMessage(saved.error)}`);
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
