import { queryOptions } from '@tanstack/react-query';
import { WHITEPAPERS_BUCKET } from '@/data/whitepapers/file-exists-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { whitepaperKeys } from '@/data/whitepapers/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

export type FileStatus = 'present' | 'missing' | 'none';

/** Objects per storage list call (the server's and Storage's maximum page is 1000). */
const PAGE_SIZE = 1000;

/** The folder of an object path ('' at the bucket root) and its name in that folder. */
function splitPath(path: string): [folder: string, name: string] {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? ['', path] : [path.slice(0, slash), path.slice(slash + 1)];
}

/** Every object name in one folder of the bucket, page by page. */
async function listFolder(folder: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const data = await dataOrThrow(
      adminClient().storage.from(WHITEPAPERS_BUCKET).list(folder, { limit: PAGE_SIZE, offset }),
    );
    for (const item of data) names.add(item.name);
    if (data.length < PAGE_SIZE) return names;
  }
}

/** Whether each file path is in the bucket: one list per folder (most papers share the root). */
export async function fileStatuses(filePaths: readonly string[]): Promise<Map<string, boolean>> {
  const folders = [...new Set(filePaths.map((path) => splitPath(path)[0]))];
  const listed = new Map(await Promise.all(folders.map(async (folder) => [folder, await listFolder(folder)] as const)));
  return new Map(
    filePaths.map((path) => {
      const [folder, name] = splitPath(path);
      return [path, listed.get(folder)?.has(name) ?? false];
    }),
  );
}

/** The storage status of the listed papers' files (the key holds the sorted paths). */
export const adminFileStatusQuery = (filePaths: readonly string[]) => {
  const paths = [...new Set(filePaths)].sort();
  return queryOptions({
    queryKey: [...whitepaperKeys.adminFiles, paths],
    queryFn: () => fileStatuses(paths),
  });
};

export function fileStatus(filePath: string | null, statuses: Map<string, boolean> | undefined): FileStatus | null {
  if (!filePath) return 'none';
  const present = statuses?.get(filePath);
  if (present === undefined) return null;
  return present ? 'present' : 'missing';
}
