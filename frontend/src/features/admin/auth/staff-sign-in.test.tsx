import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast/toast-store';
import { renderAdminRoutes } from '@/features/admin/shared/session/render-admin-screen';
import { AuthPage } from './auth-page';
import { renderAuthPage } from './render-auth-page';

const { authError, fake, resetFake, staffSession, supabaseModule } = await vi.hoisted(
  () => import('@/testing/fake-supabase'),
);
vi.mock('@/lib/supabase', () => supabaseModule());

const VERIFIED = {
  id: 'factor-1',
  factor_type: 'totp' as const,
  status: 'verified' as const,
  friendly_name: 'ClaimBridge admin',
  created_at: '2026-01-05T10:00:00Z',
  updated_at: '2026-01-05T10:00:00Z',
};

const staffCard = () => screen.getByRole('region', { name: 'Sign in with your staff account' });

function signIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** signInWithPassword succeeds and leaves this session behind (as supabase-js stores it). */
function passwordAccepted(session = staffSession()) {
  fake.auth.signInWithPassword.mockImplementationOnce(() => {
    fake.state.session = session;
    return Promise.resolve({ data: { session, user: session.user }, error: null });
  });
}

beforeEach(() => {
  resetFake();
});

afterEach(() => {
  localStorage.clear();
  toastStore.clear();
});

describe('/auth: sign in with a staff account', () => {
  it('keeps the passcode card and adds a separate staff sign-in with a forgotten-password link', () => {
    renderAuthPage();
    expect(screen.getByRole('heading', { name: 'Admin Access' })).toBeTruthy();
    expect(screen.getByLabelText('Passcode')).toBeTruthy();
    expect(staffCard()).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('type')).toBe('email');
    expect(screen.getByLabelText(/^Password/).getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeTruthy();
  });

  it('signs in with email and password and opens the admin with a welcome', async () => {
    passwordAccepted();
    const router = renderAuthPage();
    signIn(' dana@example.com ', 'correct horse battery');
    expect(await screen.findByText('admin blog')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/blog');
    expect(fake.auth.signInWithPassword).toHaveBeenCalledWith({
      email: 'dana@example.com',
      password: 'correct horse battery',
    });
    expect(toastStore.getSnapshot().at(-1)).toMatchObject({
      title: 'Welcome!',
      description: 'Signed in as Dana Ortiz.',
    });
  });

  it.each([
    [authError('invalid_credentials', 'Invalid login credentials'), /do not match a staff account/],
    [
      authError(
        'over_request_rate_limit',
        'Too many failed sign-in attempts for this account. Try again in 15 minutes.',
        429,
      ),
      /Try again in 15 minutes\./,
    ],
    [authError('over_request_rate_limit', 'Request rate limit reached', 429), /Too many attempts from this network/],
    [authError('email_not_confirmed', 'Email not confirmed'), /Open the invitation email/],
    [authError('user_banned', 'User is banned'), /deactivated/],
  ])('says why a sign-in was refused (%s)', async (error, said) => {
    fake.auth.signInWithPassword.mockResolvedValueOnce({ data: { session: null, user: null }, error });
    renderAuthPage();
    signIn('dana@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toMatch(said);
    expect(screen.queryByText('admin blog')).toBeNull();
  });

  it('asks for the authenticator code when the account has one, and verifies it', async () => {
    fake.state.factors = [VERIFIED];
    passwordAccepted(staffSession({ aal: 'aal1' }));
    fake.auth.mfa.challengeAndVerify.mockImplementationOnce(() => {
      fake.state.session = staffSession({ aal: 'aal2' });
      return Promise.resolve({ data: {}, error: null });
    });
    renderAuthPage();
    signIn('dana@example.com', 'correct horse battery');
    const code = await screen.findByLabelText(/Enter the 6-digit code from your authenticator app/);
    await waitFor(() => {
      expect(document.activeElement).toBe(code);
    });
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect((verify as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(code, { target: { value: '12 34-56' } });
    expect((code as HTMLInputElement).value).toBe('123456');
    fireEvent.click(verify);
    expect(await screen.findByText('admin blog')).toBeTruthy();
    expect(fake.auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' });
  });

  it('says a wrong code plainly and lets the person try again', async () => {
    fake.state.factors = [VERIFIED];
    passwordAccepted();
    fake.auth.mfa.challengeAndVerify.mockResolvedValueOnce({
      data: null,
      error: authError('mfa_verification_failed', 'Invalid TOTP code entered', 422),
    });
    renderAuthPage();
    signIn('dana@example.com', 'correct horse battery');
    fireEvent.change(await screen.findByLabelText(/6-digit code/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/That code did not match/);
    expect(screen.getByLabelText<HTMLInputElement>(/6-digit code/).value).toBe('');
  });

  it('opens on the code step for a session that still owes its second factor', async () => {
    fake.state.factors = [VERIFIED];
    fake.state.session = staffSession({ aal: 'aal1' });
    renderAuthPage();
    expect(await screen.findByLabelText(/6-digit code/)).toBeTruthy();
  });

  it('goes straight to /admin/blog when a staff session is already there', async () => {
    fake.state.session = staffSession({ aal: 'aal1' });
    renderAuthPage();
    expect(await screen.findByText('admin blog')).toBeTruthy();
  });

  it('refuses an account without a staff role and signs it out again', async () => {
    passwordAccepted(staffSession({ role: null }));
    renderAuthPage();
    signIn('visitor@example.com', 'a password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This account has no admin access. Ask an owner to invite you.',
    );
    expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(fake.state.session).toBeNull();
  });

  it('forgot password: says the same thing whether or not the address has an account', async () => {
    renderAuthPage();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => {
      expect(document.activeElement).toBe(email);
    });
    fireEvent.change(email, { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      "If that address has a staff account, we've emailed a link to reset the password.",
    );
    expect(fake.auth.resetPasswordForEmail).toHaveBeenCalledWith('nobody@example.com', {
      redirectTo: `${window.location.origin}/auth/reset`,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('forgot password: a rate limit is said, not hidden behind the sent message', async () => {
    fake.auth.resetPasswordForEmail.mockResolvedValueOnce({
      data: null,
      error: authError('over_email_send_rate_limit', 'Email rate limit exceeded', 429),
    });
    renderAuthPage();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'dana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Too many attempts/);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows why the admin sent the person back (router state notice)', () => {
    renderAdminRoutes([{ path: '/auth', element: <AuthPage /> }], {
      pathname: '/auth',
      state: { notice: 'This account has no admin access.' },
    });
    expect(screen.getByRole('alert').textContent).toBe('This account has no admin access.');
  });
});
