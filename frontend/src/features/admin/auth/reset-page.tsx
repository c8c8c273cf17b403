import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { authErrorMessage } from '@/features/admin/shared/session/auth-error-message';
import { NewPasswordFields, useNewPassword } from '@/features/admin/shared/session/new-password';
import { SecondFactorForm } from '@/features/admin/shared/session/second-factor-form';
import { useUpdatePassword } from '@/features/admin/shared/session/update-password';
import '@/features/admin/shared/admin.css';
import { withQueryProvider } from '@/lib/query-client';
import { ExpiredLink } from './expired-link';
import { useLinkLanding } from './link-landing';

function NewPasswordForm({ email, onSaved }: { email: string; onSaved: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const password = useNewPassword();
  const save = useUpdatePassword();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (!password.validate()) return;
    save.mutate(
      { password: password.password },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (!password.showServerError(error)) setProblem(authErrorMessage(error));
        },
      },
    );
  };

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate>
      <p>
        Choose a new password for <strong className="admin-auth__email">{email}</strong>.
      </p>
      <NewPasswordFields idPrefix="reset" state={password} />
      {problem && (
        <p className="admin-error admin-auth__problem" role="alert">
          {problem}
        </p>
      )}
      <AdminButton type="submit" variant="primary" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save password'}
      </AdminButton>
    </form>
  );
}

function ResetPageScreen() {
  const landing = useLinkLanding();
  const navigate = useNavigate();
  const [verified, setVerified] = useState(false);

  if (landing.status === 'checking') {
    return (
      <main className="admin-auth">
        <p className="admin-muted" role="status">
          Checking your reset link...
        </p>
      </main>
    );
  }
  if (landing.status === 'failed') {
    return (
      <main className="admin-auth">
        <ExpiredLink title="This reset link has expired or was already used" />
      </main>
    );
  }

  return (
    <main className="admin-auth">
      <section className="admin-card admin-auth__card" aria-labelledby="reset-title">
        <h1 id="reset-title" className="admin-card__title">
          Choose a new password
        </h1>
        {landing.needsCode && !verified ? (
          <SecondFactorForm
            id="reset-code"
            intro="Your account uses two-step verification. Enter a code from your authenticator app before choosing a new password."
            submitLabel="Continue"
            onVerified={() => {
              setVerified(true);
            }}
          />
        ) : (
          <NewPasswordForm
            email={landing.user.email ?? 'your account'}
            onSaved={() => {
              toast({ title: 'Password changed', description: 'You are signed in with your new password.' });
              void navigate('/admin/blog', { replace: true });
            }}
          />
        )}
      </section>
    </main>
  );
}

/** /auth/reset, where a password reset email's link lands (signed in by the link): a new password. */
export const ResetPage = withQueryProvider(ResetPageScreen);
