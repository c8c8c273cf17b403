import { staffKeys } from '@/data/staff/keys';
import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import type { StaffRole } from '@/features/admin/shared/admin-role';
import { callStaffInvite } from './staff-invite-function';

export interface StaffInvitation {
  email: string;
  role: StaffRole;
  displayName: string;
}

/** Invites a person by email with a role (staff-invite `invite`): the server emails them a link. */
export async function inviteStaff({ email, role, displayName }: StaffInvitation): Promise<void> {
  const name = displayName.trim();
  await callStaffInvite({ action: 'invite', email: email.trim(), role, ...(name ? { display_name: name } : {}) });
}

export function useInviteStaff() {
  return useInvalidatingMutation(inviteStaff, [staffKeys.all]);
}
