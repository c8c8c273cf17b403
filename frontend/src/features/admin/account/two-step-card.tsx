import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { errorToast } from '@/features/admin/shared/error-toast';
import { formatDate } from '@/features/admin/shared/format-date';
import { SecondFactorForm } from '@/features/admin/shared/session/second-factor-form';
import { TotpEnrolPanel } from '@/features/admin/shared/session/totp-enrol-panel';
import { useUnenrollFactor } from '@/features/admin/shared/session/unenroll-factor';
import { accountKeys } from '@/data/account/keys';
import { adminKeys } from '@/data/admin/keys';
import { totpFactorQuery } from './factors-query';

/**
 * Two-step verification: set it up (QR code, key, first code), or turn it off. Turning it off
 * asks for a current code first: the auth server removes a verified factor only for a session
 * raised to aal2, and the code shows the person still holds the authenticator.
 */
export function TwoStepCard() {
  const queryClient = useQueryClient();
  const factor = useQuery(totpFactorQuery());
  const unenroll = useUnenrollFactor();
  const [removing, setRemoving] = useState(false);

  const changed = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.factors }),
      queryClient.invalidateQueries({ queryKey: adminKeys.session }),
    ]);

  const remove = (factorId: string) => {
    unenroll.mutate(factorId, {
      onSuccess: () => {
        setRemoving(false);
        toast({
          title: 'Two-step verification is off',
          description: 'Signing in now takes only your password. You can turn it back on here at any time.',
        });
        void changed();
      },
      onError: errorToast('Could not turn off two-step verification'),
    });
  };

  return (
    <AdminCard titleId="account-two-step-title" title="Two-step verification">
      {factor.isPending ? (
        <AdminLoading>Loading...</AdminLoading>
      ) : factor.isError ? (
        <p className="admin-error" role="alert">
          Your authenticator settings could not be loaded: {errorMessage(factor.error)}
        </p>
      ) : factor.data ? (
        removing ? (
          <SecondFactorForm
            id="account-remove-code"
            intro="Enter a code from your authenticator app to turn off two-step verification."
            submitLabel={unenroll.isPending ? 'Turning off...' : 'Turn off'}
            onVerified={() => {
              remove(factor.data?.id ?? '');
            }}
            onCancel={() => {
              setRemoving(false);
            }}
          />
        ) : (
          <div className="admin-form">
            <p>
              <span className="admin-badge admin-badge--ok">On</span> Each sign-in asks for a code from your
              authenticator app.
            </p>
            <p className="admin-muted">Set up on {formatDate(factor.data.created_at)}.</p>
            <div className="admin-actions">
              <AdminButton
                variant="danger"
                onClick={() => {
                  setRemoving(true);
                }}
              >
                Turn off two-step verification
              </AdminButton>
            </div>
          </div>
        )
      ) : (
        <TotpEnrolPanel
          intro="Off. Two-step verification adds a code from an app on your phone to every sign-in, so a stolen password alone cannot open the admin."
          onDone={() => void changed()}
        />
      )}
    </AdminCard>
  );
}
