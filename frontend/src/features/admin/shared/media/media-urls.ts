import { adminClient } from '@/features/admin/shared/admin-client';
import { BLOG_IMAGES_BUCKET } from '@/features/admin/shared/upload-image';

/** The thumbnail box of the grid, in CSS pixels (4:3). */
export const THUMB_WIDTH = 320;
export const THUMB_HEIGHT = 240;

/** The image's public URL: what posts and pages refer to, and what Copy URL copies. */
export function mediaPublicUrl(name: string): string {
  return adminClient().storage.from(BLOG_IMAGES_BUCKET).getPublicUrl(name).data.publicUrl;
}

/**
 * A cropped thumbnail through Storage's image transformation endpoint (/render/image), at 1x
 * and 2x: the grid downloads a few kilobytes per image instead of the originals.
 */
export function mediaThumbnail(name: string): { src: string; srcSet: string } {
  const storage = adminClient().storage.from(BLOG_IMAGES_BUCKET);
  const at = (scale: number) =>
    storage.getPublicUrl(name, {
      transform: { width: THUMB_WIDTH * scale, height: THUMB_HEIGHT * scale, resize: 'cover', quality: 70 },
    }).data.publicUrl;
  const src = at(1);
  return { src, srcSet: `${src} 1x, ${at(2)} 2x` };
}

/**
 * The object of blog-images a URL refers to (its public URL or a thumbnail of it, absolute or
 * relative), or null for any other address.
 */
export function mediaNameOfUrl(url: string): string | null {
  const match = /\/storage\/v1\/(?:object|render\/image)\/public\/blog-images\/([^?#]+)/.exec(url);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
