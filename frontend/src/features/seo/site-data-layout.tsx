import { QueryClient, QueryClientContext, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useContext, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { company } from '../../config/company';
import { runtimeConfig } from '../../config/runtime-config';
import { usePageAnalytics } from '../analytics/use-page-analytics';
import { applyHead } from './head';
import { buildPageSeoHead } from './page-seo';
import { pageSeoQueryOptions } from './page-seo-query';
import { ownsHead } from './head-owners';

const PageContent = lazy(async () => ({ default: (await import('./page-content')).PageContent }));

/** Route without a trailing slash ("/blog/" and "/blog" share one record). */
export function seoRoute(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Wraps the public pages: applies each route's SEO record to the head (cached 5 minutes),
 * renders the record's body content under the page when it has any, and records page
 * analytics. Pages that build their own head (a blog post) are left alone.
 */
export function SiteDataLayout() {
  const client = useContext(QueryClientContext);
  if (client) return <SiteData />;
  // Rendered without the app's provider (route tests): a client of its own, so pages still render.
  return (
    <QueryClientProvider client={fallbackClient()}>
      <SiteData />
    </QueryClientProvider>
  );
}

let fallback: QueryClient | undefined;
function fallbackClient(): QueryClient {
  fallback ??= new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return fallback;
}

/** Without an anon key there is no backend to ask (the Supabase client refuses to start). */
const hasBackend = Boolean(runtimeConfig.supabaseAnonKey);

function SiteData() {
  const { pathname } = useLocation();
  const route = seoRoute(pathname);
  usePageAnalytics(route, hasBackend);
  const selfManaged = ownsHead(route);
  const { data: record, isSuccess, error } = useQuery({
    ...pageSeoQueryOptions(route),
    enabled: hasBackend && !selfManaged,
  });

  useEffect(() => {
    if (error) console.error('Page SEO:', error);
  }, [error]);

  useEffect(() => {
    if (selfManaged) return;
    // Until the record arrives (or when it fails) the default title shows.
    const head = buildPageSeoHead(isSuccess ? record : null, {
      companyName: company.name,
      siteUrl: company.siteUrl,
      pageUrl: `${company.siteUrl}${route === '/' ? '/' : route}`,
    });
    applyHead(document, head);
  }, [selfManaged, isSuccess, record, route]);

  const content = !selfManaged && record?.content?.trim() ? record.content : null;

  return (
    <>
      <Outlet />
      {content && (
        <Suspense fallback={null}>
          <PageContent html={content} />
        </Suspense>
      )}
    </>
  );
}
