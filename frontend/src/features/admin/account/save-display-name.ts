import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/data/admin/keys';
import { supabase } from '@/lib/supabase';

/**
 * Saves the name the team sees (user_metadata.display_name). The admin's session check is read
 * again, so the navigation shows the new name.
 */
export async function saveDisplayName(name: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ data: { display_name: name.trim() } });
  if (error) throw error;
}

export function useSaveDisplayName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDisplayName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.session }),
  });
}
