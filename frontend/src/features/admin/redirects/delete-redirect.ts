import { adminClient } from '@/features/admin/shared/admin-client';
import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { redirectKeys } from '@/data/redirects/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Deletes a rule: its old address answers again with whatever is there now (often the not-found page). */
export async function deleteRedirect(id: string): Promise<void> {
  await dataOrThrow(adminClient().from('redirects').delete().eq('id', id));
}

export function useDeleteRedirect() {
  return useInvalidatingMutation(deleteRedirect, [redirectKeys.all]);
}
