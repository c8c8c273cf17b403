import { useRoutes, type RouteObject } from 'react-router';
import { PublicLayout } from '@/app/layouts/public-layout';
import { RootLayout } from '@/app/layouts/root-layout';
import { lazyComponent, lazyPage } from '@/lib/lazy-component';
import { SiteDataLayout } from '@/app/layouts/site-data-layout';
import { archivePages, dataPublicPages, homePage, searchPage, SitePage, sitePages } from './routes/data-public-pages';
import { adminRoutes, previewFrameRoutes } from './routes/admin/admin-routes';

/**
 * The static public pages, rendered once at build time (scripts/prerender.mjs). The marketing
 * pages staff edit are block pages (sitePages) and the five hand-made articles data pages (their
 * related posts come from the database).
 */
export const staticPublicPages: RouteObject[] = [
  lazyPage('contact', async () => (await import('@/features/contact/contact-page')).ContactPage),
  lazyPage('privacy-policy', async () => (await import('@/features/legal/privacy-policy-page')).PrivacyPolicyPage),
  lazyPage('cookie-policy', async () => (await import('@/features/legal/cookie-policy-page')).CookiePolicyPage),
];

/** Draft previews: `/preview/{token}`. */
export const PREVIEW_ROUTE_PATH = 'preview/:token';

const PreviewPage = lazyComponent(async () => (await import('@/app/routes/preview-page')).PreviewPage);

/**
 * The page a public route shows, for previews of its content: the home page, a static page or
 * a data page with a fixed path (matched as react-router matches static segments).
 */
export function renderPublicPage(route: string) {
  const path = route.replace(/^\//, '').toLowerCase();
  if (path === '' || sitePages.some((page) => page.path === path)) return <SitePage route={`/${path}`} />;
  const found = [...staticPublicPages, ...dataPublicPages].find(
    (page) => page.path?.toLowerCase() === path && !page.path.includes(':'),
  );
  return found?.element ?? null;
}

/**
 * Route table. Every page module is lazy (its own chunk); the layouts and the error screen
 * stay in the entry chunk so a failed page or chunk load can still be reported.
 */
export const routes: RouteObject[] = [
  ...previewFrameRoutes,
  {
    // Notifications and scroll behaviour, for every screen.
    element: <RootLayout />,
    children: [
      // /auth and the admin screens (lazy; no public header or footer).
      ...adminRoutes,
      {
        element: <PublicLayout />,
        children: [
          // Draft previews: outside the SEO and analytics layout (they set a noindex head of
          // their own, and a token in the analytics would leak it).
          { path: PREVIEW_ROUTE_PATH, element: <PreviewPage renderPage={renderPublicPage} /> },
          {
            // Page SEO, page body content and analytics for every public page.
            element: <SiteDataLayout />,
            children: [
              homePage,
              ...sitePages,
              ...staticPublicPages,
              ...dataPublicPages,
              ...Object.values(archivePages),
              searchPage,
              // Any other path: a block page staff created there, else the not-found page.
              { path: '*', element: <SitePage /> },
            ],
          },
        ],
      },
    ],
  },
];

/** The app's screens for the current location (the router itself comes from the entry). */
export function AppRoutes({ table = routes }: { table?: RouteObject[] }) {
  return useRoutes(table);
}
