import { queryOptions } from '@tanstack/react-query';

/** Name of the route's live block page (or null) in a server-rendered page's embedded data. */
export const SITE_PAGE_RESOURCE = 'sitePage';

/** The columns a public page reads (crates/site reads the same for the pages it renders). */
export const SITE_PAGE_COLUMNS = 'id,route,name,blocks';

/** A live block page as the public site reads it. */
export interface PublicSitePage {
  id: string;
  route: string;
  name: string;
  blocks: unknown;
}

/**
 * The live block page at `route`, or null. Staff signed in see drafts through the table's
 * policies, so the query asks for live pages itself, as the server's anonymous read gets them.
 */
export function sitePageQuery(route: string) {
  return queryOptions({
    queryKey: ['site-pages', 'live', route],
    queryFn: async (): Promise<PublicSitePage | null> => {
      const { supabase } = await import('@/lib/supabase');
      const { data, error } = await supabase
        .from('block_pages')
        .select(SITE_PAGE_COLUMNS)
        .eq('route', route)
        .eq('published', true)
        .or(`publish_at.is.null,publish_at.lte.${new Date().toISOString()}`)
        .maybeSingle();
      if (error) throw new Error(`The page at ${route} could not be loaded: ${error.message}`);
      return data;
    },
    staleTime: 5 * 60 * 1000,
  });
}
