import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import { AuthProblem } from '@/features/admin/shared/session/auth-problem';
import { NewPasswordFields } from '@/features/admin/shared/session/new-password';
import { SecondFactorForm } from '@/features/admin/shared/session/second-factor-form';
import { TotpEnrolPanel } from '@/features/admin/shared/session/totp-enrol-panel';
import { personName } from '@/features/admin/shared/session/staff-session';
import '@/features/admin/shared/admin.css';
import { withQueryProvider } from '@/lib/query-client';
import { useLinkLanding } from './link-landing';
import { LinkLandingStatus } from './link-landing-status';
import { useSaveNewPassword } from './save-new-password';

export const WELCOME_TITLE = 'Welcome to ClaimBridge admin';

function displayNameOf(metadata: Record<string, unknown> | undefined): string {
  const name = metadata?.display_name;
  return typeof name === 'string' ? name : '';
}

function WelcomeDetails({
  email,
  initialName,
  onSaved,
}: {
  email: string;
  initialName: string;
  onSaved: (name: string) => void;
}) {
  const [name, setName] = useState(initialName);
  const { password, problem, saving, submit } = useSaveNewPassword();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const displayName = name.trim();
    submit({ display_name: displayName }, () => {
      onSaved(displayName || email);
    });
  };

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate>
      <p>
        You are joining as <strong className="admin-auth__email">{email}</strong>. Choose the name your team sees on
        posts and in the activity log, and a password for signing in.
      </p>
      <AdminTextField
        id="welcome-name"
        label="Display name"
        autoComplete="name"
        required
        maxLength={200}
        hint="For example: Dana Ortiz, Billing Team Lead."
        value={name}
        onChange={setName}
      />
      <NewPasswordFields idPrefix="welcome" state={password} />
      <AuthProblem problem={problem} />
      <AdminButton type="submit" variant="primary" disabled={saving || !name.trim()}>
        {saving ? 'Saving...' : 'Save and continue'}
      </AdminButton>
    </form>
  );
}

function WelcomePageScreen() {
  const landing = useLinkLanding();
  const navigate = useNavigate();
  const [stage, setStage] = useState<'details' | 'two-step'>('details');
  const [codeDone, setCodeDone] = useState(false);

  const openAdmin = () => {
    void navigate('/admin/blog', { replace: true });
  };

  if (landing.status !== 'ready') {
    return (
      <LinkLandingStatus
        landing={landing}
        checking="Checking your invitation..."
        expiredTitle="This invitation link has expired or was already used"
        alternative="The owner who invited you can also send the invitation again from the Staff page."
      />
    );
  }

  const { user } = landing;
  const current = landing.needsCode && !codeDone ? 'code' : stage;
  return (
    <main className="admin-auth">
      <section className="admin-card admin-auth__card admin-auth__card--wide" aria-labelledby="welcome-title">
        <h1 id="welcome-title" className="admin-card__title">
          {current === 'two-step' ? 'Protect your account' : WELCOME_TITLE}
        </h1>
        {current === 'code' && (
          <SecondFactorForm
            id="welcome-code"
            intro="Your account already uses two-step verification. Enter a code from your authenticator app to continue."
            submitLabel="Continue"
            onVerified={() => {
              setCodeDone(true);
            }}
          />
        )}
        {current === 'details' && (
          <WelcomeDetails
            email={user.email ?? ''}
            initialName={displayNameOf(user.user_metadata)}
            onSaved={(name) => {
              toast({ title: 'Password set', description: `Welcome aboard, ${name}.` });
              // Someone who already has an authenticator needs no second one.
              if (landing.needsCode) openAdmin();
              else setStage('two-step');
            }}
          />
        )}
        {current === 'two-step' && (
          <TotpEnrolPanel
            intro={`Two-step verification asks for a code from an app on your phone each time you sign in, so a stolen password alone cannot open the admin. Setting it up takes about a minute. You are signed in as ${personName(user)}.`}
            onDone={openAdmin}
            onSkip={openAdmin}
          />
        )}
      </section>
    </main>
  );
}

/**
 * /auth/welcome, where an invitation email's link lands (signed in by the link): a display name
 * and a password, then an offer to set up two-step verification, then the admin.
 */
export const WelcomePage = withQueryProvider(WelcomePageScreen);
