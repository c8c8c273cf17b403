import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * Removes a factor: an enrolment given up, or two-step verification turned off (the server asks
 * an aal2 session for a verified factor, so the code comes first).
 */
export async function unenrollFactor(factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
  // The session the factor raised is aal1 again on the server; a refresh brings its token along.
  await supabase.auth.refreshSession();
}

export function useUnenrollFactor() {
  return useMutation({ mutationFn: unenrollFactor });
}
