import { useMutation } from '@tanstack/react-query';
import { signOutStaffHere } from '@/features/admin/shared/session/sign-out-staff';
import {
  currentStaffSession,
  needsSecondFactor,
  personName,
  readClaims,
} from '@/features/admin/shared/session/staff-session';
import { supabase } from '@/lib/supabase';

/** Where a staff sign-in stands after a step. */
export type StaffSignInStep =
  /** Signed in: the admin opens. */
  | { next: 'done'; name: string }
  /** The password was right; the account has a verified authenticator, so its code comes next. */
  | { next: 'second-factor' }
  /** The account is no staff member (never invited, or its role was removed): signed out again. */
  | { next: 'not-staff' };

/**
 * After each factor: the code is owed while the account has a verified TOTP factor and the
 * session is only aal1; otherwise the session must carry a staff role (the `staff_role` claim
 * the access token hook adds) to open the admin.
 */
export async function nextSignInStep(): Promise<StaffSignInStep> {
  if (await needsSecondFactor()) return { next: 'second-factor' };
  const session = await currentStaffSession();
  if (!session || !readClaims(session.access_token)?.role) {
    await signOutStaffHere();
    return { next: 'not-staff' };
  }
  return { next: 'done', name: personName(session.user) };
}

export interface StaffCredentials {
  email: string;
  password: string;
}

/** Email and password (supabase-js signInWithPassword); auth errors are thrown as they come. */
export async function signInStaff({ email, password }: StaffCredentials): Promise<StaffSignInStep> {
  const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw error;
  return nextSignInStep();
}

export function useSignInStaff() {
  return useMutation({ mutationFn: signInStaff });
}
