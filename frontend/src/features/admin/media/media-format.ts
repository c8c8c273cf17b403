/**
 * What the media library shows about an image, as pure functions: dimensions, dates,
 * where it is used (from `media_usage`), and whether a chosen file can go into blog-images.
 */

import { formatFileSize } from '@/lib/file-size';

/** blog-images' file_size_limit (supabase/seed.sql): 10 MiB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** blog-images' allowed_mime_types; the server checks the bytes too. */
export const IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** One post or page using an image, as `media_usage` returns it. */
export interface MediaUse {
  kind: 'post' | 'page';
  id: string;
  /** The post's title or the page's name. */
  title: string;
  /** The post's slug or the page's route. */
  key: string;
  /** Posts only. */
  published: boolean | null;
  /** The fields that refer to the image (content, featured_image_url, ...). */
  fields: string[];
}

const FIELD_LABELS: Record<string, string> = {
  content: 'content',
  featured_image_url: 'featured image',
  og_image: 'Open Graph image',
  twitter_image: 'Twitter image',
  schema_json: 'structured data',
};

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

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** "Not used", "Used in 1 post", "Used in 2 posts and 1 page". */
export function usageSummary(uses: readonly MediaUse[]): string {
  if (uses.length === 0) return 'Not used';
  const posts = uses.filter((use) => use.kind === 'post').length;
  const pages = uses.length - posts;
  const parts = [posts > 0 ? plural(posts, 'post') : null, pages > 0 ? plural(pages, 'page') : null];
  return `Used in ${parts.filter((part) => part !== null).join(' and ')}`;
}

/** The fields of a use in words: "content, featured image". */
export function describeFields(fields: readonly string[]): string {
  return fields.map((field) => FIELD_LABELS[field] ?? field.replace(/_/g, ' ')).join(', ');
}

/** One use in words: 'Post “Title” (draft)' or 'Page About (/about)'. */
export function describeUse(use: MediaUse): string {
  if (use.kind === 'post') {
    return `Post “${use.title}”${use.published === false ? ' (draft)' : ''}`;
  }
  return `Page ${use.title} (${use.key})`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `media_usage`'s `uses` (JSON) as typed uses; entries of another shape are dropped. */
export function parseUses(value: unknown): MediaUse[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown): MediaUse[] => {
    if (!isRecord(entry)) return [];
    const { kind, id, title, key, published, fields } = entry;
    if ((kind !== 'post' && kind !== 'page') || typeof id !== 'string' || typeof key !== 'string') return [];
    return [
      {
        kind,
        id,
        title: typeof title === 'string' ? title : key,
        key,
        published: typeof published === 'boolean' ? published : null,
        fields: Array.isArray(fields) ? fields.filter((field): field is string => typeof field === 'string') : [],
      },
    ];
  });
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
