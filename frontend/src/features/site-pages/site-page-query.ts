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

/** How long a page read after a navigation is shown again without asking (as other public reads). */
const FRESH_FOR_MS = 5 * 60 * 1000;

const known = new Map<string, { page: PublicSitePage | null; readAt: number }>();

/** The page at `route` as last read in this tab, while fresh; undefined when it must be asked for. */
export function knownSitePage(route: string): PublicSitePage | null | undefined {
  const entry = known.get(route);
  return entry && Date.now() - entry.readAt < FRESH_FOR_MS ? entry.page : undefined;
}

/**
 * The live block page at `route`, or null (none, or it could not be read: the not-found page
 * shows). Staff signed in see drafts through the table's policies, so the request asks for live
 * pages itself, as the server's anonymous read gets them. Not a react-query query: a block page
 * is a public page, and react-query would add 15 KB to every one of them for this one read.
 */
export async function readSitePage(route: string): Promise<PublicSitePage | null> {
  const { supabase } = await import('@/lib/supabase');
  const { data, error } = await supabase
    .from('block_pages')
    .select(SITE_PAGE_COLUMNS)
    .eq('route', route)
    .eq('published', true)
    .or(`publish_at.is.null,publish_at.lte.${new Date().toISOString()}`)
    .maybeSingle();
  if (error) console.error(`The page at ${route} could not be loaded:`, error.message);
  const page = error ? null : data;
  known.set(route, { page, readAt: Date.now() });
  return page;
}
