import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@/data/account/keys';
import { supabase } from '@/lib/supabase';

/** Ends every other session of the signed-in person (signOut with scope 'others'); this one stays. */
export async function signOutOthers(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: 'others' });
  if (error) throw error;
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOthers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
