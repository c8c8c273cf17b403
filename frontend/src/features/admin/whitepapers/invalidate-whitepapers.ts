import type { QueryClient } from '@tanstack/react-query';
import { whitepaperKeys } from '@/data/whitepapers/keys';

/** After any whitepaper write: the admin list and file checks, and the public /whitepapers and /downloads caches. */
export function invalidateWhitepapers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [whitepaperKeys.admin, whitepaperKeys.adminFiles, whitepaperKeys.public, whitepaperKeys.fileExists].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
