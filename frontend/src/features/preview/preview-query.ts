import { queryOptions } from '@tanstack/react-query';
import type { BlogPost } from '@/data/blog/types';
import type { PageSeoRecord } from '@/data/page-seo/types';
import { previewKeys } from '@/data/previews/keys';

/** Name of the preview (or its refusal) in a server-rendered preview page's embedded data. */
export const PREVIEW_RESOURCE = 'preview';

/** What a preview link shows (public.preview). */
export type Preview =
  | { kind: 'post'; expires_at: string; post: BlogPost }
  | { kind: 'page'; expires_at: string; page_route: string; content: string; page: PageSeoRecord | null }
  | { kind: 'block_page'; expires_at: string; route: string; name: string; blocks: unknown };

/** A link that shows nothing: unknown, revoked or expired, in the database's words. */
export interface PreviewRefusal {
  refused: string;
}

export type PreviewResult = Preview | PreviewRefusal;

export function isRefusal(result: PreviewResult): result is PreviewRefusal {
  return 'refused' in result;
}

/** The status public.preview refuses a link with (SQLSTATE PT404). */
const NOT_FOUND = 404;

/**
 * The draft behind a preview token, asked as anyone (no sign-in): the database checks the
 * token, its expiry and revocation. Never cached beyond the page: a revoked link stops at once.
 */
export function previewQuery(token: string) {
  return queryOptions({
    queryKey: [...previewKeys.public, token],
    staleTime: 0,
    gcTime: 0,
    retry: false,
    queryFn: async (): Promise<PreviewResult> => {
      const { supabase } = await import('@/lib/supabase');
      const { data, error, status } = await supabase.rpc('preview', { token });
      if (error && status === NOT_FOUND) return { refused: error.message };
      if (error) throw new Error(error.message);
      return data as unknown as Preview;
    },
  });
}
