import { useState, type ReactNode, type SubmitEvent } from 'react';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { authErrorMessage } from './auth-error-message';
import { AuthProblem } from './auth-problem';
import { TotpCodeField } from './totp-code-field';
import { useVerifySecondFactor } from './verify-second-factor';

interface SecondFactorFormProps {
  id: string;
  /** What the code is for, said above the field. */
  intro: ReactNode;
  submitLabel: string;
  onVerified: () => void;
  onCancel?: () => void;
}

/** Asks for an authenticator code and raises the session to aal2 with it. */
export function SecondFactorForm({ id, intro, submitLabel, onVerified, onCancel }: SecondFactorFormProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const verify = useVerifySecondFactor();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    verify.mutate(
      { code },
      {
        onSuccess: onVerified,
        onError: (error) => {
          setCode('');
          setProblem(authErrorMessage(error));
        },
      },
    );
  };

  return (
    <form className="admin-form" onSubmit={onSubmit}>
      <p className="admin-muted">{intro}</p>
      <TotpCodeField id={id} value={code} onChange={setCode} />
      <AuthProblem problem={problem} />
      <div className="admin-actions">
        <AdminButton type="submit" variant="primary" disabled={verify.isPending || code.length !== 6}>
          {verify.isPending ? 'Verifying...' : submitLabel}
        </AdminButton>
        {onCancel && <AdminButton onClick={onCancel}>Cancel</AdminButton>}
      </div>
    </form>
  );
}
