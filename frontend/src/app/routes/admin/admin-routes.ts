import type { RouteObject } from 'react-router';

/**
 * /auth and the admin screens. Everything is lazy: public pages never download admin or
 * editor code (Quill loads later still, inside the editor).
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'auth',
    lazy: async () => ({ Component: (await import('../../../features/admin/auth/auth-page')).AuthPage }),
  },
  {
    path: 'admin',
    lazy: async () => ({
      Component: (await import('../../../features/admin/layout/admin-layout')).AdminLayout,
    }),
    children: [
      {
        path: 'blog',
        lazy: async () => ({
          Component: (await import('../../../features/admin/blog/blog-admin-page')).BlogAdminPage,
        }),
      },
      {
        path: 'pages',
        lazy: async () => ({
          Component: (await import('../../../features/admin/pages/page-seo-admin-page')).PageSeoAdminPage,
        }),
      },
      {
        path: 'content',
        lazy: async () => ({
          Component: (await import('../../../features/admin/content/content-admin-page')).ContentAdminPage,
        }),
      },
      {
        path: 'whitepapers',
        lazy: async () => ({
          Component: (await import('../../../features/admin/whitepapers/whitepapers-admin-page')).WhitepapersAdminPage,
        }),
      },
      {
        path: 'leads',
        lazy: async () => ({
          Component: (await import('../../../features/admin/leads/leads-admin-page')).LeadsAdminPage,
        }),
      },
      {
        path: 'analytics',
        lazy: async () => ({
          Component: (await import('../../../features/admin/analytics/analytics-admin-page')).AnalyticsAdminPage,
        }),
      },
    ],
  },
];
