import { errorMessage } from '@/features/admin/shared/admin-client';

/** What an auth server error is called (GoTrue's `code`), and its status. */
function codeOf(error: unknown): { code: string | undefined; status: number | undefined; name: string | undefined } {
  if (typeof error !== 'object' || error === null) return { code: undefined, status: undefined, name: undefined };
  const { code, status, name } = error as { code?: unknown; status?: unknown; name?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    status: typeof status === 'number' ? status : undefined,
    name: typeof name === 'string' ? name : undefined,
  };
}

export const NETWORK_PROBLEM = 'We could not reach the server. Check your connection and try again.';

/**
 * A staff sign-in, password or two-factor error from the auth server (supabase-js's AuthError),
 * said for people. The server's own message is kept where it already is (a lockout's wait, the
 * password rules).
 */
export function authErrorMessage(error: unknown): string {
  const { code, status, name } = codeOf(error);
  const message = errorMessage(error);
  if (name === 'AuthRetryableFetchError' || (status === 0 && !code)) return NETWORK_PROBLEM;
  switch (code) {
    case 'invalid_credentials':
      return 'That email and password do not match a staff account. Check both and try again.';
    case 'email_not_confirmed':
      return 'This account is not set up yet. Open the invitation email and choose a password first.';
    case 'user_banned':
      return 'This account has been deactivated. Ask an owner to reactivate it.';
    case 'over_request_rate_limit':
    case 'over_email_send_rate_limit':
      // The account lockout says how long to wait; the per-IP limit does not.
      return /try again in/i.test(message)
        ? message
        : 'Too many attempts from this network. Wait a few minutes, then try again.';
    case 'weak_password':
      return message;
    case 'same_password':
      return 'That is your current password. Choose a new one.';
    case 'mfa_verification_failed':
    case 'mfa_challenge_expired':
      return 'That code did not match. Codes change every 30 seconds: enter the one your app shows now.';
    case 'mfa_factor_not_found':
      return 'That authenticator is no longer on your account. Sign in again.';
    case 'insufficient_aal':
      return 'Enter a code from your authenticator app first.';
    case 'reauthentication_not_valid':
      return 'That verification code is wrong or has expired. Ask for a new one.';
    case 'session_not_found':
    case 'session_expired':
    case 'refresh_token_not_found':
      return 'Your session has ended. Sign in again.';
    case 'otp_expired':
      return 'This link has expired or was already used.';
    default:
      break;
  }
  if (name === 'AuthSessionMissingError') return 'Your session has ended. Sign in again.';
  if (status === 429) return 'Too many attempts. Wait a few minutes, then try again.';
  return message;
}

/**
 * The shortest password the server accepts, read from its weak_password message ("Password
 * should be at least 8 characters."), or null when it does not say.
 */
export function minimumLengthFrom(message: string): number | null {
  const found = /at least (\d+) characters/i.exec(message);
  return found ? Number(found[1]) : null;
}
