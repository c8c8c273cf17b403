import { adminKeys } from '@/data/admin/keys';

/** Query-key prefixes of page_analytics. */
export const analyticsKeys = {
  /** The admin's summary, one per period below it. */
  admin: [...adminKeys.all, 'analytics'] as const,
};
