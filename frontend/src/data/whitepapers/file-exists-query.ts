import { queryOptions } from '@tanstack/react-query';
import { whitepaperKeys } from './keys';

export const WHITEPAPERS_BUCKET = 'whitepapers';

/**
 * Name, in a server-rendered page's embedded data, of whether each whitepaper's file exists
 * (an object from file_path to true or false).
 */
export const WHITEPAPER_FILES_RESOURCE = 'whitepaperFiles';

/** Whether a file is in the whitepapers bucket: a storage list searched by its path (spec §7). */
export function fileExistsQuery(filePath: string) {
  return queryOptions({
    queryKey: [...whitepaperKeys.fileExists, filePath],
    queryFn: async (): Promise<boolean> => {
      const { supabase } = await import('@/lib/supabase');
      const { data, error } = await supabase.storage.from(WHITEPAPERS_BUCKET).list('', { search: filePath });
      if (error) throw new Error(`Storage list for ${filePath} failed: ${error.message}`);
      return data.some((item) => item.name === filePath);
    },
  });
}
