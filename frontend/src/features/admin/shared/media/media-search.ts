/**
 * The media picker's list, as pure functions: each image with the name staff know it by, and
 * the search over names and alt text.
 */
import type { MediaDetails } from './media-details-query';
import type { MediaFile } from './media-files-query';
import { mediaTitle } from './media-facts';

/** An image as the picker offers it. */
export interface LibraryImage {
  /** The storage name. */
  name: string;
  /** What the library calls it (mediaTitle). */
  title: string;
  altText: string;
}

/** The library's images in its order (newest first), with their titles and alt text. */
export function libraryImages(files: readonly MediaFile[], details: ReadonlyMap<string, MediaDetails>): LibraryImage[] {
  return files.map((file) => {
    const detail = details.get(file.name);
    return { name: file.name, title: mediaTitle(file, detail), altText: detail?.altText ?? '' };
  });
}

/** The images whose title or alt text holds every word of `query` (any case); all for an empty query. */
export function searchImages(images: readonly LibraryImage[], query: string): LibraryImage[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...images];
  return images.filter((image) => {
    const text = `${image.title} ${image.altText}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** What the picker announces about its list: "12 images", "2 of 12 images match “oxygen”". */
export function resultsSummary(shown: number, total: number, query: string): string {
  const images = (count: number) => `${count} image${count === 1 ? '' : 's'}`;
  if (!query.trim()) return images(total);
  if (shown === 0) return `No images match “${query.trim()}”`;
  return `${shown} of ${images(total)} match${shown === 1 ? 'es' : ''} “${query.trim()}”`;
}
