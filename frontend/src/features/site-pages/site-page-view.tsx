import { useEffect, useState, type ReactNode } from 'react';
import { BlockPage } from '@/components/blocks/block-page';
import { useInitialResource } from '@/lib/render-context';
import { knownSitePage, readSitePage, SITE_PAGE_RESOURCE, type PublicSitePage } from './site-page-query';

/** The page at `route`: the server's embedded one, else this tab's fresh copy, else read now. */
function useSitePage(route: string): PublicSitePage | null | undefined {
  const embedded = useInitialResource(SITE_PAGE_RESOURCE) as PublicSitePage | null | undefined;
  const [page, setPage] = useState(() => (embedded !== undefined ? embedded : knownSitePage(route)));
  useEffect(() => {
    if (page !== undefined) return;
    let current = true;
    void readSitePage(route).then((read) => {
      if (current) setPage(read);
    });
    return () => {
      current = false;
    };
  }, [route, page]);
  return page;
}

/**
 * The live block page at `route` (stored in lower case, without a trailing slash: the server
 * redirects other spellings); `notFound` when there is none (a deleted or unpublished page, or
 * any unknown path). Keyed by route where it is used, so each route starts from its own data.
 */
export function SitePageView({ route, notFound }: { route: string; notFound: ReactNode }) {
  const page = useSitePage(route);
  if (page === undefined) return null;
  if (!page) return notFound;
  return <BlockPage blocks={page.blocks} route={page.route} />;
}
