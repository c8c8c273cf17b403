import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { adminClient } from '@/features/admin/shared/admin-client';
import { previewKeys } from '@/data/previews/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** What a link previews: a saved post, or a page with unsaved content. */
export type PreviewTarget = { kind: 'post'; postId: string } | { kind: 'page'; pageRoute: string };

export type PreviewLink = Pick<Tables<'preview_links'>, 'id' | 'label' | 'created_at' | 'expires_at'>;

/** The links of one post or page that still work (not revoked, not expired), newest first. */
export const previewLinksQuery = (target: PreviewTarget) =>
  queryOptions({
    queryKey: [...previewKeys.adminLinks, target.kind === 'post' ? target.postId : target.pageRoute],
    queryFn: (): Promise<PreviewLink[]> => {
      const query = adminClient()
        .from('preview_links')
        .select('id, label, created_at, expires_at')
        .is('revoked_at', null)
        .gt('expires_at', new Date().toISOString())
        .order('created_at', { ascending: false });
      return dataOrThrow(
        target.kind === 'post' ? query.eq('post_id', target.postId) : query.eq('page_route', target.pageRoute),
      );
    },
  });
