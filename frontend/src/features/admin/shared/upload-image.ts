import { useMutation } from '@tanstack/react-query';
import { adminClient } from './admin-client';
import { randomImageName } from './image-name';

export const BLOG_IMAGES_BUCKET = 'blog-images';

/** Uploads an image to blog-images under a random name and returns its public URL. */
export async function uploadBlogImage(file: File): Promise<string> {
  const storage = adminClient().storage.from(BLOG_IMAGES_BUCKET);
  const path = randomImageName(file.name);
  const { error } = await storage.upload(path, file, { contentType: file.type || undefined });
  if (error) throw error;
  return storage.getPublicUrl(path).data.publicUrl;
}

export function useUploadBlogImage() {
  return useMutation({ mutationFn: uploadBlogImage });
}
