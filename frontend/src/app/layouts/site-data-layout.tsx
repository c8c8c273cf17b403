import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { runtimeConfig } from '@/config/runtime-config';
import { lazyComponent } from '@/lib/lazy-component';
import { useInitialResource } from '@/lib/render-context';
import { useHeadClaimed } from '@/lib/use-head';
import { usePageAnalytics } from '@/features/analytics/use-page-analytics';
import { ownsHead, seoRoute } from '@/features/seo/head-owners';
import type { PageSeoRecord } from '@/data/page-seo/types';
import { PageSeo } from '@/features/seo/page-seo-view';

/** Name of the route's SEO record in the page's embedded data (crates/site writes it). */
export const PAGE_SEO_RESOURCE = 'pageSeo';

/** Loads a route's record after a navigation (its code, with react-query, loads on first use). */
const PageSeoLoader = lazyComponent(async () => (await import('@/features/seo/page-seo-loader')).PageSeoLoader);

/** Without an anon key there is no backend to ask (the Supabase client refuses to start). */
const hasBackend = Boolean(runtimeConfig.supabaseAnonKey);

/**
 * Wraps the public pages: applies each route's SEO record to the head (cached 5 minutes),
 * renders the record's body content under the page when it has any, and records page
 * analytics. Pages that build their own head (a blog post by route, and any page that calls
 * useHead: archives, search, the not-found page) are left alone. The page the server rendered
 * comes with its record; later pages ask for theirs.
 */
export function SiteDataLayout() {
  const { pathname } = useLocation();
  const route = seoRoute(pathname);
  // True from the commit after a page claims the head; PageSeo itself checks on the first one.
  const headClaimed = useHeadClaimed();
  usePageAnalytics(route, hasBackend);
  const selfManaged = ownsHead(route) || headClaimed;
  const embedded = useInitialResource(PAGE_SEO_RESOURCE) as PageSeoRecord | null | undefined;

  let seo = null;
  if (!selfManaged && embedded !== undefined) {
    seo = <PageSeo route={route} record={embedded} />;
  } else if (!selfManaged && hasBackend) {
    seo = (
      <Suspense fallback={null}>
        <PageSeoLoader route={route} />
      </Suspense>
    );
  } else if (!selfManaged) {
    seo = <PageSeo route={route} record={null} />;
  }

  return (
    <>
      <Outlet />
      {seo}
    </>
  );
}
