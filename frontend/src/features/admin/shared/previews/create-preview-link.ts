import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { type PreviewTarget } from './preview-links-query';
import { previewKeys } from '@/data/previews/keys';
import { dataOrThrow } from '@/lib/data-or-throw';
import type { Json } from '@/lib/database.types';

export interface CreatePreviewInput {
  target: PreviewTarget;
  /** For a page: the content to show instead of the saved one. */
  content?: string;
  /** For a block page: the blocks to show instead of the saved ones (checked by the database). */
  blocks?: unknown;
  days: number;
}

export interface CreatedPreview {
  url: string;
  expiresAt: string;
}

interface CreatedRow {
  token: string;
  expires_at: string;
}

/** A new link (public.create_preview_link); the token is only ever returned here, once. */
export async function createPreviewLink({
  target,
  content,
  blocks,
  days,
}: CreatePreviewInput): Promise<CreatedPreview> {
  const args =
    target.kind === 'post'
      ? { kind: 'post', post_id: target.postId, expires_in_days: days }
      : target.kind === 'block_page'
        ? {
            kind: 'block_page',
            block_page_id: target.blockPageId,
            blocks: (blocks ?? null) as Json,
            expires_in_days: days,
          }
        : { kind: 'page', page_route: target.pageRoute, content: content ?? '', expires_in_days: days };
  const data = await dataOrThrow(adminClient().rpc('create_preview_link', args));
  const created = data as unknown as CreatedRow;
  return { url: `${window.location.origin}/preview/${created.token}`, expiresAt: created.expires_at };
}

export function useCreatePreviewLink() {
  return useInvalidatingMutation(createPreviewLink, [previewKeys.adminLinks]);
}
