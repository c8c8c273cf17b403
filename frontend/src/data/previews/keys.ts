import { adminKeys } from '@/data/admin/keys';

/** Query-key prefixes of preview links. */
export const previewKeys = {
  /** A preview page, one per token below it. */
  public: ['preview'] as const,
  /** The admin's links of a post or page. */
  adminLinks: [...adminKeys.all, 'preview-links'] as const,
};
