import { adminKeys } from '@/data/admin/keys';

/** Query-key prefixes of admin_activity. */
const all = [...adminKeys.all, 'activity'] as const;
export const activityKeys = {
  all,
  actions: [...all, 'actions'] as const,
};
