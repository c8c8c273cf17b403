import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import { authErrorMessage } from '@/features/admin/shared/session/auth-error-message';
import { AuthProblem } from '@/features/admin/shared/session/auth-problem';
import { signOutStaffHere } from '@/features/admin/shared/session/sign-out-staff';
import { TotpCodeField } from '@/features/admin/shared/session/totp-code-field';
import { useRequestPasswordReset } from './request-password-reset';
import { useSignInStaff, type StaffSignInStep } from './sign-in-staff';
import { useVerifyTotp } from './verify-totp';

export type StaffSignInView = 'password' | 'code' | 'forgot' | 'forgot-sent';

/** Said once a reset link was asked for, whether or not the address has an account. */
export const RESET_SENT = "If that address has a staff account, we've emailed a link to reset the password.";
export const NOT_STAFF = 'This account has no admin access. Ask an owner to invite you.';

/** The first control of each view, focused when the view changes. */
const FIRST_FIELD: Record<StaffSignInView, string> = {
  password: 'staff-email',
  code: 'staff-code',
  forgot: 'staff-reset-email',
  'forgot-sent': 'staff-back',
};

interface StaffSignInCardProps {
  /** 'code' when a signed-in session still owes its second factor (a new value needs a new key). */
  initialView: StaffSignInView;
  /** A message to show first (e.g. why the admin sent the person back here). */
  notice?: string;
  onSignedIn: (name: string) => void;
}

/**
 * "Sign in with your staff account": email and password, then the authenticator code when the
 * account has one; "Forgot password?" asks for a reset link.
 */
export function StaffSignInCard({ initialView, notice, onSignedIn }: StaffSignInCardProps) {
  const [view, setView] = useState<StaffSignInView>(initialView);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(notice ?? null);
  const signIn = useSignInStaff();
  const verify = useVerifyTotp();
  const reset = useRequestPasswordReset();

  // Each later view (and the code step when the card opens on it) takes the focus.
  const shown = useRef<StaffSignInView | null>(initialView === 'code' ? null : initialView);
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    document.getElementById(FIRST_FIELD[view])?.focus();
  }, [view]);

  const go = (next: StaffSignInView) => {
    setProblem(null);
    setView(next);
  };

  const afterStep = (step: StaffSignInStep) => {
    if (step.next === 'done') onSignedIn(step.name);
    else if (step.next === 'second-factor') {
      setCode('');
      go('code');
    } else {
      setPassword('');
      setProblem(NOT_STAFF);
      setView('password');
    }
  };
  const onError = (error: unknown) => {
    setProblem(authErrorMessage(error));
  };

  const submitPassword = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    signIn.mutate({ email, password }, { onSuccess: afterStep, onError });
  };
  const submitCode = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    verify.mutate(code, {
      onSuccess: afterStep,
      onError: (error) => {
        setCode('');
        onError(error);
      },
    });
  };
  const submitReset = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    reset.mutate(email, {
      onSuccess: () => {
        go('forgot-sent');
      },
      onError,
    });
  };

  return (
    <section className="admin-card admin-auth__card" aria-labelledby="staff-sign-in-title">
      <h2 id="staff-sign-in-title" className="admin-card__title">
        Sign in with your staff account
      </h2>
      {view === 'password' && (
        <form onSubmit={submitPassword} className="admin-form">
          <p className="admin-muted">Use the email address your invitation was sent to.</p>
          <AdminTextField
            id="staff-email"
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={setEmail}
          />
          <AdminTextField
            id="staff-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={setPassword}
          />
          <AuthProblem problem={problem} />
          <div className="admin-auth__actions">
            <AdminButton type="submit" variant="primary" disabled={signIn.isPending}>
              {signIn.isPending ? 'Signing in...' : 'Sign in'}
            </AdminButton>
            <button
              type="button"
              className="admin-link-button"
              onClick={() => {
                go('forgot');
              }}
            >
              Forgot password?
            </button>
          </div>
        </form>
      )}
      {view === 'code' && (
        <form onSubmit={submitCode} className="admin-form">
          <p className="admin-muted">Your account is protected with two-step verification.</p>
          <TotpCodeField id="staff-code" value={code} onChange={setCode} />
          <AuthProblem problem={problem} />
          <div className="admin-auth__actions">
            <AdminButton type="submit" variant="primary" disabled={verify.isPending || code.length !== 6}>
              {verify.isPending ? 'Verifying...' : 'Verify'}
            </AdminButton>
            <button
              type="button"
              className="admin-link-button"
              onClick={() => {
                void signOutStaffHere().then(() => {
                  setPassword('');
                  go('password');
                });
              }}
            >
              Use another account
            </button>
          </div>
        </form>
      )}
      {view === 'forgot' && (
        <form onSubmit={submitReset} className="admin-form">
          <p className="admin-muted">Enter your staff email and we will send a link to choose a new password.</p>
          <AdminTextField
            id="staff-reset-email"
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={setEmail}
          />
          <AuthProblem problem={problem} />
          <div className="admin-auth__actions">
            <AdminButton type="submit" variant="primary" disabled={reset.isPending}>
              {reset.isPending ? 'Sending...' : 'Send reset link'}
            </AdminButton>
            <button
              type="button"
              className="admin-link-button"
              onClick={() => {
                go('password');
              }}
            >
              Back to sign in
            </button>
          </div>
        </form>
      )}
      {view === 'forgot-sent' && (
        <div className="admin-form">
          <p role="status">{RESET_SENT}</p>
          <p className="admin-muted">The link works once. If it has expired, ask for a new one here.</p>
          <div className="admin-auth__actions">
            <AdminButton
              id="staff-back"
              onClick={() => {
                go('password');
              }}
            >
              Back to sign in
            </AdminButton>
          </div>
        </div>
      )}
    </section>
  );
}
