import { adminKeys } from '@/data/admin/keys';

/** Query-key prefixes of the media library (the blog-images bucket); writes invalidate `all`. */
const all = [...adminKeys.all, 'media'] as const;
export const mediaKeys = {
  all,
  files: [...all, 'files'] as const,
  details: [...all, 'details'] as const,
  usage: [...all, 'usage'] as const,
};
