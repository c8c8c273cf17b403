import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import { authErrorMessage } from '@/features/admin/shared/session/auth-error-message';
import { AuthProblem } from '@/features/admin/shared/session/auth-problem';
import { useRequestPasswordReset } from './request-password-reset';
import { RESET_SENT } from './staff-sign-in-card';

interface ExpiredLinkProps {
  title: string;
  /** Who else can help (e.g. the owner who sent an invitation). */
  alternative?: string;
}

/**
 * An invitation or reset link that no longer works (links work once and expire): says so and
 * emails a new one on request. A new link is a password reset link, which also finishes an
 * invitation (it confirms the address and signs the person in to choose a password).
 */
export function ExpiredLink({ title, alternative }: ExpiredLinkProps) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useRequestPasswordReset();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    reset.mutate(email, {
      onSuccess: () => {
        setSent(true);
      },
      onError: (error) => {
        setProblem(authErrorMessage(error));
      },
    });
  };

  return (
    <section className="admin-card admin-auth__card admin-auth__card--prose" aria-labelledby="expired-link-title">
      <h1 id="expired-link-title" className="admin-card__title">
        {title}
      </h1>
      <p>Each link works once and only for a limited time. We can email you a new one.</p>
      {alternative && <p className="admin-muted">{alternative}</p>}
      {sent ? (
        <p role="status" className="admin-auth__sent">
          {RESET_SENT}
        </p>
      ) : (
        <form className="admin-form" onSubmit={onSubmit}>
          <AdminTextField
            id="expired-link-email"
            label="Your staff email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={setEmail}
          />
          <AuthProblem problem={problem} />
          <AdminButton type="submit" variant="primary" disabled={reset.isPending}>
            {reset.isPending ? 'Sending...' : 'Email me a new link'}
          </AdminButton>
        </form>
      )}
      <p className="admin-auth__back">
        <Link to="/auth">Back to sign in</Link>
      </p>
    </section>
  );
}
