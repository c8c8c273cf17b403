import { useState, type ReactNode, type SubmitEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { authErrorMessage } from './auth-error-message';
import { AuthProblem } from './auth-problem';
import { useEnrollTotp, type TotpEnrolment } from './enroll-totp';
import { TotpCodeField } from './totp-code-field';
import { unenrollFactor } from './unenroll-factor';
import { useVerifySecondFactor } from './verify-second-factor';

/** The secret in groups of four, as authenticator apps show keys. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

interface TotpEnrolPanelProps {
  /** Said before the setup starts. */
  intro: ReactNode;
  /** Two-step verification is on. */
  onDone: () => void;
  /** Leaves without it (the welcome page's "Skip for now"). */
  onSkip?: () => void;
  skipLabel?: string;
}

/**
 * Turns on two-step verification: enrols a TOTP factor, shows its QR code and its key for typing
 * by hand, and verifies the first code from the app. Giving up removes the unfinished factor.
 */
export function TotpEnrolPanel({ intro, onDone, onSkip, skipLabel = 'Skip for now' }: TotpEnrolPanelProps) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const enroll = useEnrollTotp();
  const verify = useVerifySecondFactor();

  const start = () => {
    setProblem(null);
    enroll.mutate(undefined, {
      onSuccess: setEnrolment,
      onError: (error) => {
        setProblem(authErrorMessage(error));
      },
    });
  };

  const cancel = () => {
    if (enrolment) void unenrollFactor(enrolment.factorId).catch(() => undefined);
    setEnrolment(null);
    setCode('');
    setProblem(null);
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!enrolment) return;
    setProblem(null);
    verify.mutate(
      { code, factorId: enrolment.factorId },
      {
        onSuccess: () => {
          toast({
            title: 'Two-step verification is on',
            description: 'Each sign-in now asks for a code from your authenticator app.',
          });
          onDone();
        },
        onError: (error) => {
          setCode('');
          setProblem(authErrorMessage(error));
        },
      },
    );
  };

  const copyKey = () => {
    if (!enrolment) return;
    navigator.clipboard.writeText(enrolment.secret).then(
      () => {
        toast({ title: 'Key copied', description: 'Paste it into your authenticator app.' });
      },
      () => {
        toast({ title: 'Copy failed', description: 'Select the key and copy it yourself.', variant: 'destructive' });
      },
    );
  };

  if (!enrolment) {
    return (
      <div className="admin-form">
        <p className="admin-muted">{intro}</p>
        <AuthProblem problem={problem} />
        <div className="admin-actions">
          <AdminButton variant="primary" disabled={enroll.isPending} onClick={start}>
            {enroll.isPending ? 'Starting...' : 'Set up authenticator app'}
          </AdminButton>
          {onSkip && <AdminButton onClick={onSkip}>{skipLabel}</AdminButton>}
        </div>
      </div>
    );
  }

  return (
    <form className="admin-form" onSubmit={onSubmit}>
      <ol className="totp-steps">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password) and add an
          account.
        </li>
        <li>
          Scan this QR code with it.
          <img
            className="totp-steps__qr"
            src={enrolment.qrCode}
            width={200}
            height={200}
            alt="QR code that adds ClaimBridge admin to your authenticator app"
          />
          <span className="admin-muted totp-steps__key">
            Cannot scan it? Enter this key instead: <code>{groupedSecret(enrolment.secret)}</code>{' '}
            <button type="button" className="admin-link-button" onClick={copyKey}>
              Copy key
            </button>
          </span>
        </li>
        <li>
          Type the code the app shows for ClaimBridge admin.
          <TotpCodeField id="totp-enrol-code" value={code} onChange={setCode} />
        </li>
      </ol>
      <AuthProblem problem={problem} />
      <div className="admin-actions">
        <AdminButton type="submit" variant="primary" disabled={verify.isPending || code.length !== 6}>
          {verify.isPending ? 'Verifying...' : 'Turn on two-step verification'}
        </AdminButton>
        <AdminButton onClick={cancel}>Cancel</AdminButton>
      </div>
    </form>
  );
}
