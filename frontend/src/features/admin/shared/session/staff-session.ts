import type { Session } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';
import { isStaffRole, type StaffRole } from '@/features/admin/shared/admin-role';

/** The claims of a staff access token the admin reads (the server checks them; this only shows). */
export interface StaffClaims {
  userId: string;
  email: string | null;
  /** The `staff_role` claim: null for an account that is not (or no longer) staff. */
  role: StaffRole | null;
  aal: 'aal1' | 'aal2' | null;
  sessionId: string | null;
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of an access token, or null when it is no JWT. */
export function readClaims(accessToken: string): StaffClaims | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(payload)) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
    const aal = claims.aal;
    return {
      userId: text(claims.sub) ?? '',
      email: text(claims.email),
      role: isStaffRole(claims.staff_role) ? claims.staff_role : null,
      aal: aal === 'aal1' || aal === 'aal2' ? aal : null,
      sessionId: text(claims.session_id),
    };
  } catch {
    return null;
  }
}

/** The staff session supabase-js keeps (refreshing it first when it has expired), or null. */
export async function currentStaffSession(): Promise<Session | null> {
  const { data } = await supabase.auth.getSession();
  return data.session;
}

/**
 * The signed-in staff member's access token, for the admin data client's `accessToken`: asked
 * before each request, so a refreshed token is always the one sent. Throws when signed out, so
 * no admin call ever goes out with the anon key alone.
 */
export async function staffAccessToken(): Promise<string> {
  const session = await currentStaffSession();
  if (!session) throw new Error('Not signed in.');
  return session.access_token;
}

/** How a person is named in the admin: their display name, else their email. */
export function personName(user: { email?: string | null; user_metadata?: Record<string, unknown> | null }): string {
  const displayName = user.user_metadata?.display_name;
  if (typeof displayName === 'string' && displayName.trim()) return displayName.trim();
  return user.email ?? 'Staff member';
}

/** Whether this session still owes its second factor (a verified TOTP factor, and only aal1 so far). */
export async function needsSecondFactor(): Promise<boolean> {
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return data.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
}
