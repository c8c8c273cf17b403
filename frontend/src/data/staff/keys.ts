import { adminKeys } from '@/data/admin/keys';

/** Query keys of the staff list (owners, /admin/staff). */
const all = [...adminKeys.all, 'staff'] as const;
export const staffKeys = {
  all,
  list: [...all, 'list'] as const,
};
