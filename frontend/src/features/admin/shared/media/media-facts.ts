/**
 * What the admin is told about a library image, as pure functions: its name, dimensions and
 * upload date, and whether a chosen file can go into blog-images.
 */

import { formatFileSize } from '@/lib/file-size';

/** blog-images' file_size_limit (supabase/seed.sql): 10 MiB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The longest alt text the database keeps (media_assets.alt_text). */
export const MAX_ALT_TEXT = 500;

/** blog-images' allowed_mime_types; the server checks the bytes too. */
export const IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** A storage name made by randomImageName: a UUID, maybe with an extension. */
const RANDOM_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[^./]+)?$/i;

/**
 * What staff call an image: the file it was uploaded from; else its storage name when a person
 * chose it (an upload from elsewhere); else its alt text; else when it was uploaded. Never the
 * random storage name the uploads get.
 */
export function mediaTitle(
  file: { name: string; createdAt: string | null },
  details: { originalName: string | null; altText: string } | undefined,
): string {
  if (details?.originalName) return details.originalName;
  const baseName = file.name.slice(file.name.lastIndexOf('/') + 1);
  if (!RANDOM_NAME.test(baseName)) return baseName;
  if (details?.altText) return details.altText;
  return file.createdAt ? `Image uploaded ${formatUploadDate(file.createdAt)}` : 'Untitled image';
}

/** "1200 × 630 px", or a note while the image has not been measured. */
export function formatDimensions(width: number | null, height: number | null): string {
  if (!width || !height) return 'Dimensions not measured yet';
  return `${width} × ${height} px`;
}

/** An upload date in the admin's locale and time zone, e.g. "Nov 27, 2026, 9:05 AM". */
export function formatUploadDate(iso: string | null, locale?: string, timeZone?: string): string {
  if (!iso) return 'Upload date unknown';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Upload date unknown';
  return new Intl.DateTimeFormat(locale ?? 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  })
    .format(date)
    .replace(/\u202f/g, ' '); // ICU versions differ on the space before AM/PM
}

/** Why a file cannot go into blog-images, or null when it can. */
export function imageFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!IMAGE_TYPES.includes(file.type)) {
    return `${file.name} is not a PNG, JPG, WEBP or GIF image.`;
  }
  if (file.size > MAX_IMAGE_BYTES) {
    return `${file.name} is larger than ${formatFileSize(MAX_IMAGE_BYTES)} (${formatFileSize(file.size)}), the limit for images.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}
