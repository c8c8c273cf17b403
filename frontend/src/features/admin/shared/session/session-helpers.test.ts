import { describe, expect, it, vi } from 'vitest';
import { accessToken } from '@/testing/fake-supabase';
import { errorMessage, isPermissionError, PERMISSION_DENIED } from '@/features/admin/shared/admin-client';
import { authErrorMessage, minimumLengthFrom } from './auth-error-message';
import { newPasswordProblems } from './new-password';
import { personName, readClaims } from './staff-session';
import { qrCodeImage } from './enroll-totp';
import { groupedSecret } from './totp-enrol-panel';

vi.mock('@/lib/supabase', () => ({ supabase: {}, createAdminClient: vi.fn() }));

const authError = (code: string, message: string, status = 400) =>
  Object.assign(new Error(message), { name: 'AuthApiError', code, status });

describe('staff access tokens', () => {
  it('reads the staff role, assurance level and session of a token', () => {
    const token = accessToken({
      sub: 'u1',
      email: 'ana@example.com',
      staff_role: 'author',
      aal: 'aal2',
      session_id: 's1',
      user_metadata: { display_name: 'Ana Lima — Intake' },
    });
    expect(readClaims(token)).toEqual({
      userId: 'u1',
      email: 'ana@example.com',
      role: 'author',
      aal: 'aal2',
      sessionId: 's1',
    });
  });

  it('has no role for a token without a known staff_role, and no claims for what is no JWT', () => {
    expect(readClaims(accessToken({ sub: 'u2', staff_role: 'superuser' }))?.role).toBeNull();
    expect(readClaims(accessToken({ sub: 'u2' }))?.role).toBeNull();
    expect(readClaims('not-a-token')).toBeNull();
    expect(readClaims('a.%%%.c')).toBeNull();
  });

  it('names a person by their display name, else their email', () => {
    expect(personName({ email: 'ana@example.com', user_metadata: { display_name: '  Ana Lima ' } })).toBe('Ana Lima');
    expect(personName({ email: 'ana@example.com', user_metadata: { display_name: ' ' } })).toBe('ana@example.com');
    expect(personName({ email: null, user_metadata: null })).toBe('Staff member');
  });
});

describe('refusals said for people', () => {
  it('a refusal for the role reads as the permission message, whatever the server said', () => {
    const rls = { code: '42501', message: 'new row violates row-level security policy for table "blog_posts"' };
    expect(isPermissionError(rls)).toBe(true);
    expect(errorMessage(rls)).toBe("You don't have permission to do that.");
    expect(errorMessage({ statusCode: '403', message: 'new row violates row-level security policy' })).toBe(
      PERMISSION_DENIED,
    );
    expect(errorMessage({ code: '23505', message: 'duplicate key value' })).toBe('duplicate key value');
  });

  it('auth errors: the lockout keeps its wait, the network and sessions are said plainly', () => {
    expect(
      authErrorMessage(
        authError(
          'over_request_rate_limit',
          'Too many failed sign-in attempts for this account. Try again in 3 minutes.',
          429,
        ),
      ),
    ).toBe('Too many failed sign-in attempts for this account. Try again in 3 minutes.');
    expect(
      authErrorMessage(Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0 })),
    ).toMatch(/could not reach the server/);
    expect(
      authErrorMessage(authError('same_password', 'New password should be different from the old password.', 422)),
    ).toBe('That is your current password. Choose a new one.');
    expect(authErrorMessage(authError('something_new', 'Something new happened.'))).toBe('Something new happened.');
  });

  it('learns the minimum password length from the server’s weak_password message', () => {
    expect(
      minimumLengthFrom(
        'Password should be at least 12 characters. Password should contain at least one character of each: 0123456789.',
      ),
    ).toBe(12);
    expect(
      minimumLengthFrom('Password is known to be weak and easy to guess, please choose a different one.'),
    ).toBeNull();
  });
});

describe('new passwords', () => {
  it('asks for one, for the learned length, and for the same text twice', () => {
    expect(newPasswordProblems('', '', null)).toEqual({ password: 'Enter a new password.' });
    expect(newPasswordProblems('short', 'short', 8)).toEqual({ password: 'Use at least 8 characters.' });
    expect(newPasswordProblems('long enough', 'long enuogh', 8)).toEqual({
      confirm: 'The two passwords do not match.',
    });
    expect(newPasswordProblems('long enough', 'long enough', null)).toEqual({});
  });

  it('makes the QR code an image address a browser shows whole (a # in the SVG would cut it)', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#000"/></svg>';
    const expected = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    expect(qrCodeImage(`data:image/svg+xml;utf-8,${svg}`)).toBe(expected);
    expect(qrCodeImage(svg)).toBe(expected);
    expect(qrCodeImage('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(qrCodeImage(expected)).toBe(expected);
  });

  it('shows an authenticator key in groups of four', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupedSecret('ABCDEF')).toBe('ABCD EF');
  });
});
