import { useMutation } from '@tanstack/react-query';
import { verifySecondFactor } from '@/features/admin/shared/session/verify-second-factor';
import { nextSignInStep, type StaffSignInStep } from './sign-in-staff';

/** The sign-in's second step: the authenticator code (aal2), then the staff check. */
export async function verifyTotp(code: string): Promise<StaffSignInStep> {
  await verifySecondFactor({ code });
  return nextSignInStep();
}

export function useVerifyTotp() {
  return useMutation({ mutationFn: verifyTotp });
}
