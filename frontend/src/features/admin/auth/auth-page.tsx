import { useState, type SubmitEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { getAdminToken, setAdminToken } from '@/features/admin/shared/admin-token';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { useLogin } from './login';
import { errorToast } from '@/features/admin/shared/error-toast';
import '@/features/admin/shared/admin.css';
import { withQueryProvider } from '@/lib/query-client';

function AuthPageScreen() {
  const navigate = useNavigate();
  const [passcode, setPasscode] = useState('');
  const [hasToken] = useState(() => getAdminToken() !== null);
  const loginMutation = useLogin();

  if (hasToken) return <Navigate to="/admin/blog" replace />;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    loginMutation.mutate(passcode, {
      onSuccess: (result) => {
        if (result.success && result.token) {
          setAdminToken(result.token);
          toast({ title: 'Welcome!', description: 'Access granted.' });
          void navigate('/admin/blog');
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
    <main className="admin-auth">
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
    </main>
  );
}

/** /auth. Admin screens query the backend through the app's one query cache. */
export const AuthPage = withQueryProvider(AuthPageScreen);
