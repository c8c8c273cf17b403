import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { previewKeys } from '@/data/previews/keys';

/** Stops a link at once (the preview page is never cached). */
export async function revokePreviewLink(id: string): Promise<void> {
  const { error } = await adminClient()
    .from('preview_links')
    .update({ revoked_at: new Date().toISOString() })
    .eq('id', id);
  if (error) throw error;
}

export function useRevokePreviewLink() {
  return useInvalidatingMutation(revokePreviewLink, [previewKeys.adminLinks]);
}
