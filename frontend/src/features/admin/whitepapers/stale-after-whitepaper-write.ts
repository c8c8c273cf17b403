import { whitepaperKeys } from '@/data/whitepapers/keys';

/** Stale after any whitepaper write: the admin list and file checks, and the public /whitepapers and /downloads caches. */
export const staleAfterWhitepaperWrite = [
  whitepaperKeys.admin,
  whitepaperKeys.adminFiles,
  whitepaperKeys.public,
  whitepaperKeys.fileExists,
] as const;
