import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type SubmitEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { getAdminToken, setAdminToken } from '@/features/admin/shared/admin-token';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { currentStaffSession } from '@/features/admin/shared/session/staff-session';
import { adminKeys } from '@/data/admin/keys';
import { useLogin } from './login';
import { nextSignInStep } from './sign-in-staff';
import { StaffSignInCard, type StaffSignInView } from './staff-sign-in-card';
import { errorToast } from '@/features/admin/shared/error-toast';
import '@/features/admin/shared/admin.css';
import { withQueryProvider } from '@/lib/query-client';

/** The spec's card: the admin passcode (the owner's break-glass sign-in), exactly as specified. */
function PasscodeCard({ onSignedIn }: { onSignedIn: () => void }) {
  const [passcode, setPasscode] = useState('');
  const loginMutation = useLogin();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    loginMutation.mutate(passcode, {
      onSuccess: (result) => {
        if (result.success && result.token) {
          setAdminToken(result.token);
          toast({ title: 'Welcome!', description: 'Access granted.' });
          onSignedIn();
        } else {
          toast({
            title: 'Access Denied',
            description: result.error || 'Invalid passcode.',
            variant: 'destructive',
          });
        }
      },
      onError: errorToast(),
    });
  };

  const busy = loginMutation.isPending;
  return (
    <section className="admin-card admin-auth__card" aria-labelledby="admin-auth-title">
      <h1 id="admin-auth-title" className="admin-card__title">
        Admin Access
      </h1>
      <p className="admin-muted">Enter the passcode to access the blog admin</p>
      <form onSubmit={onSubmit} className="admin-form">
        <div className="admin-field">
          <label htmlFor="admin-passcode">Passcode</label>
          <input
            id="admin-passcode"
            type="password"
            required
            autoComplete="current-password"
            placeholder="Enter admin passcode"
            value={passcode}
            onChange={(event) => {
              setPasscode(event.target.value);
            }}
          />
        </div>
        <AdminButton type="submit" variant="primary" disabled={busy}>
          {busy ? 'Checking...' : 'Access Admin'}
        </AdminButton>
      </form>
    </section>
  );
}

function AuthPageScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const [hasToken] = useState(() => getAdminToken() !== null);
  const [staffView, setStaffView] = useState<StaffSignInView>('password');

  // A staff session kept from before opens the admin, or asks for the code it still owes.
  useEffect(() => {
    if (hasToken) return;
    const left = new AbortController();
    void (async () => {
      if (!(await currentStaffSession())) return;
      const step = await nextSignInStep();
      if (left.signal.aborted) return;
      if (step.next === 'done') void navigate('/admin/blog', { replace: true });
      else if (step.next === 'second-factor') setStaffView('code');
    })().catch(() => undefined);
    return () => {
      left.abort();
    };
  }, [hasToken, navigate]);

  if (hasToken) return <Navigate to="/admin/blog" replace />;

  /** A new sign-in starts from an empty admin cache: nothing another person's session read. */
  const open = () => {
    queryClient.removeQueries({ queryKey: adminKeys.all });
    void navigate('/admin/blog');
  };

  return (
    <main className="admin-auth">
      <div className="admin-auth__cards">
        <PasscodeCard onSignedIn={open} />
        <StaffSignInCard
          key={staffView}
          initialView={staffView}
          notice={typeof notice === 'string' ? notice : undefined}
          onSignedIn={(name) => {
            toast({ title: 'Welcome!', description: `Signed in as ${name}.` });
            open();
          }}
        />
      </div>
    </main>
  );
}

/**
 * /auth: the spec's passcode card, and the staff sign-in beside it. A stored admin_token or a
 * staff session opens /admin/blog at once. Admin screens query the backend through the app's
 * one query cache.
 */
export const AuthPage = withQueryProvider(AuthPageScreen);
