import { adminKeys } from '@/data/admin/keys';

const admin = [...adminKeys.all, 'analytics'] as const;

/** Query-key prefixes of the admin's analytics (computed from page_analytics and the leads). */
export const analyticsKeys = {
  admin,
  /** Views, visitors and leads per day or week, one per range, unit and time zone. */
  series: [...admin, 'series'] as const,
  /** The range's totals, top pages and sources, pages not found and bots, one per range and time zone. */
  breakdown: [...admin, 'breakdown'] as const,
  /** What visitors searched the site for (search_stats), one per range. */
  search: [...admin, 'search'] as const,
};
