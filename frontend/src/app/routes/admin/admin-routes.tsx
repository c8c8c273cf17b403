import type { RouteObject } from 'react-router';
import { lazyComponent } from '@/lib/lazy-component';

/** The sign-in screen's path. */
export const AUTH_PATH = 'auth';
/** The admin area's path; its screens are below it. */
export const ADMIN_PATH = 'admin';

function createAdminRoutes(): RouteObject[] {
  const AuthPage = lazyComponent(async () => (await import('@/features/admin/auth/auth-page')).AuthPage);
  const AdminLayout = lazyComponent(async () => (await import('./admin-layout')).AdminLayout);
  const BlogAdminPage = lazyComponent(
    async () => (await import('@/features/admin/blog/blog-admin-page')).BlogAdminPage,
  );
  const PageSeoAdminPage = lazyComponent(
    async () => (await import('@/features/admin/pages/page-seo-admin-page')).PageSeoAdminPage,
  );
  const ContentAdminPage = lazyComponent(
    async () => (await import('@/features/admin/pages/content-admin-page')).ContentAdminPage,
  );
  const WhitepapersAdminPage = lazyComponent(
    async () => (await import('@/features/admin/whitepapers/whitepapers-admin-page')).WhitepapersAdminPage,
  );
  const LeadsAdminPage = lazyComponent(
    async () => (await import('@/features/admin/leads/leads-admin-page')).LeadsAdminPage,
  );
  const AnalyticsAdminPage = lazyComponent(
    async () => (await import('@/features/admin/analytics/analytics-admin-page')).AnalyticsAdminPage,
  );
  const MediaAdminPage = lazyComponent(
    async () => (await import('@/features/admin/media/media-admin-page')).MediaAdminPage,
  );
  const ActivityAdminPage = lazyComponent(
    async () => (await import('@/features/admin/activity/activity-admin-page')).ActivityAdminPage,
  );
  return [
    { path: AUTH_PATH, element: <AuthPage /> },
    {
      path: ADMIN_PATH,
      element: <AdminLayout />,
      children: [
        { path: 'blog', element: <BlogAdminPage /> },
        { path: 'pages', element: <PageSeoAdminPage /> },
        { path: 'content', element: <ContentAdminPage /> },
        { path: 'whitepapers', element: <WhitepapersAdminPage /> },
        { path: 'leads', element: <LeadsAdminPage /> },
        { path: 'analytics', element: <AnalyticsAdminPage /> },
        { path: 'activity', element: <ActivityAdminPage /> },
        { path: 'media', element: <MediaAdminPage /> },
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
