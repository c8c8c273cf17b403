import { adminClient, errorMessage } from '@/features/admin/shared/admin-client';

/** The staff-invite function's requests. */
export type StaffInviteRequest =
  { action: 'invite'; email: string; role: string; display_name?: string } | { action: 'resend'; user_id: string };

export interface StaffInviteAnswer {
  user?: { id: string; email: string };
  status: 'invited';
}

/**
 * Calls staff-invite (POST /functions/v1/staff-invite) with the owner's credential as the bearer.
 * A refusal is thrown as an Error with the function's own message for people (`{error}`); 403
 * reads as the admin's permission message.
 */
export async function callStaffInvite(body: StaffInviteRequest): Promise<StaffInviteAnswer> {
  const result = await adminClient().functions.invoke<StaffInviteAnswer>('staff-invite', { body });
  const error: unknown = result.error;
  if (!error) return result.data ?? { status: 'invited' };
  const context: unknown = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    if (context.status === 403) throw Object.assign(new Error('Forbidden'), { code: '42501' });
    const message = await context.json().then(
      (json: unknown) => (json as { error?: unknown } | null)?.error,
      () => undefined,
    );
    if (typeof message === 'string' && message) throw new Error(message);
  }
  throw error instanceof Error ? error : new Error(errorMessage(error));
}
