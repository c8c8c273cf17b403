import { staffKeys } from '@/data/staff/keys';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { StaffRole } from '@/features/admin/shared/admin-role';
import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Gives a staff member another role (staff_set_role; the last active owner cannot be demoted). */
export async function setStaffRole({ userId, role }: { userId: string; role: StaffRole }): Promise<void> {
  await dataOrThrow(adminClient().rpc('staff_set_role', { target: userId, new_role: role }));
}

export function useSetStaffRole() {
  return useInvalidatingMutation(setStaffRole, [staffKeys.all]);
}
