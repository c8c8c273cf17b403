import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * Verifies a code of the account's TOTP factor (`factorId`, or its verified one), which raises the
 * session to aal2: the second step of a sign-in, what a recovery session does before changing the
 * password, what removing a factor asks first, and the last step of an enrolment.
 */
export async function verifySecondFactor({ code, factorId }: { code: string; factorId?: string }): Promise<void> {
  let id = factorId;
  if (!id) {
    const factors = await supabase.auth.mfa.listFactors();
    if (factors.error) throw factors.error;
    id = factors.data.totp[0]?.id;
    if (!id) throw new Error('This account has no authenticator app set up.');
  }
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: id, code: code.trim() });
  if (error) throw error;
}

export function useVerifySecondFactor() {
  return useMutation({ mutationFn: verifySecondFactor });
}
