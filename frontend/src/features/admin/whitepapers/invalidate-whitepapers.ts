import type { QueryClient } from '@tanstack/react-query';
import { PUBLIC_WHITEPAPER_FILE_KEY, PUBLIC_WHITEPAPERS_KEY } from '@/features/admin/shared/public-keys';
import { adminWhitepapersKey } from './admin-whitepapers-query';
import { adminFileStatusKey } from './file-status-query';

/** After any whitepaper write: the admin list and file checks, and the public /whitepapers and /downloads caches. */
export function invalidateWhitepapers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [adminWhitepapersKey, adminFileStatusKey, PUBLIC_WHITEPAPERS_KEY, PUBLIC_WHITEPAPER_FILE_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
