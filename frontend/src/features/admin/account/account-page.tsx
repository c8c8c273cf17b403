import { Link } from 'react-router';
import { ROLE_LABELS } from '@/features/admin/shared/admin-role';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { useAdminSession } from '@/features/admin/shared/session/admin-session';
import { DisplayNameCard } from './display-name-card';
import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';
import { TwoStepCard } from './two-step-card';
import './account.css';

/**
 * /admin/account: the signed-in staff member's own account (display name, password, two-step
 * verification, sessions). The passcode has no account: it says so.
 */
export function AccountPage() {
  const session = useAdminSession();

  if (session.kind === 'passcode') {
    return (
      <div className="admin-page">
        <h1 className="admin-page__title">Account</h1>
        <AdminCard titleId="account-passcode-title" title="Signed in with the admin passcode">
          <p>
            The passcode is the owner’s break-glass way in. It has no account, so there is no name, password or two-step
            verification to manage here, and the activity log records what it does as “Passcode”.
          </p>
          <p className="admin-muted">
            Staff sign in with their own accounts. Invite them, and yourself, on the{' '}
            <Link to="/admin/staff">Staff</Link> page.
          </p>
        </AdminCard>
      </div>
    );
  }

  return (
    <div className="admin-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Your account</h1>
        <p className="admin-muted">
          {session.email} · {ROLE_LABELS[session.role]}
        </p>
      </div>
      <div className="admin-grid-2 account-grid">
        <DisplayNameCard initial={session.name === session.email ? '' : session.name} />
        <PasswordCard email={session.email ?? 'your address'} />
      </div>
      <TwoStepCard />
      <SessionsCard />
    </div>
  );
}
