import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { lazyComponent, lazyPage } from '@/lib/lazy-component';

/** The sign-in screen's path. */
export const AUTH_PATH = 'auth';
/** Where an invitation email's link lands (an invited staff member chooses a password). */
export const WELCOME_PATH = 'auth/welcome';
/** Where a password reset email's link lands. */
export const RESET_PATH = 'auth/reset';
/** The admin area's path; its screens are below it. */
export const ADMIN_PATH = 'admin';

function createAdminRoutes(): RouteObject[] {
  return [
    lazyPage(AUTH_PATH, async () => (await import('@/features/admin/auth/auth-page')).AuthPage),
    lazyPage(WELCOME_PATH, async () => (await import('@/features/admin/auth/welcome-page')).WelcomePage),
    lazyPage(RESET_PATH, async () => (await import('@/features/admin/auth/reset-page')).ResetPage),
    {
      ...lazyPage(ADMIN_PATH, async () => (await import('./admin-layout')).AdminLayout),
      children: [
        // A new post, or one open for editing (linkable and reloadable). One route, so the screen
        // stays mounted when a new post's first save moves it to the post's own address.
        lazyPage('blog/:postId?', async () => (await import('@/features/admin/blog/blog-admin-page')).BlogAdminPage),
        lazyPage(
          'site-pages',
          async () => (await import('@/features/admin/site-pages/site-pages-admin-page')).SitePagesAdminPage,
        ),
        lazyPage('site-pages/:pageId', async () => (await import('./site-page-editor-route')).SitePageEditorRoute),
        lazyPage('pages', async () => (await import('@/features/admin/pages/page-seo-admin-page')).PageSeoAdminPage),
        lazyPage('content', async () => (await import('./content-route')).ContentRoute),
        lazyPage(
          'whitepapers',
          async () => (await import('@/features/admin/whitepapers/whitepapers-admin-page')).WhitepapersAdminPage,
        ),
        lazyPage('leads', async () => (await import('@/features/leads/inbox/leads-admin-page')).LeadsAdminPage),
        lazyPage(
          'analytics',
          async () => (await import('@/features/admin/analytics/analytics-admin-page')).AnalyticsAdminPage,
        ),
        lazyPage(
          'activity',
          async () => (await import('@/features/admin/activity/activity-admin-page')).ActivityAdminPage,
        ),
        lazyPage('media', async () => (await import('@/features/admin/media/media-admin-page')).MediaAdminPage),
        lazyPage(
          'redirects',
          async () => (await import('@/features/admin/redirects/redirects-admin-page')).RedirectsAdminPage,
        ),
        lazyPage(
          'health',
          async () => (await import('@/features/admin/site-health/site-health-admin-page')).SiteHealthAdminPage,
        ),
        lazyPage(
          'taxonomies',
          async () => (await import('@/features/admin/taxonomies/taxonomies-admin-page')).TaxonomiesAdminPage,
        ),
        lazyPage('staff', async () => (await import('@/features/admin/staff/staff-admin-page')).StaffAdminPage),
        lazyPage('account', async () => (await import('@/features/admin/account/account-page')).AccountPage),
      ],
    },
  ];
}

/**
 * /auth and the admin screens. Everything is lazy: public pages never download admin or
 * editor code (Quill loads later still, inside the editor). The server never renders them, so
 * its bundle leaves them out.
 */
export const adminRoutes: RouteObject[] = import.meta.env.SSR ? [] : createAdminRoutes();

const PreviewFrame = lazyComponent(async () => (await import('./preview-frame-route')).PreviewFrameRoute);

/**
 * The block editor's live preview, inside its iframe: the site's look, without the admin's frame
 * (it draws only what the editor posts it, so it needs no sign-in of its own), and outside the
 * root layout: the notifications and the error screen are the editor's, not the frame's.
 */
export const previewFrameRoutes: RouteObject[] = import.meta.env.SSR
  ? []
  : [
      {
        path: `${ADMIN_PATH}/site-pages/preview-frame`,
        element: (
          <Suspense fallback={null}>
            <PreviewFrame />
          </Suspense>
        ),
      },
    ];
