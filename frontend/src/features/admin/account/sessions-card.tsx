import { useQuery } from '@tanstack/react-query';
import { GLOSSARY } from '@/features/admin/shared/glossary';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { errorToast } from '@/features/admin/shared/error-toast';
import { formatDate } from '@/features/admin/shared/format-date';
import { shortAgent } from '@/features/admin/shared/user-agent';
import { mySessionsQuery } from './my-sessions-query';
import { useSignOutOthers } from './sign-out-others';

/** Where the person is signed in, and "Sign out everywhere else". */
export function SessionsCard() {
  const sessions = useQuery(mySessionsQuery());
  const signOutOthers = useSignOutOthers();
  const others = (sessions.data ?? []).filter((session) => !session.isCurrent).length;

  const onSignOutOthers = () => {
    signOutOthers.mutate(undefined, {
      onSuccess: () => {
        toast({
          title: 'Signed out everywhere else',
          description: 'Every other browser and device has to sign in again.',
        });
      },
      onError: errorToast(`Could not sign out the other ${GLOSSARY.sessions}`),
    });
  };

  return (
    <AdminCard titleId="account-sessions-title" title="Where you are signed in">
      {sessions.isPending ? (
        <AdminLoading>Loading where you are signed in...</AdminLoading>
      ) : sessions.isError ? (
        <p className="admin-error" role="alert">
          Where you are signed in could not be loaded: {errorMessage(sessions.error)}
        </p>
      ) : (
        <ul className="admin-post-list account-sessions">
          {sessions.data.map((session) => (
            <li key={session.id} className="admin-post account-session">
              <div className="admin-post__body">
                <p className="account-session__device">
                  {shortAgent(session.userAgent)}
                  {session.isCurrent && <span className="admin-badge admin-badge--ok">This device</span>}
                </p>
                <p className="admin-muted">
                  IP address <code>{session.ip ?? '—'}</code>
                  {session.createdAt && ` · Signed in ${formatDate(session.createdAt)}`}
                  {session.lastActiveAt && ` · Last active ${formatDate(session.lastActiveAt)}`}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="admin-actions account-sessions__actions">
        <AdminButton disabled={signOutOthers.isPending || others === 0} onClick={onSignOutOthers}>
          {signOutOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
        </AdminButton>
        {sessions.isSuccess && others === 0 && <p className="admin-muted">You are not signed in anywhere else.</p>}
      </div>
    </AdminCard>
  );
}
