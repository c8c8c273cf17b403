import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AuthProblem } from '@/features/admin/shared/session/auth-problem';
import { NewPasswordFields } from '@/features/admin/shared/session/new-password';
import { SecondFactorForm } from '@/features/admin/shared/session/second-factor-form';
import '@/features/admin/shared/admin.css';
import { withQueryProvider } from '@/lib/query-client';
import { useLinkLanding } from './link-landing';
import { LinkLandingStatus } from './link-landing-status';
import { useSaveNewPassword } from './save-new-password';

function NewPasswordForm({ email, onSaved }: { email: string; onSaved: () => void }) {
  const { password, problem, saving, submit } = useSaveNewPassword();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(undefined, onSaved);
  };

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate>
      <p>
        Choose a new password for <strong className="admin-auth__email">{email}</strong>.
      </p>
      <NewPasswordFields idPrefix="reset" state={password} />
      <AuthProblem problem={problem} />
      <AdminButton type="submit" variant="primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save password'}
      </AdminButton>
    </form>
  );
}

function ResetPageScreen() {
  const landing = useLinkLanding();
  const navigate = useNavigate();
  const [verified, setVerified] = useState(false);

  if (landing.status !== 'ready') {
    return (
      <LinkLandingStatus
        landing={landing}
        checking="Checking your reset link..."
        expiredTitle="This reset link has expired or was already used"
      />
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
