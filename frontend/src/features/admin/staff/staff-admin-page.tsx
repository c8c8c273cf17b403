import { useQuery } from '@tanstack/react-query';
import { AdminEmpty } from '@/features/admin/shared/admin-empty';
import { ConfirmDialog } from '@/features/admin/shared/confirm-dialog';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { AdminLoadError } from '@/features/admin/shared/admin-load-error';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type StaffRole } from '@/features/admin/shared/admin-role';
import { AdminTable } from '@/features/admin/shared/admin-table';
import { useAdminSession } from '@/features/admin/shared/session/admin-session';
import { InviteDialog } from './invite-dialog';
import { useResendInvite } from './resend-invite';
import { RoleField } from './role-field';
import { useSetStaffActive } from './set-staff-active';
import { useSetStaffRole } from './set-staff-role';
import { staffListQuery, type StaffMember } from './staff-query';
import { STATUS_LABELS, isStaffStatus, lastSignIn, staffProblem, withArticle } from './staff-wording';
import './staff-admin.css';

/** What an owner is about to do to one person, confirmed in a dialog first. */
type Pending =
  | { kind: 'role'; member: StaffMember; role: StaffRole }
  | { kind: 'deactivate'; member: StaffMember }
  | { kind: 'reactivate'; member: StaffMember };

/** An address that may wrap after its @ rather than anywhere. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function StatusBadge({ status }: { status: string }) {
  const known = isStaffStatus(status) ? status : null;
  return (
    <span className={`admin-badge staff-status staff-status--${known ?? 'unknown'}`}>
      {known ? STATUS_LABELS[known] : status}
    </span>
  );
}

function ChangeRoleDialog({ pending, onClose }: { pending: Extract<Pending, { kind: 'role' }>; onClose: () => void }) {
  const [role, setRole] = useState<StaffRole>(pending.role);
  const setStaffRole = useSetStaffRole();
  const { member } = pending;
  const name = member.name;
  const unchanged = role === member.role;

  const confirm = () => {
    setStaffRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => {
          toast({ title: 'Role changed', description: `${name} is now ${withArticle(role)}.` });
          onClose();
        },
        onError: (error) => {
          toast({ title: 'Could not change the role', description: staffProblem(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title={`Change ${name}’s role`} className="admin-dialog staff-dialog">
      <div className="admin-form">
        <RoleField id="change-role" label="New role" value={role} onChange={setRole} />
        {!unchanged && (
          <p role="status">
            {name} becomes {withArticle(role)} from their next request: {ROLE_DESCRIPTIONS[role].toLowerCase()}
          </p>
        )}
        <div className="admin-actions admin-actions--end">
          <AdminButton onClick={onClose}>Cancel</AdminButton>
          <AdminButton variant="primary" disabled={unchanged || setStaffRole.isPending} onClick={confirm}>
            {setStaffRole.isPending ? 'Changing...' : 'Change role'}
          </AdminButton>
        </div>
      </div>
    </Dialog>
  );
}

function ActiveDialog({
  pending,
  onClose,
}: {
  pending: Extract<Pending, { kind: 'deactivate' | 'reactivate' }>;
  onClose: () => void;
}) {
  const setActive = useSetStaffActive();
  const { member } = pending;
  const name = member.name;
  const deactivating = pending.kind === 'deactivate';

  const confirm = () => {
    setActive.mutate(
      { userId: member.userId, active: !deactivating },
      {
        onSuccess: () => {
          toast(
            deactivating
              ? {
                  title: 'Staff member deactivated',
                  description: `${name} was signed out on every device and can no longer sign in.`,
                }
              : { title: 'Staff member reactivated', description: `${name} can sign in again.` },
          );
          onClose();
        },
        onError: (error) => {
          toast({
            title: deactivating ? 'Could not deactivate' : 'Could not reactivate',
            description: staffProblem(error),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <ConfirmDialog
      title={deactivating ? `Deactivate ${name}?` : `Reactivate ${name}?`}
      confirmLabel={deactivating ? 'Deactivate and sign out' : 'Reactivate'}
      danger={deactivating}
      busy={setActive.isPending}
      busyLabel="Saving..."
      onConfirm={confirm}
      onClose={onClose}
    >
      {deactivating ? (
        <>
          <p>
            {name} ({member.email}) is signed out on every device now, and cannot sign in or change anything until an
            owner reactivates the account.
          </p>
          <p className="admin-muted">Their posts, images and activity stay as they are.</p>
        </>
      ) : (
        <p>
          {name} ({member.email}) can sign in again with their password, as {withArticle(member.role)}.
        </p>
      )}
    </ConfirmDialog>
  );
}

function StaffRow({
  member,
  isYou,
  onPending,
}: {
  member: StaffMember;
  isYou: boolean;
  onPending: (pending: Pending) => void;
}) {
  const resend = useResendInvite();
  const name = member.name;
  const role = member.role;
  const deactivated = member.status === 'deactivated';

  const resendInvite = () => {
    resend.mutate(member.userId, {
      onSuccess: () => {
        toast({ title: 'Invitation sent again', description: `A new link is on its way to ${member.email}.` });
      },
      onError: (error) => {
        toast({ title: 'Could not resend the invitation', description: staffProblem(error), variant: 'destructive' });
      },
    });
  };

  return (
    <tr role="row">
      <td role="cell" data-label="Name" className="staff-table__name">
        {name}
        {isYou && <span className="admin-muted"> (you)</span>}
      </td>
      <td role="cell" data-label="Email" className="staff-table__email">
        <EmailText email={member.email} />
      </td>
      <td role="cell" data-label="Role">
        {ROLE_LABELS[role]}
      </td>
      <td role="cell" data-label="Status">
        <StatusBadge status={member.status} />
      </td>
      <td role="cell" data-label="Last sign-in">
        {lastSignIn(member.lastSignInAt)}
      </td>
      <td role="cell" data-label="2FA">
        {member.mfaEnabled ? 'On' : 'Off'}
      </td>
      <td role="cell" data-label="Actions">
        <div className="staff-actions">
          {!deactivated && (
            <AdminButton
              aria-label={`Change role of ${name}`}
              onClick={() => {
                onPending({ kind: 'role', member, role });
              }}
            >
              Change role
            </AdminButton>
          )}
          {member.status === 'invited' && (
            <AdminButton aria-label={`Resend invite to ${name}`} disabled={resend.isPending} onClick={resendInvite}>
              {resend.isPending ? 'Sending...' : 'Resend invite'}
            </AdminButton>
          )}
          {deactivated ? (
            <AdminButton
              aria-label={`Reactivate ${name}`}
              onClick={() => {
                onPending({ kind: 'reactivate', member });
              }}
            >
              Reactivate
            </AdminButton>
          ) : (
            !isYou && (
              <AdminButton
                variant="danger"
                aria-label={`Deactivate ${name}`}
                onClick={() => {
                  onPending({ kind: 'deactivate', member });
                }}
              >
                Deactivate
              </AdminButton>
            )
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * /admin/staff (owners): every staff member with their role, status, last sign-in and whether
 * two-step verification is on; invite, change a role, deactivate (their sessions end at once),
 * reactivate, resend an invitation.
 */
export function StaffAdminPage() {
  const session = useAdminSession();
  const staff = useQuery(staffListQuery());
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => {
    setPending(null);
  };

  return (
    <div className="admin-page">
      <div className="admin-page__header">
        <div>
          <h1 className="admin-page__title">Staff</h1>
          <p className="admin-muted">
            Who can sign in to the admin, and what each person may do. The passcode stays the owners’ break-glass way
            in.
          </p>
        </div>
        <AdminButton
          variant="primary"
          onClick={() => {
            setInviting(true);
          }}
        >
          Invite staff
        </AdminButton>
      </div>
      <section className="admin-card" aria-labelledby="staff-list-title">
        <h2 id="staff-list-title" className="visually-hidden">
          Staff members
        </h2>
        {staff.isPending ? (
          <AdminLoading>Loading staff...</AdminLoading>
        ) : staff.isError ? (
          <AdminLoadError
            className="staff-state"
            onRetry={() => {
              void staff.refetch();
            }}
          >
            The staff list could not be loaded: {errorMessage(staff.error)}
          </AdminLoadError>
        ) : staff.data.length === 0 ? (
          <AdminEmpty>No staff accounts yet. Invite the first person with the button above.</AdminEmpty>
        ) : (
          <AdminTable
            className="admin-table--stack staff-table"
            caption="Staff members"
            columns={['Name', 'Email', 'Role', 'Status', 'Last sign-in', '2FA', 'Actions']}
            explicitRoles
          >
            {staff.data.map((member) => (
              <StaffRow
                key={member.userId}
                member={member}
                isYou={member.userId === session.userId}
                onPending={setPending}
              />
            ))}
          </AdminTable>
        )}
      </section>
      <InviteDialog
        open={inviting}
        onClose={() => {
          setInviting(false);
        }}
      />
      {pending?.kind === 'role' && <ChangeRoleDialog pending={pending} onClose={close} />}
      {(pending?.kind === 'deactivate' || pending?.kind === 'reactivate') && (
        <ActiveDialog pending={pending} onClose={close} />
      )}
    </div>
  );
}
