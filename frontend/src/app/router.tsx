import { useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { PublicLayout } from '../components/layouts/public-layout';
import { RootLayout } from '../components/layouts/root-layout';
import { SiteDataLayout } from '../features/seo/site-data-layout';
import { dataPublicPages } from './routes/data-public-pages';
import { RouteError } from './routes/route-error';
import { adminRoutes } from './routes/admin/admin-routes';

/** Shown while the first page chunk loads: the header bar only, so nothing jumps. */
function BootFallback() {
  return (
    <div className="boot-fallback" role="status">
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

/** A lazily loaded page: each page module is its own chunk. */
function page(path: string, load: () => Promise<ComponentType>): RouteObject {
  return {
    path,
    lazy: async () => ({ Component: await load() }),
  };
}

/**
 * The static public pages. The five fixed article paths are plain static segments, so a
 * `blog/:slug` route added next to them ranks below them (react-router ranks static
 * segments above dynamic ones) and those slugs keep their hand-made pages.
 */
export const staticPublicPages: RouteObject[] = [
  page('services', async () => (await import('../features/services/services-page')).ServicesPage),
  page(
    'rcm-services',
    async () => (await import('../features/rcm/rcm-services-page')).RcmServicesPage,
  ),
  page('about', async () => (await import('../features/about/about-page')).AboutPage),
  page('contact', async () => (await import('../features/contact/contact-page')).ContactPage),
  page('careers', async () => (await import('../features/careers/careers-page')).CareersPage),
  page(
    'api-integrations',
    async () => (await import('../features/integrations/api-integrations-page')).ApiIntegrationsPage,
  ),
  page(
    'privacy-policy',
    async () => (await import('../features/legal/privacy-policy-page')).PrivacyPolicyPage,
  ),
  page(
    'cookie-policy',
    async () => (await import('../features/legal/cookie-policy-page')).CookiePolicyPage,
  ),
  page(
    'blog/streamlining-dme-claims-processing',
    async () =>
      (await import('../features/articles/pages/streamlining-dme-claims-processing'))
        .StreamliningDmeClaimsProcessingArticle,
  ),
  page(
    'blog/compliance-best-practices-dme-providers',
    async () =>
      (await import('../features/articles/pages/compliance-best-practices-dme-providers'))
        .ComplianceBestPracticesArticle,
  ),
  page(
    'blog/mobile-delivery-management',
    async () =>
      (await import('../features/articles/pages/mobile-delivery-management'))
        .MobileDeliveryManagementArticle,
  ),
  page(
    'blog/maximizing-revenue-real-time-reporting',
    async () =>
      (await import('../features/articles/pages/maximizing-revenue-real-time-reporting'))
        .MaximizingRevenueRealTimeReportingArticle,
  ),
  page(
    'blog/dme-billing-coding-guide',
    async () =>
      (await import('../features/articles/pages/dme-billing-coding-guide')).DmeBillingCodingGuideArticle,
  ),
];

/**
 * Route table. Every page module is lazy (its own chunk); the layouts and the error
 * screen stay in the entry chunk so a failed page or chunk load can still be reported.
 */
export const routes: RouteObject[] = [
  {
    // Global widgets (notifications, cookie banner) and scroll behaviour, for every screen.
    element: <RootLayout />,
    // Errors thrown by the layouts themselves replace the whole screen...
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootFallback />,
    children: [
      // /auth and the admin screens (lazy; no public header or footer).
      ...adminRoutes,
      {
        element: <PublicLayout />,
        children: [
          {
            // ...errors thrown by a page render inside the header and footer.
            errorElement: <RouteError />,
            // Page SEO, page body content and analytics for every public page.
            element: <SiteDataLayout />,
            children: [
              {
                index: true,
                lazy: async () => {
                  const { HomeRoute } = await import('./routes/home');
                  return { Component: HomeRoute };
                },
              },
              ...staticPublicPages,
              ...dataPublicPages,
              {
                path: '*',
                lazy: async () => {
                  const { NotFoundRoute } = await import('./routes/not-found');
                  return { Component: NotFoundRoute };
                },
              },
            ],
          },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
