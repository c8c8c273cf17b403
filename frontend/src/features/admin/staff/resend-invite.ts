import { staffKeys } from '@/data/staff/keys';
import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { callStaffInvite } from './staff-invite-function';

/** Sends an invited person's invitation again, with a new link (staff-invite `resend`). */
export async function resendInvite(userId: string): Promise<void> {
  await callStaffInvite({ action: 'resend', user_id: userId });
}

export function useResendInvite() {
  return useInvalidatingMutation(resendInvite, [staffKeys.all]);
}
