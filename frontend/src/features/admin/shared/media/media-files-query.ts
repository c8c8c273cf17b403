import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { BLOG_IMAGES_BUCKET } from '@/features/admin/shared/upload-image';
import { mediaKeys } from '@/data/media/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** An object of blog-images as the library lists it. */
export interface MediaFile {
  /** The object name (its path in the bucket). */
  name: string;
  size: number | null;
  mimeType: string | null;
  createdAt: string | null;
}

/** Objects per list call (Storage's maximum page). */
const PAGE_SIZE = 1000;
/** Folders visited at most (the editors upload to the root; folders come from elsewhere). */
const MAX_FOLDERS = 50;

/** Storage's placeholder for an empty folder made in Studio: not an image. */
const PLACEHOLDER = '.emptyFolderPlaceholder';

/** Every image in blog-images, newest first: the root and its folders, page by page. */
export async function listMediaFiles(): Promise<MediaFile[]> {
  const storage = adminClient().storage.from(BLOG_IMAGES_BUCKET);
  const files: MediaFile[] = [];
  const folders = [''];
  for (let visited = 0; visited < folders.length && visited < MAX_FOLDERS; visited += 1) {
    const folder = folders[visited] ?? '';
    for (let offset = 0; ; offset += PAGE_SIZE) {
      const data = await dataOrThrow(
        storage.list(folder, {
          limit: PAGE_SIZE,
          offset,
          sortBy: { column: 'created_at', order: 'desc' },
        }),
      );
      for (const item of data) {
        const path = folder ? `${folder}/${item.name}` : item.name;
        // A folder is listed with no id.
        if (item.id === null) {
          folders.push(path);
          continue;
        }
        if (item.name === PLACEHOLDER) continue;
        // Typed as always present, but what a server sends is checked.
        const metadata = item.metadata as Partial<Record<string, unknown>> | null;
        files.push({
          name: path,
          size: typeof metadata?.size === 'number' ? metadata.size : null,
          mimeType: typeof metadata?.mimetype === 'string' ? metadata.mimetype : null,
          createdAt: item.created_at || null,
        });
      }
      if (data.length < PAGE_SIZE) break;
    }
  }
  return files.sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}

export const mediaFilesQuery = () =>
  queryOptions({
    queryKey: mediaKeys.files,
    queryFn: listMediaFiles,
  });
