import { adminKeys } from '@/data/admin/keys';

/** Query-key prefixes of whitepapers and their files in the whitepapers bucket. */
export const whitepaperKeys = {
  /** The public list (/whitepapers and /downloads). */
  public: ['whitepapers'] as const,
  /** Whether a paper's file exists (/downloads), one per file path below it. */
  fileExists: ['whitepaper-file-exists'] as const,
  /** The admin's list of every paper. */
  admin: [...adminKeys.all, 'whitepapers'] as const,
  /** The admin's file checks. */
  adminFiles: [...adminKeys.all, 'whitepaper-files'] as const,
};
