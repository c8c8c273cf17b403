import { adminClient } from '@/features/admin/shared/admin-client';

/**
 * Records the sign-out in the activity log with the session's own token. The client takes the
 * token when this is called, so the caller may drop it right after.
 */
export async function logSignOut(): Promise<void> {
  const { error } = await adminClient().rpc('log_admin_activity', { action: 'sign_out', entity: 'session' });
  if (error) throw error;
}
