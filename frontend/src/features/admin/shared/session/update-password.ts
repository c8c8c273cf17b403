import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export interface PasswordChange {
  password: string;
  /** The code emailed by reauthenticate(), when the server asked for one. */
  nonce?: string;
  /** user_metadata to save with it (e.g. the display name chosen on the welcome page). */
  data?: Record<string, string>;
}

/** Sets the signed-in person's password (supabase-js updateUser); auth errors are thrown as they come. */
export async function updatePassword({ password, nonce, data }: PasswordChange): Promise<void> {
  const { error } = await supabase.auth.updateUser({
    password,
    ...(nonce ? { nonce } : {}),
    ...(data ? { data } : {}),
  });
  if (error) throw error;
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
