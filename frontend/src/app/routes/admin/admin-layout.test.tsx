import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdminRoutes } from '@/features/admin/shared/session/render-admin-screen';
import adminSections from '@/testing/admin-sections.json';
import { browserQueryClient } from '@/lib/query-client';
import { AdminLayout } from './admin-layout';

const { authError, fake, resetFake, staffSession, supabaseModule } = await vi.hoisted(
  () => import('@/testing/fake-supabase'),
);
vi.mock('@/lib/supabase', () => supabaseModule());
const validate = vi.hoisted(() => vi.fn());
vi.mock('@/features/admin/shared/invoke-simple-auth', () => ({ invokeSimpleAuth: validate }));

function AuthScreen() {
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return <p>sign in{notice ? `: ${notice}` : ''}</p>;
}

function renderAdmin(path: string) {
  return renderAdminRoutes(
    [
      { path: '/auth', element: <AuthScreen /> },
      {
        path: '/admin',
        element: <AdminLayout />,
        children: ['blog', 'media', 'leads', 'staff', 'account'].map((page) => ({
          path: page,
          element: <p>{page} screen</p>,
        })),
      },
    ],
    path,
  );
}

/** staff_me answers this role (the database's, which may differ from the token's claim). */
function liveRole(role: string | null) {
  fake.rpc.mockImplementation((name: string) =>
    Promise.resolve(
      name !== 'staff_me'
        ? { data: null, error: null }
        : role
          ? {
              data: [{ user_id: 'user-dana', email: 'dana@example.com', display_name: 'Dana Ortiz', role }],
              error: null,
            }
          : { data: null, error: { code: '42501', message: 'Only staff have a staff profile' } },
    ),
  );
}

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Admin' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeEach(() => {
  resetFake();
  validate.mockReset();
});

afterEach(() => {
  localStorage.clear();
  browserQueryClient().clear();
});

describe('the admin layout with a staff session', () => {
  it('an editor sees every section but Staff, their name and role, and Sign Out', async () => {
    fake.state.session = staffSession({ role: 'editor' });
    liveRole('editor');
    renderAdmin('/admin/blog');
    expect(await screen.findByText('blog screen')).toBeTruthy();
    expect(navLinks()).toEqual(adminSections.editor);
    expect(screen.getByText('Admin Dashboard')).toBeTruthy();
    expect(screen.getByText('Signed in as', { exact: false }).parentElement?.textContent).toBe(
      'Signed in as Dana OrtizEditor',
    );
  });

  it('an author sees the content screens they write or read, and Account; any other section says it is not part of the role', async () => {
    fake.state.session = staffSession({ role: 'author' });
    liveRole('author');
    renderAdmin('/admin/leads');
    expect(await screen.findByRole('heading', { name: 'This page is not part of your role' })).toBeTruthy();
    expect(screen.queryByText('leads screen')).toBeNull();
    expect(navLinks()).toEqual(adminSections.author);
  });

  it('the role the database has now wins over the token’s claim (a role changed since sign-in)', async () => {
    fake.state.session = staffSession({ role: 'owner' });
    liveRole('editor');
    renderAdmin('/admin/staff');
    expect(await screen.findByRole('heading', { name: 'This page is not part of your role' })).toBeTruthy();
  });

  it('an owner opens Staff', async () => {
    fake.state.session = staffSession({ role: 'owner' });
    liveRole('owner');
    renderAdmin('/admin/staff');
    expect(await screen.findByText('staff screen')).toBeTruthy();
    expect(navLinks()).toContain('Staff');
  });

  it('an account that is no (longer) staff is signed out and told why', async () => {
    fake.state.session = staffSession({ role: 'editor' });
    liveRole(null);
    const router = renderAdmin('/admin/blog');
    expect(
      await screen.findByText('sign in: This account has no admin access. Ask an owner to invite you.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('a session the server has ended (deactivated, signed out elsewhere) goes back to /auth', async () => {
    fake.state.session = staffSession();
    fake.auth.getUser.mockResolvedValueOnce({
      data: { user: null },
      error: authError('session_not_found', 'Session from session_id claim in JWT does not exist', 403),
    });
    renderAdmin('/admin/blog');
    expect(await screen.findByText('sign in')).toBeTruthy();
  });

  it('no session at all goes to /auth', async () => {
    renderAdmin('/admin/blog');
    expect(await screen.findByText('sign in')).toBeTruthy();
  });

  it('a session still owing its second factor goes to /auth for the code, signed in still', async () => {
    fake.state.session = staffSession({ aal: 'aal1' });
    fake.state.factors = [
      { id: 'f', factor_type: 'totp', status: 'verified', friendly_name: 'x', created_at: '', updated_at: '' },
    ];
    liveRole('editor');
    renderAdmin('/admin/blog');
    expect(await screen.findByText('sign in')).toBeTruthy();
    expect(fake.auth.signOut).not.toHaveBeenCalled();
  });

  it('a check that cannot reach the server signs nobody out and can be tried again', async () => {
    fake.state.session = staffSession();
    liveRole('editor');
    fake.auth.getUser.mockResolvedValueOnce({
      data: { user: null },
      error: Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0 }),
    });
    renderAdmin('/admin/blog');
    expect(await screen.findByRole('heading', { name: 'We could not check that you are signed in' })).toBeTruthy();
    expect(fake.auth.signOut).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('blog screen')).toBeTruthy();
  });

  it('Sign Out logs it with the session, ends this device’s session and opens /auth', async () => {
    fake.state.session = staffSession({ role: 'editor' });
    liveRole('editor');
    const router = renderAdmin('/admin/blog');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/auth');
    });
    expect(fake.rpc).toHaveBeenCalledWith('log_admin_activity', { action: 'sign_out', entity: 'session' });
    expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });
});

describe('the admin layout with the passcode (the spec’s path)', () => {
  it('validates the stored token with simple-auth and shows an owner everything', async () => {
    localStorage.setItem('admin_token', 'jwt');
    validate.mockResolvedValue({ valid: true });
    renderAdmin('/admin/staff');
    expect(await screen.findByText('staff screen')).toBeTruthy();
    expect(validate).toHaveBeenCalledWith({ action: 'validate', token: 'jwt' });
    expect(navLinks()).toHaveLength(14);
    expect(fake.auth.getUser).not.toHaveBeenCalled();
  });

  it('an invalid token is removed and the person sent to /auth', async () => {
    localStorage.setItem('admin_token', 'jwt');
    validate.mockResolvedValue({ valid: false });
    renderAdmin('/admin/blog');
    expect(await screen.findByText('sign in')).toBeTruthy();
    expect(localStorage.getItem('admin_token')).toBeNull();
  });
});
