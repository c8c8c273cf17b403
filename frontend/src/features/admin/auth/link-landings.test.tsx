import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast/toast-store';
import { renderAdminRoutes } from '@/features/admin/shared/session/render-admin-screen';
import { ResetPage } from './reset-page';
import { WelcomePage } from './welcome-page';

const { authError, fake, resetFake, staffSession, supabaseModule } = await vi.hoisted(
  () => import('@/testing/fake-supabase'),
);
vi.mock('@/lib/supabase', () => supabaseModule());

/** Opens `path` as the browser would after an email link: the fragment is in window.location. */
function land(path: string, hash = '') {
  window.history.replaceState(null, '', `${path}${hash}`);
  return renderAdminRoutes(
    [
      { path: '/auth/welcome', element: <WelcomePage /> },
      { path: '/auth/reset', element: <ResetPage /> },
      { path: '/admin/blog', element: <p>admin blog</p> },
      { path: '/auth', element: <p>sign in</p> },
    ],
    path,
  );
}

const EXPIRED = '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';
const type = (label: RegExp, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

/** On the welcome page: saves a name and a password, then takes up the offer of two-step verification. */
async function startAuthenticatorSetup() {
  await screen.findByLabelText(/^Display name/);
  type(/^Display name/, 'Dana Ortiz');
  type(/^New password/, 'capped rental month 13');
  type(/^Confirm new password/, 'capped rental month 13');
  fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
}

beforeEach(() => {
  resetFake();
});

afterEach(() => {
  toastStore.clear();
  window.history.replaceState(null, '', '/');
});

describe('/auth/welcome (invitation link)', () => {
  it('an expired or used link says so and emails a new one on request', async () => {
    land('/auth/welcome', EXPIRED);
    expect(
      screen.getByRole('heading', { level: 1, name: 'This invitation link has expired or was already used' }),
    ).toBeTruthy();
    type(/Your staff email/, 'dana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a new link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      "If that address has a staff account, we've emailed a link to reset the password.",
    );
    expect(fake.auth.resetPasswordForEmail).toHaveBeenCalledWith('dana@example.com', {
      redirectTo: `${window.location.origin}/auth/reset`,
    });
    expect(fake.auth.getSession).not.toHaveBeenCalled();
  });

  it('a link that brought no session is treated the same', async () => {
    land('/auth/welcome');
    expect(
      await screen.findByRole('heading', { name: 'This invitation link has expired or was already used' }),
    ).toBeTruthy();
  });

  it('sets the display name and a password (with the server’s rules), then offers two-step verification', async () => {
    fake.state.session = staffSession({ displayName: '' });
    fake.auth.updateUser.mockResolvedValueOnce({
      data: { user: null },
      error: Object.assign(authError('weak_password', 'Password should be at least 12 characters.', 422), {
        name: 'AuthWeakPasswordError',
      }),
    });
    const router = land('/auth/welcome');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to ClaimBridge admin' })).toBeTruthy();
    expect(screen.getByText('dana@example.com')).toBeTruthy();

    type(/^Display name/, 'Dana Ortiz');
    type(/^New password/, 'rental cap');
    type(/^Confirm new password/, 'rental cap!');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByText('The two passwords do not match.')).toBeTruthy();
    expect(fake.auth.updateUser).not.toHaveBeenCalled();

    type(/^Confirm new password/, 'rental cap');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Password should be at least 12 characters.')).toBeTruthy();
    const password = screen.getByLabelText(/^New password/);
    expect(password.getAttribute('minlength')).toBe('12');
    expect(password.getAttribute('aria-invalid')).toBe('true');

    // The rule is now checked before sending.
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByText('Use at least 12 characters.')).toBeTruthy();
    expect(fake.auth.updateUser).toHaveBeenCalledTimes(1);

    type(/^New password/, 'capped rental month 13');
    type(/^Confirm new password/, 'capped rental month 13');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Protect your account' })).toBeTruthy();
    expect(fake.auth.updateUser).toHaveBeenLastCalledWith({
      password: 'capped rental month 13',
      data: { display_name: 'Dana Ortiz' },
    });
    expect(toastStore.getSnapshot().at(-1)).toMatchObject({ title: 'Password set' });

    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/admin/blog');
    });
  });

  it('sets up the authenticator: QR code, the key to type, and the first code', async () => {
    fake.state.session = staffSession();
    const router = land('/auth/welcome');
    await startAuthenticatorSetup();

    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(fake.auth.mfa.enroll).toHaveBeenCalledWith({ factorType: 'totp', friendlyName: 'ClaimBridge admin' });

    type(/6-digit code/, '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/admin/blog');
    });
    expect(fake.auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-new', code: '654321' });
    expect(toastStore.getSnapshot().at(-1)).toMatchObject({ title: 'Two-step verification is on' });
  });

  it('removes an unfinished earlier setup before starting again', async () => {
    fake.state.session = staffSession();
    fake.state.factors = [
      {
        id: 'factor-stale',
        factor_type: 'totp',
        status: 'unverified',
        friendly_name: 'ClaimBridge admin',
        created_at: '',
        updated_at: '',
      },
    ];
    land('/auth/welcome');
    await startAuthenticatorSetup();
    await screen.findByRole('img', { name: /QR code/ });
    expect(fake.auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-stale' });
  });
});

describe('/auth/reset (password reset link)', () => {
  it('an expired link says so', () => {
    land('/auth/reset', EXPIRED);
    expect(
      screen.getByRole('heading', { level: 1, name: 'This reset link has expired or was already used' }),
    ).toBeTruthy();
  });

  it('asks for the authenticator code first when enrolled, then sets the new password', async () => {
    fake.state.session = staffSession({ aal: 'aal1' });
    fake.state.factors = [
      {
        id: 'factor-1',
        factor_type: 'totp',
        status: 'verified',
        friendly_name: 'ClaimBridge admin',
        created_at: '',
        updated_at: '',
      },
    ];
    const router = land('/auth/reset');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    type(/6-digit code/, '112233');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText(/^New password/)).toBeTruthy();
    expect(fake.auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '112233' });

    type(/^New password/, 'prior auth before delivery');
    type(/^Confirm new password/, 'prior auth before delivery');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/admin/blog');
    });
    expect(fake.auth.updateUser).toHaveBeenCalledWith({ password: 'prior auth before delivery' });
    expect(toastStore.getSnapshot().at(-1)).toMatchObject({ title: 'Password changed' });
  });
});
