import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { adminKeys } from '@/data/admin/keys';
import { blogKeys } from '@/data/blog/keys';
import { pageSeoKeys } from '@/data/page-seo/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Restores a revision (public.restore_revision); the restore is itself a new revision. */
export async function restoreRevision(revisionId: number): Promise<string> {
  return dataOrThrow(adminClient().rpc('restore_revision', { revision_id: revisionId }));
}

export function useRestoreRevision() {
  return useInvalidatingMutation(restoreRevision, [
    // Revisions, the admin lists and the public caches of whatever was restored.
    adminKeys.all,
    blogKeys.public,
    pageSeoKeys.public,
  ]);
}
