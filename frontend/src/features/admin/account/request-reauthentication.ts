import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * Asks the auth server to email a verification code (reauthenticate), which a password change
 * needs when the session is too old to change it alone (`reauthentication_needed`).
 */
export async function requestReauthentication(): Promise<void> {
  const { error } = await supabase.auth.reauthenticate();
  if (error) throw error;
}

export function useRequestReauthentication() {
  return useMutation({ mutationFn: requestReauthentication });
}
