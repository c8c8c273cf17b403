import { queryOptions } from '@tanstack/react-query';
import { blogKeys } from '@/data/blog/keys';
import type { BlogArchive } from '@/data/blog/types';
import type { ArchiveKind } from '@/lib/taxonomy-slug';

/** Name of an archive's page in a server-rendered archive's embedded data. */
export const BLOG_ARCHIVE_RESOURCE = 'blogArchive';

/** Posts on one page of an archive (blog_archive's default page size). */
export const ARCHIVE_PAGE_SIZE = 12;

/** What an archive's URL asks for: `/blog/{kind}/{slug}?page={page}`. */
export interface ArchiveRequest {
  kind: ArchiveKind;
  slug: string;
  page: number;
}

/**
 * One page of a category's, tag's or author's published posts, newest first
 * (public.blog_archive); null when no visible post and no SEO record has that slug.
 */
export function blogArchiveQuery({ kind, slug, page }: ArchiveRequest) {
  return queryOptions({
    queryKey: [...blogKeys.archives, kind, slug, page],
    queryFn: async (): Promise<BlogArchive | null> => {
      const { supabase } = await import('@/lib/supabase');
      const { data, error } = await supabase.rpc('blog_archive', {
        kind,
        slug,
        page,
        page_size: ARCHIVE_PAGE_SIZE,
      });
      if (error) throw new Error(`The ${kind} archive "${slug}" failed to load: ${error.message}`);
      return data as unknown as BlogArchive | null;
    },
  });
}

/**
 * The embedded archive, when it is the one the URL asks for (the server embeds the page it
 * rendered; the same location with another page or slug must ask the backend).
 */
export function matchingArchive(embedded: unknown, request: ArchiveRequest): BlogArchive | undefined {
  if (typeof embedded !== 'object' || embedded === null) return undefined;
  const archive = embedded as BlogArchive;
  return archive.kind === request.kind && archive.slug === request.slug && archive.page === request.page
    ? archive
    : undefined;
}
