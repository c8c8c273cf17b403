import { renderAdminRoutes } from '@/features/admin/shared/session/render-admin-screen';
import { AuthPage } from './auth-page';

/** Renders the sign-in page at /auth for a test, with a stand-in for /admin/blog, where signing in leads. */
export function renderAuthPage() {
  return renderAdminRoutes(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/admin/blog', element: <p>admin blog</p> },
    ],
    '/auth',
  );
}
