import { useMutation } from '@tanstack/react-query';
import { adminClient } from './admin-client';
import { randomImageName } from './image-name';
import { dataOrThrow } from '@/lib/data-or-throw';

export const BLOG_IMAGES_BUCKET = 'blog-images';

/** Uploads an image to blog-images under a random name and returns its public URL. */
export async function uploadBlogImage(file: File): Promise<string> {
  const storage = adminClient().storage.from(BLOG_IMAGES_BUCKET);
  const path = randomImageName(file.name);
  await dataOrThrow(storage.upload(path, file, { contentType: file.type || undefined }));
  return storage.getPublicUrl(path).data.publicUrl;
}

export function useUploadBlogImage() {
  return useMutation({ mutationFn: uploadBlogImage });
}
