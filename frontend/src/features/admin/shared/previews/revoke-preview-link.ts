import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { previewKeys } from '@/data/previews/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Stops a link at once (the preview page is never cached). */
export async function revokePreviewLink(id: string): Promise<void> {
  await dataOrThrow(adminClient().from('preview_links').update({ revoked_at: new Date().toISOString() }).eq('id', id));
}

export function useRevokePreviewLink() {
  return useInvalidatingMutation(revokePreviewLink, [previewKeys.adminLinks]);
}
