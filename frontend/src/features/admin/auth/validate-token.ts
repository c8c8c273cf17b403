import { queryOptions } from '@tanstack/react-query';
import { invokeSimpleAuth } from '@/features/admin/shared/invoke-simple-auth';
import { adminClient } from '@/features/admin/shared/admin-client';
import { isStaffRole } from '@/features/admin/shared/admin-role';
import { PASSCODE_SESSION, type AdminSession } from '@/features/admin/shared/session/admin-session';
import {
  currentStaffSession,
  needsSecondFactor,
  personName,
  readClaims,
} from '@/features/admin/shared/session/staff-session';
import { adminKeys } from '@/data/admin/keys';
import { supabase } from '@/lib/supabase';

export interface ValidateResponse {
  valid: boolean;
  error?: string;
}

/** simple-auth `validate`: whether the stored token is still accepted. */
export async function validateToken(token: string): Promise<ValidateResponse> {
  const data = await invokeSimpleAuth<ValidateResponse>({ action: 'validate', token });
  return data ?? { valid: false };
}

/** The outcome of a session check: the session, or why there is none. */
export type SessionCheck =
  | { valid: true; session: AdminSession }
  | {
      valid: false;
      /**
       * signed-out: no session, or the server ended it (deactivated, signed out elsewhere);
       * not-staff: an account without a staff role; second-factor: the TOTP step is still owed.
       */
      reason: 'signed-out' | 'not-staff' | 'second-factor';
    };

/** The passcode's token, checked with simple-auth as the spec's call table says. */
async function checkPasscode(token: string): Promise<SessionCheck> {
  const { valid } = await validateToken(token);
  return valid ? { valid: true, session: PASSCODE_SESSION } : { valid: false, reason: 'signed-out' };
}

/**
 * The staff role as the database has it now (staff_me), so a role changed or an account
 * deactivated by an owner shows at the next check, not only when the token is next refreshed;
 * the token's `staff_role` claim where staff_me is not there (a database without staff roles).
 */
async function liveRole(claimed: string | null): Promise<string | null> {
  const { data, error } = await adminClient().rpc('staff_me');
  if (error) {
    if (error.code === '42501') return null;
    if (error.code === 'PGRST202') return claimed;
    throw error;
  }
  return data[0]?.role ?? null;
}

/**
 * A staff session: the auth server still knows it (getUser; supabase-js drops a session the
 * server has ended, and an auth error means the same), the account is staff, and the second
 * factor is done when one is enrolled. A network failure is thrown, not read as signed out.
 */
async function checkStaff(): Promise<SessionCheck> {
  const session = await currentStaffSession();
  if (!session) return { valid: false, reason: 'signed-out' };
  const { data, error } = await supabase.auth.getUser();
  if (error) {
    if (error.name === 'AuthRetryableFetchError') throw error;
    return { valid: false, reason: 'signed-out' };
  }
  if (await needsSecondFactor()) return { valid: false, reason: 'second-factor' };
  const claims = readClaims(session.access_token);
  const role = await liveRole(claims?.role ?? null);
  if (!isStaffRole(role)) return { valid: false, reason: 'not-staff' };
  return {
    valid: true,
    session: {
      kind: 'staff',
      role,
      userId: data.user.id,
      email: data.user.email ?? null,
      name: personName(data.user),
    },
  };
}

/** The credential the admin signs in with: the passcode's admin_token, or (null) a staff session. */
export const adminSessionQuery = (token: string | null, entry: string) =>
  queryOptions({
    queryKey: [...adminKeys.session, token ?? 'staff', entry],
    queryFn: () => (token ? checkPasscode(token) : checkStaff()),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // A staff member deactivated by an owner is signed out within a minute.
    refetchInterval: token ? false : 60_000,
  });
