import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { adminClient } from '@/features/admin/shared/admin-client';
import { previewKeys } from '@/data/previews/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** What a link previews: a saved post, a page with unsaved content, or a block page with unsaved blocks. */
export type PreviewTarget =
  { kind: 'post'; postId: string } | { kind: 'page'; pageRoute: string } | { kind: 'block_page'; blockPageId: string };

export type PreviewLink = Pick<Tables<'preview_links'>, 'id' | 'label' | 'created_at' | 'expires_at'>;

/** The record a target names (its cache key among the links). */
function targetKey(target: PreviewTarget): string {
  if (target.kind === 'post') return target.postId;
  return target.kind === 'block_page' ? target.blockPageId : target.pageRoute;
}

/** The links of one post or page that still work (not revoked, not expired), newest first. */
export const previewLinksQuery = (target: PreviewTarget) =>
  queryOptions({
    queryKey: [...previewKeys.adminLinks, target.kind, targetKey(target)],
    queryFn: (): Promise<PreviewLink[]> => {
      const query = adminClient()
        .from('preview_links')
        .select('id, label, created_at, expires_at')
        .is('revoked_at', null)
        .gt('expires_at', new Date().toISOString())
        .order('created_at', { ascending: false });
      return dataOrThrow(
        target.kind === 'post'
          ? query.eq('post_id', target.postId)
          : target.kind === 'block_page'
            ? query.eq('block_page_id', target.blockPageId)
            : query.eq('page_route', target.pageRoute),
      );
    },
  });
