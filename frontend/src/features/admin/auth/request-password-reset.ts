import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** Where the recovery email's link lands (the auth server appends the session to it). */
export const RESET_PATH = '/auth/reset';

/**
 * "Forgot password?": asks the auth server to email a recovery link that lands on /auth/reset.
 * The server answers the same whether or not the address has an account, and so does the page;
 * only a refusal (a rate limit, an address it cannot read, the network) is thrown.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}${RESET_PATH}`,
  });
  if (error) throw error;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
