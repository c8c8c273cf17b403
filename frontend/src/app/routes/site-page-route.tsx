import { useLocation } from 'react-router';
import { seoRoute } from '@/features/seo/head-owners';
import { SitePageView } from '@/features/site-pages/site-page-view';
import { lazyComponent } from '@/lib/lazy-component';

/** Its own chunk: a block page does not load the not-found page's search and popular posts. */
const NotFoundPage = lazyComponent(async () => (await import('./not-found')).NotFoundRoute);

/**
 * A page built from blocks by staff (block_pages): the site's own marketing pages at their fixed
 * routes, and any other path, which shows the not-found page unless a live block page is there.
 * `route` names the page when it is not the location's (a preview of content under it).
 */
export function SitePageRoute({ route }: { route?: string }) {
  const { pathname } = useLocation();
  const shown = route ?? seoRoute(pathname).toLowerCase();
  return <SitePageView key={shown} route={shown} notFound={<NotFoundPage />} />;
}
