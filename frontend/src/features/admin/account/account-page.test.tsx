import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast/toast-store';
import { PASSCODE_SESSION, type AdminSession } from '@/features/admin/shared/session/admin-session';
import { renderAdminScreen } from '@/features/admin/shared/session/render-admin-screen';
import { AccountPage } from './account-page';

const { authError, fake, resetFake, staffSession, supabaseModule } = await vi.hoisted(
  () => import('@/testing/fake-supabase'),
);
vi.mock('@/lib/supabase', () => supabaseModule());

const DANA: AdminSession = {
  kind: 'staff',
  role: 'editor',
  userId: 'user-dana',
  email: 'dana@example.com',
  name: 'Dana Ortiz',
};

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SESSIONS = [
  {
    id: 's-here',
    created_at: '2026-03-01T09:00:00Z',
    refreshed_at: '2026-03-01T11:00:00Z',
    user_agent: CHROME,
    ip: '203.0.113.7',
    aal: 'aal2',
    is_current: true,
  },
  {
    id: 's-phone',
    created_at: '2026-02-20T09:00:00Z',
    refreshed_at: null,
    user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1',
    ip: '198.51.100.4',
    aal: 'aal1',
    is_current: false,
  },
];

function renderAccount(session: AdminSession) {
  renderAdminScreen(<AccountPage />, session, { route: '/admin/account' });
}

const card = (name: string) => within(screen.getByRole('region', { name }));
const lastToast = () => toastStore.getSnapshot().at(-1);

beforeEach(() => {
  resetFake();
  fake.state.session = staffSession({ aal: 'aal2' });
  fake.rpc.mockImplementation((name: string) =>
    Promise.resolve(name === 'my_sessions' ? { data: SESSIONS, error: null } : { data: null, error: null }),
  );
});

afterEach(() => {
  toastStore.clear();
});

describe('/admin/account', () => {
  it('the passcode has no account, and says so', () => {
    renderAccount(PASSCODE_SESSION);
    expect(screen.getByRole('heading', { name: 'Signed in with the admin passcode' })).toBeTruthy();
    expect(screen.getByText(/It has no account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Staff' }).getAttribute('href')).toBe('/admin/staff');
    expect(fake.rpc).not.toHaveBeenCalled();
  });

  it('saves the display name', async () => {
    renderAccount(DANA);
    const name = card('Display name');
    const field = name.getByLabelText<HTMLInputElement>(/^Display name/);
    expect(field.value).toBe('Dana Ortiz');
    expect(name.getByRole<HTMLButtonElement>('button', { name: 'Save name' }).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'Dana Ortiz, Billing Lead' } });
    fireEvent.click(name.getByRole('button', { name: 'Save name' }));
    await waitFor(() => {
      expect(lastToast()).toMatchObject({ title: 'Display name saved' });
    });
    expect(fake.auth.updateUser).toHaveBeenCalledWith({ data: { display_name: 'Dana Ortiz, Billing Lead' } });
  });

  it('changes the password, confirming with an emailed code when the server asks for reauthentication', async () => {
    fake.auth.updateUser.mockResolvedValueOnce({
      data: { user: null },
      error: authError('reauthentication_needed', 'Password update requires reauthentication'),
    });
    renderAccount(DANA);
    const password = card('Password');
    fireEvent.change(password.getByLabelText(/^New password/), { target: { value: 'modifier KX for rentals' } });
    fireEvent.change(password.getByLabelText(/^Confirm new password/), {
      target: { value: 'modifier KX for rentals' },
    });
    fireEvent.click(password.getByRole('button', { name: 'Change password' }));

    const code = await password.findByLabelText(/^Verification code from the email/);
    expect(fake.auth.reauthenticate).toHaveBeenCalledTimes(1);
    expect(password.getByRole('status').textContent).toMatch(/we emailed a verification code to dana@example.com/);
    fireEvent.change(code, { target: { value: ' 482913 ' } });
    fireEvent.click(password.getByRole('button', { name: 'Confirm new password' }));
    await waitFor(() => {
      expect(lastToast()).toMatchObject({ title: 'Password changed' });
    });
    expect(fake.auth.updateUser).toHaveBeenLastCalledWith({ password: 'modifier KX for rentals', nonce: '482913' });
    expect(password.getByLabelText<HTMLInputElement>(/^New password/).value).toBe('');
  });

  it('two-step verification off: offers the setup', async () => {
    renderAccount(DANA);
    const twoStep = card('Two-step verification');
    expect(await twoStep.findByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
    expect(twoStep.getByText(/^Off\./)).toBeTruthy();
  });

  it('two-step verification on: turning it off asks for a code first', async () => {
    fake.state.factors = [
      {
        id: 'factor-1',
        factor_type: 'totp',
        status: 'verified',
        friendly_name: 'ClaimBridge admin',
        created_at: '2026-01-05T10:00:00Z',
        updated_at: '2026-01-05T10:00:00Z',
      },
    ];
    renderAccount(DANA);
    const twoStep = card('Two-step verification');
    fireEvent.click(await twoStep.findByRole('button', { name: 'Turn off two-step verification' }));
    expect(fake.auth.mfa.unenroll).not.toHaveBeenCalled();
    fireEvent.change(twoStep.getByLabelText(/6-digit code/), { target: { value: '246810' } });
    fireEvent.click(twoStep.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => {
      expect(lastToast()).toMatchObject({ title: 'Two-step verification is off' });
    });
    expect(fake.auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '246810' });
    expect(fake.auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-1' });
  });

  it('lists where the person is signed in and signs out everywhere else', async () => {
    renderAccount(DANA);
    const sessions = card('Where you are signed in');
    const here = (await sessions.findByText(/Chrome 131 on Windows/)).closest('li');
    expect(here?.textContent).toMatch(/This device/);
    expect(here?.textContent).toMatch(/203\.0\.113\.7/);
    expect(sessions.getByText(/Safari 17 on iOS/).closest('li')?.textContent).not.toMatch(/This device/);
    fireEvent.click(sessions.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => {
      expect(lastToast()).toMatchObject({ title: 'Signed out everywhere else' });
    });
    expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'others' });
  });

  it('with no other session, the button waits and says why', async () => {
    fake.rpc.mockImplementation(() => Promise.resolve({ data: SESSIONS.slice(0, 1), error: null }));
    renderAccount(DANA);
    const sessions = card('Where you are signed in');
    expect(await sessions.findByText('You are not signed in anywhere else.')).toBeTruthy();
    expect(sessions.getByRole<HTMLButtonElement>('button', { name: 'Sign out everywhere else' }).disabled).toBe(true);
  });
});
