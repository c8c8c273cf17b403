import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { adminKeys } from '@/data/admin/keys';
import { blogKeys } from '@/data/blog/keys';
import { pageSeoKeys } from '@/data/page-seo/keys';

/** Restores a revision (public.restore_revision); the restore is itself a new revision. */
export async function restoreRevision(revisionId: number): Promise<string> {
  const { data, error } = await adminClient().rpc('restore_revision', { revision_id: revisionId });
  if (error) throw error;
  return data;
}

export function useRestoreRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreRevision,
    onSuccess: () =>
      Promise.all([
        // Revisions, the admin lists and the public caches of whatever was restored.
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: blogKeys.public }),
        queryClient.invalidateQueries({ queryKey: pageSeoKeys.public }),
      ]),
  });
}
