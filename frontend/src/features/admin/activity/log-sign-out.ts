import { adminClient } from '@/features/admin/shared/admin-client';
import { dataOrThrow } from '@/lib/data-or-throw';

/**
 * Records the sign-out in the activity log with the session's own token. The client takes the
 * token when this is called, so the caller may drop it right after.
 */
export async function logSignOut(): Promise<void> {
  await dataOrThrow(adminClient().rpc('log_admin_activity', { action: 'sign_out', entity: 'session' }));
}
