import { adminKeys } from '@/data/admin/keys';

const all = [...adminKeys.all, 'redirects'] as const;

/** Query-key prefixes of the redirects and the 404 log (/admin/redirects). */
export const redirectKeys = {
  all,
  /** Every redirect rule. */
  rules: [...all, 'rules'] as const,
  /** not_found_report(): the 404 log with the redirect covering each path. */
  notFound: [...all, 'not-found'] as const,
};
