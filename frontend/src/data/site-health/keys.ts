import { adminKeys } from '@/data/admin/keys';

const all = [...adminKeys.all, 'site-health'] as const;

/** Query-key prefixes of the content checks (/admin/health). */
export const siteHealthKeys = {
  all,
  /** site_health(): the issues found. */
  issues: [...all, 'issues'] as const,
  /** site_health_summary(): when the link checker last ran, and how far it got. */
  summary: [...all, 'summary'] as const,
};
