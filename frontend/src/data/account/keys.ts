import { adminKeys } from '@/data/admin/keys';

/** Query keys of the signed-in staff member's own account (Account page). */
const all = [...adminKeys.all, 'account'] as const;
export const accountKeys = {
  all,
  /** Their MFA factors (supabase.auth.mfa.listFactors). */
  factors: [...all, 'factors'] as const,
  /** Their sessions (my_sessions). */
  sessions: [...all, 'sessions'] as const,
};
