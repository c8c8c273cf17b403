import { supabase } from '@/lib/supabase';

/** How long signing out waits for its activity log entry before going ahead without it. */
const LOG_WAIT_MS = 2000;

/**
 * Ends this device's staff session: supabase-js's signOut with scope 'local' (the server revokes
 * this session; other devices stay signed in, the Account page ends those). An answer of 401, 403
 * or 404 counts as signed out, as supabase-js has it.
 */
export async function signOutStaffHere(): Promise<void> {
  await supabase.auth.signOut({ scope: 'local' });
}

/**
 * The staff member's Sign Out: `log` records it in the activity log with the session's own token
 * while it is still valid (never waited for more than two seconds, never failing the sign-out),
 * then the session ends on this device.
 */
export async function signOutStaff(log: () => Promise<void>): Promise<void> {
  const waited = new Promise<void>((resolve) => setTimeout(resolve, LOG_WAIT_MS));
  await Promise.race([log(), waited]).catch(() => undefined);
  await signOutStaffHere();
}
