import { adminKeys } from '@/data/admin/keys';

/** Query-key prefixes of content_revisions; every content write invalidates `all`. */
const all = [...adminKeys.all, 'revisions'] as const;
export const revisionKeys = {
  all,
  deletedPosts: [...all, 'deleted-posts'] as const,
};
