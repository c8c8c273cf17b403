import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast/toast-store';
import { AdminSessionContext, type AdminSession } from '@/features/admin/shared/session/admin-session';
import { StaffAdminPage } from './staff-admin-page';

const { fake, resetFake, supabaseModule } = await vi.hoisted(() => import('@/testing/fake-supabase'));
vi.mock('@/lib/supabase', () => supabaseModule());

const OWNER: AdminSession = {
  kind: 'staff',
  role: 'owner',
  userId: 'u-owner',
  email: 'maria@example.com',
  name: 'Maria Delgado',
};

const STAFF = [
  {
    user_id: 'u-owner',
    email: 'maria@example.com',
    display_name: 'Maria Delgado',
    role: 'owner',
    status: 'active',
    invited_at: '2026-01-02T09:00:00Z',
    last_sign_in_at: '2026-03-01T14:30:00Z',
    mfa_enabled: true,
  },
  {
    user_id: 'u-dana',
    email: 'dana@example.com',
    display_name: 'Dana Ortiz',
    role: 'editor',
    status: 'active',
    invited_at: '2026-01-05T09:00:00Z',
    last_sign_in_at: '2026-03-02T08:00:00Z',
    mfa_enabled: false,
  },
  {
    user_id: 'u-sam',
    email: 'sam@example.com',
    display_name: 'sam',
    role: 'author',
    status: 'invited',
    invited_at: '2026-03-03T09:00:00Z',
    last_sign_in_at: null,
    mfa_enabled: false,
  },
  {
    user_id: 'u-lee',
    email: 'lee@example.com',
    display_name: 'Lee Park',
    role: 'author',
    status: 'deactivated',
    invited_at: '2025-11-03T09:00:00Z',
    last_sign_in_at: '2025-12-01T09:00:00Z',
    mfa_enabled: false,
  },
];

/** A function's refusal as supabase-js returns it (FunctionsHttpError, the Response as context). */
function functionRefusal(status: number, message: string) {
  return {
    data: null,
    error: Object.assign(new Error('Edge Function returned a non-2xx status code'), {
      name: 'FunctionsHttpError',
      context: new Response(JSON.stringify({ error: message }), { status }),
    }),
  };
}

function answer(results: Record<string, { data: unknown; error: unknown }>) {
  fake.rpc.mockImplementation((name: string) =>
    Promise.resolve(
      results[name] ?? (name === 'staff_list' ? { data: STAFF, error: null } : { data: null, error: null }),
    ),
  );
}

function renderStaff() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminSessionContext value={OWNER}>
        <StaffAdminPage />
      </AdminSessionContext>
    </QueryClientProvider>,
  );
}

const row = (name: string) => {
  const cell = screen.getAllByRole('cell').find((candidate) => candidate.textContent.startsWith(name));
  const found = cell?.closest('tr');
  if (!found) throw new Error(`no row for ${name}`);
  return within(found);
};
const lastToast = () => toastStore.getSnapshot().at(-1);

beforeEach(() => {
  resetFake();
  answer({});
});

afterEach(() => {
  toastStore.clear();
});

describe('/admin/staff', () => {
  it('lists each person with role, status, last sign-in and 2FA; actions fit their status', async () => {
    renderStaff();
    expect(await screen.findByText('Dana Ortiz')).toBeTruthy();
    const maria = row('Maria Delgado');
    expect(maria.getByText('(you)')).toBeTruthy();
    expect(maria.getByText('Owner')).toBeTruthy();
    expect(maria.getByText('On')).toBeTruthy();
    // Nobody deactivates themselves here.
    expect(maria.queryByRole('button', { name: /Deactivate/ })).toBeNull();

    const sam = row('sam');
    expect(sam.getByText('Invited')).toBeTruthy();
    expect(sam.getByText('Never')).toBeTruthy();
    expect(sam.getByRole('button', { name: 'Resend invite to sam' })).toBeTruthy();

    const lee = row('Lee Park');
    expect(lee.getByText('Deactivated')).toBeTruthy();
    expect(lee.getByRole('button', { name: 'Reactivate Lee Park' })).toBeTruthy();
    expect(lee.queryByRole('button', { name: /Change role/ })).toBeNull();
    expect(row('Dana Ortiz').queryByRole('button', { name: /Resend/ })).toBeNull();
  });

  it('invites by email with a role, each role described, and says it was sent', async () => {
    fake.invoke.mockResolvedValueOnce({
      data: { user: { id: 'u-new', email: 'ana@example.com' }, status: 'invited' },
      error: null,
    });
    renderStaff();
    fireEvent.click(await screen.findByRole('button', { name: 'Invite staff' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Invite a staff member' }));
    const role = dialog.getByLabelText<HTMLSelectElement>('Role');
    expect(role.value).toBe('author');
    expect(dialog.getByText(/Writes draft blog posts and uploads images/)).toBeTruthy();
    expect(dialog.getByText(/Publishes posts and edits pages/)).toBeTruthy();
    expect(dialog.getByText(/including staff accounts/)).toBeTruthy();

    fireEvent.change(dialog.getByLabelText(/^Email/), { target: { value: ' ana@example.com ' } });
    fireEvent.change(dialog.getByLabelText(/^Display name/), { target: { value: 'Ana Lima' } });
    fireEvent.change(role, { target: { value: 'editor' } });
    expect(role.getAttribute('aria-describedby')).toBe('invite-role-editor');
    fireEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(fake.invoke).toHaveBeenCalledWith('staff-invite', {
      body: { action: 'invite', email: 'ana@example.com', role: 'editor', display_name: 'Ana Lima' },
    });
    expect(lastToast()).toMatchObject({
      title: 'Invitation sent',
      description: 'ana@example.com will get an email with a link to choose a password.',
    });
  });

  it('an invitation the function refuses keeps the dialog open with its message', async () => {
    fake.invoke.mockResolvedValueOnce(functionRefusal(409, 'ana@example.com already has a staff account.'));
    renderStaff();
    fireEvent.click(await screen.findByRole('button', { name: 'Invite staff' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/^Email/), { target: { value: 'ana@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('ana@example.com already has a staff account.');
  });

  it('changes a role after confirming it in the dialog', async () => {
    renderStaff();
    fireEvent.click(await screen.findByRole('button', { name: 'Change role of Dana Ortiz' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change Dana Ortiz’s role' }));
    const confirm = dialog.getByRole('button', { name: 'Change role' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('New role'), { target: { value: 'owner' } });
    expect(dialog.getByRole('status').textContent).toMatch(/^Dana Ortiz becomes an owner/);
    fireEvent.click(confirm);
    await waitFor(() => {
      expect(lastToast()).toMatchObject({ title: 'Role changed', description: 'Dana Ortiz is now an owner.' });
    });
    expect(fake.rpc).toHaveBeenCalledWith('staff_set_role', { target: 'u-dana', new_role: 'owner' });
  });

  it('the last owner cannot be demoted: the server’s reason and hint are shown', async () => {
    answer({
      staff_set_role: {
        data: null,
        error: {
          code: 'P0001',
          message: 'Cannot demote the last active owner: the site would have no owner',
          hint: 'Make another staff member an owner first',
        },
      },
    });
    renderStaff();
    fireEvent.click(await screen.findByRole('button', { name: 'Change role of Maria Delgado' }));
    fireEvent.change(screen.getByLabelText('New role'), { target: { value: 'editor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => {
      expect(lastToast()).toMatchObject({
        title: 'Could not change the role',
        description:
          'Cannot demote the last active owner: the site would have no owner. Make another staff member an owner first.',
        variant: 'destructive',
      });
    });
  });

  it('deactivates after a confirmation naming the person and saying their sessions end now', async () => {
    renderStaff();
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Dana Ortiz' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Deactivate Dana Ortiz?' }));
    expect(dialog.getByText(/dana@example.com\) is signed out on every device now/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Deactivate and sign out' }));
    await waitFor(() => {
      expect(lastToast()).toMatchObject({ title: 'Staff member deactivated' });
    });
    expect(fake.rpc).toHaveBeenCalledWith('staff_set_active', { target: 'u-dana', active: false });
  });

  it('reactivates, and resends an invitation', async () => {
    fake.invoke.mockResolvedValueOnce({ data: { status: 'invited' }, error: null });
    renderStaff();
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate Lee Park' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => {
      expect(lastToast()).toMatchObject({
        title: 'Staff member reactivated',
        description: 'Lee Park can sign in again.',
      });
    });
    expect(fake.rpc).toHaveBeenCalledWith('staff_set_active', { target: 'u-lee', active: true });

    fireEvent.click(screen.getByRole('button', { name: 'Resend invite to sam' }));
    await waitFor(() => {
      expect(lastToast()).toMatchObject({
        title: 'Invitation sent again',
        description: 'A new link is on its way to sam@example.com.',
      });
    });
    expect(fake.invoke).toHaveBeenCalledWith('staff-invite', { body: { action: 'resend', user_id: 'u-sam' } });
  });

  it('a refusal for the role reads as the permission message', async () => {
    answer({ staff_list: { data: null, error: { code: '42501', message: 'Only an owner can list the staff' } } });
    renderStaff();
    expect((await screen.findByRole('alert')).textContent).toMatch(
      "The staff list could not be loaded: You don't have permission to do that.",
    );
  });
});
