import { useState, type SubmitEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import { authErrorMessage } from '@/features/admin/shared/session/auth-error-message';
import { AuthProblem } from '@/features/admin/shared/session/auth-problem';
import { NewPasswordFields, useNewPassword } from '@/features/admin/shared/session/new-password';
import { useUpdatePassword } from '@/features/admin/shared/session/update-password';
import { useRequestReauthentication } from './request-reauthentication';

/**
 * A new password for the signed-in person. The auth server changes it on the session alone while
 * the sign-in is recent; otherwise it answers `reauthentication_needed`, and the change is
 * confirmed with a code it emails (reauthenticate, then the code as the nonce).
 */
export function PasswordCard({ email }: { email: string }) {
  const password = useNewPassword();
  const [nonce, setNonce] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useUpdatePassword();
  const reauthenticate = useRequestReauthentication();
  const busy = save.isPending || reauthenticate.isPending;

  const done = () => {
    password.reset();
    setNonce(null);
    toast({ title: 'Password changed', description: 'Use your new password the next time you sign in.' });
  };

  const askForCode = () => {
    reauthenticate.mutate(undefined, {
      onSuccess: () => {
        setNonce('');
      },
      onError: (error) => {
        setProblem(authErrorMessage(error));
      },
    });
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (!password.validate()) return;
    save.mutate(
      { password: password.password, nonce: nonce ?? undefined },
      {
        onSuccess: done,
        onError: (error) => {
          if ((error as { code?: unknown }).code === 'reauthentication_needed') askForCode();
          else if (!password.showServerError(error)) setProblem(authErrorMessage(error));
        },
      },
    );
  };

  return (
    <AdminCard titleId="account-password-title" title="Password">
      <form className="admin-form" onSubmit={onSubmit} noValidate>
        <NewPasswordFields idPrefix="account" state={password} />
        {nonce !== null && (
          <>
            <p role="status">
              To confirm it is you, we emailed a verification code to{' '}
              <strong className="admin-auth__email">{email}</strong>.
            </p>
            <AdminTextField
              id="account-nonce"
              label="Verification code from the email"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={nonce}
              onChange={(typed) => {
                setNonce(typed.trim());
              }}
            />
          </>
        )}
        <AuthProblem problem={problem} />
        <div className="admin-actions">
          <AdminButton type="submit" variant="primary" disabled={busy || nonce === ''}>
            {busy ? 'Saving...' : nonce === null ? 'Change password' : 'Confirm new password'}
          </AdminButton>
          {nonce !== null && (
            <AdminButton disabled={busy} onClick={askForCode}>
              Email a new code
            </AdminButton>
          )}
        </div>
      </form>
    </AdminCard>
  );
}
