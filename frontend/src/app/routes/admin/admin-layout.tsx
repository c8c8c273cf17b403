import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { adminSessionQuery, type SessionCheck } from '@/features/admin/auth/validate-token';
import { logSignOut } from '@/features/admin/activity/log-sign-out';
import { getAdminToken, removeAdminToken } from '@/features/admin/shared/admin-token';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { mayOpen, ROLE_LABELS } from '@/features/admin/shared/admin-role';
import { AdminSessionContext, type AdminSession } from '@/features/admin/shared/session/admin-session';
import { signOutStaff, signOutStaffHere } from '@/features/admin/shared/session/sign-out-staff';
import '@/features/admin/shared/admin.css';
import { supabase } from '@/lib/supabase';
import { withQueryProvider } from '@/lib/query-client';
import { AdminShell } from './admin-shell';

type Refusal = Extract<SessionCheck, { valid: false }>['reason'];

/** What /auth shows after the layout sent someone back there (router state `notice`). */
const NOTICES: Partial<Record<Refusal, string>> = {
  'not-staff': 'This account has no admin access. Ask an owner to invite you.',
};

/** A screen the role may not open: said plainly, with the way back. */
function NotForRole({ session }: { session: AdminSession }) {
  return (
    <div className="admin-page">
      <section className="admin-card" aria-labelledby="admin-no-access-title">
        <h1 id="admin-no-access-title" className="admin-card__title">
          This page is not part of your role
        </h1>
        <p className="admin-muted">
          You are signed in as {ROLE_LABELS[session.role].toLowerCase()}. An owner can change your role on the Staff
          page.
        </p>
        <p>
          <Link to="/admin/blog">Go to Blog Posts</Link>
        </p>
      </section>
    </div>
  );
}

/** The session check could not reach the server: nothing is signed out, it can be tried again. */
function CheckFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="admin-loading" role="alert">
      <div className="admin-card admin-auth__card">
        <h1 className="admin-card__title">We could not check that you are signed in</h1>
        <p className="admin-muted">{errorMessage(error)}</p>
        <div className="admin-actions admin-actions--end">
          <AdminButton variant="primary" onClick={onRetry}>
            Try again
          </AdminButton>
        </div>
      </div>
    </div>
  );
}

function AdminLayoutScreen() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The passcode's token when one is stored; otherwise the staff session supabase-js keeps.
  const [token] = useState(getAdminToken);
  const [signedOutElsewhere, setSignedOutElsewhere] = useState(false);
  const check = useQuery({ ...adminSessionQuery(token, pathname), placeholderData: keepPreviousData });

  // A staff session the auth client ends (refresh refused, signed out in another tab) ends here.
  useEffect(() => {
    if (token) return;
    const { data } = supabase.auth.onAuthStateChange((event) => {
      if (event === 'SIGNED_OUT') setSignedOutElsewhere(true);
    });
    return () => {
      data.subscription.unsubscribe();
    };
  }, [token]);

  // The passcode path keeps the spec's rule: any failed check signs out. A staff check that could
  // not reach the server signs nobody out (it is shown, and retried).
  const refusal: Refusal | null =
    signedOutElsewhere || (token !== null && check.isError)
      ? 'signed-out'
      : check.data && !check.data.valid
        ? check.data.reason
        : null;

  useEffect(() => {
    if (!refusal) return;
    const leave = async () => {
      if (token) removeAdminToken();
      // A second factor still owed keeps its session: /auth asks for the code.
      else if (refusal !== 'second-factor') await signOutStaffHere();
      const notice = NOTICES[refusal];
      await navigate('/auth', { replace: true, state: notice ? { notice } : null });
    };
    void leave();
  }, [refusal, token, navigate]);

  if (refusal) return null;
  if (check.isError && check.data === undefined) {
    return (
      <CheckFailed
        error={check.error}
        onRetry={() => {
          void check.refetch();
        }}
      />
    );
  }
  if (!check.data?.valid) {
    return (
      <div className="admin-loading" role="status">
        Loading
      </div>
    );
  }

  const { session } = check.data;
  const signOut = () => {
    if (session.kind === 'passcode') {
      // Logged with the session's token, which the call has taken by now; signing out never
      // waits for the log or fails with it.
      void logSignOut().catch(() => undefined);
      removeAdminToken();
      void navigate('/auth');
      return;
    }
    void signOutStaff(logSignOut).then(() => navigate('/auth'));
  };

  return (
    <AdminSessionContext value={session}>
      <AdminShell session={session} onSignOut={signOut}>
        {mayOpen(session.role, pathname) ? <Outlet /> : <NotForRole session={session} />}
      </AdminShell>
    </AdminSessionContext>
  );
}

/**
 * Every admin screen: checks the credential on each route entry ('Loading' while checking,
 * nothing when signed out): the passcode's token through simple-auth, or the staff session
 * through the auth server (and again every minute). Shows the navigation of the signed-in role
 * and only the screens it may open. Admin screens query the backend through the app's one
 * query cache.
 */
export const AdminLayout = withQueryProvider(AdminLayoutScreen);
