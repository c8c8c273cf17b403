import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { adminSessionQuery } from '@/features/admin/auth/validate-token';
import { logSignOut } from '@/features/admin/activity/log-sign-out';
import { getAdminToken, removeAdminToken } from '@/features/admin/shared/admin-token';
import { AdminButton } from '@/features/admin/shared/admin-button';
import '@/features/admin/shared/admin.css';
import { withQueryProvider } from '@/lib/query-client';

const LINKS: ReadonlyArray<readonly [string, string]> = [
  ['Blog Posts', '/admin/blog'],
  ['Webpage Edit', '/admin/content'],
  ['Page SEO', '/admin/pages'],
  ['Whitepapers', '/admin/whitepapers'],
  ['Media', '/admin/media'],
  ['Leads', '/admin/leads'],
  ['Analytics', '/admin/analytics'],
  ['Activity', '/admin/activity'],
];

function AdminLayoutScreen() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [token] = useState(getAdminToken);
  const session = useQuery({
    ...adminSessionQuery(token ?? '', pathname),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

  const refused = token === null || session.isError || session.data?.valid === false;

  useEffect(() => {
    if (!refused) return;
    removeAdminToken();
    void navigate('/auth', { replace: true });
  }, [refused, navigate]);

  if (refused) return null;
  if (!session.data) {
    return (
      <div className="admin-loading" role="status">
        Loading
      </div>
    );
  }

  const signOut = () => {
    // Logged with the session's token, which the call has taken by now; signing out never
    // waits for the log or fails with it.
    void logSignOut().catch(() => undefined);
    removeAdminToken();
    void navigate('/auth');
  };

  return (
    <div className="admin">
      <header className="admin-nav">
        <div className="admin-nav__inner">
          <span className="admin-nav__title">Admin Dashboard</span>
          <nav aria-label="Admin" className="admin-nav__links">
            {LINKS.map(([label, to]) => (
              <NavLink key={to} to={to} className="admin-nav__link">
                {label}
              </NavLink>
            ))}
          </nav>
          <AdminButton onClick={signOut}>Sign Out</AdminButton>
        </div>
      </header>
      <main className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}

/**
 * Every admin screen: validates the stored token through simple-auth on each route entry
 * ('Loading' while checking, nothing when signed out) and shows the admin navigation. Admin
 * screens query the backend through the app's one query cache.
 */
export const AdminLayout = withQueryProvider(AdminLayoutScreen);
