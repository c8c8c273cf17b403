import { createAdminClient } from '@/lib/supabase';
import { getAdminToken } from './admin-token';
import { staffAccessToken } from './session/staff-session';

type AdminClient = ReturnType<typeof createAdminClient>;

let passcodeClient: { token: string; client: AdminClient } | undefined;
let staffClient: AdminClient | undefined;

/**
 * The Supabase client of the admin's data calls, carrying the signed-in credential as its bearer:
 * the passcode's admin_token when one is stored (one client per token), otherwise the staff
 * member's access token, asked of supabase-js's session before each request (so it is always
 * the refreshed one). With neither, its calls fail with 'Not signed in.': admin calls are never
 * sent with the anon key alone.
 */
export function adminClient(): AdminClient {
  const token = getAdminToken();
  if (token) {
    if (passcodeClient?.token !== token) passcodeClient = { token, client: createAdminClient(token) };
    return passcodeClient.client;
  }
  staffClient ??= createAdminClient(staffAccessToken);
  return staffClient;
}

/** A short-lived admin client whose requests go through `fetchImpl` (e.g. to report upload progress). */
export function adminClientWithFetch(fetchImpl: typeof fetch): AdminClient {
  return createAdminClient(getAdminToken() ?? staffAccessToken, fetchImpl);
}

/** What the admin says when the server refuses a call for the caller's role (PostgreSQL 42501). */
export const PERMISSION_DENIED = "You don't have permission to do that.";

/**
 * Whether the server refused the call for lack of rights: PostgREST's 42501 (a policy, a grant or
 * a function's own check), or Storage refusing an object for its row-level security.
 */
export function isPermissionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === '42501') return true;
  return typeof message === 'string' && /row-level security/i.test(message);
}

/**
 * The rows an UPDATE changed, asked back with `.select(...)`. Row-level security turns an update
 * the caller may no longer make (a role taken away, a session ended) into one that matches no
 * rows, which PostgREST answers without an error: none back is refused here, as a 42501, rather
 * than read as a save.
 */
export async function updatedRows<Row>(call: PromiseLike<{ data: Row[] | null; error: Error | null }>): Promise<Row[]> {
  const { data, error } = await call;
  if (error) throw error;
  if (!data?.length) throw Object.assign(new Error(PERMISSION_DENIED), { code: '42501' });
  return data;
}

/**
 * The message of an unknown thrown value (supabase errors are objects with a message); a call
 * refused for the caller's role reads "You don't have permission to do that."
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong.'): string {
  if (isPermissionError(error)) return PERMISSION_DENIED;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
