import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { isStaffRole, type StaffRole } from '@/features/admin/shared/admin-role';
import { staffKeys } from '@/data/staff/keys';
import type { Database } from '@/lib/database.types';
import { dataOrThrow } from '@/lib/data-or-throw';

type StaffRow = Database['public']['Functions']['staff_list']['Returns'][number];

/** One staff member as the Staff page shows them. */
export interface StaffMember {
  userId: string;
  email: string;
  /** Their display name, else their email. */
  name: string;
  role: StaffRole;
  /** 'invited' (never signed in), 'active' or 'deactivated'; as the server says it otherwise. */
  status: string;
  invitedAt: string | null;
  lastSignInAt: string | null;
  mfaEnabled: boolean;
}

/**
 * A staff_list row (every column of a function's table is nullable in the generated types);
 * a row without a user id or a known role is nobody the page can act on, and is left out.
 */
export function toStaffMember(row: StaffRow): StaffMember | null {
  if (!row.user_id || !isStaffRole(row.role)) return null;
  const email = row.email ?? '';
  return {
    userId: row.user_id,
    email,
    name: row.display_name?.trim() || email || 'Unnamed',
    role: row.role,
    status: row.status ?? 'active',
    invitedAt: row.invited_at,
    lastSignInAt: row.last_sign_in_at,
    mfaEnabled: row.mfa_enabled ?? false,
  };
}

/** Every staff member (owners only): owners first, then editors, then authors, each by name. */
export const staffListQuery = () =>
  queryOptions({
    queryKey: staffKeys.list,
    queryFn: async (): Promise<StaffMember[]> => {
      const rows = await dataOrThrow(adminClient().rpc('staff_list'));
      return rows.flatMap((row) => toStaffMember(row) ?? []);
    },
    staleTime: 0,
  });
