import { adminKeys } from '@/data/admin/keys';

/** Query-key prefixes of page_seo_settings. */
export const pageSeoKeys = {
  /** The public page records, one per route below it. */
  public: ['page-seo'] as const,
  /** The admin's list of every record. */
  admin: [...adminKeys.all, 'page-seo'] as const,
};
