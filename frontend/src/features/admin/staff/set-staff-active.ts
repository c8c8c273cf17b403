import { staffKeys } from '@/data/staff/keys';
import { adminClient } from '@/features/admin/shared/admin-client';
import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { dataOrThrow } from '@/lib/data-or-throw';

/**
 * Deactivates a staff member (their sessions end at once and they can no longer sign in or write)
 * or reactivates them (staff_set_active; the last active owner cannot be deactivated).
 */
export async function setStaffActive({ userId, active }: { userId: string; active: boolean }): Promise<void> {
  await dataOrThrow(adminClient().rpc('staff_set_active', { target: userId, active }));
}

export function useSetStaffActive() {
  return useInvalidatingMutation(setStaffActive, [staffKeys.all]);
}
