import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast/toast-store';
import { renderAuthPage } from './render-auth-page';

vi.mock('@/lib/supabase', () => ({ supabase: {}, createAdminClient: vi.fn() }));
const invoke = vi.hoisted(() => vi.fn());
vi.mock('@/features/admin/shared/invoke-simple-auth', () => ({ invokeSimpleAuth: invoke }));

const submit = (passcode: string) => {
  fireEvent.change(screen.getByLabelText('Passcode'), { target: { value: passcode } });
  fireEvent.click(screen.getByRole('button', { name: 'Access Admin' }));
};

afterEach(() => {
  localStorage.clear();
  toastStore.clear();
  invoke.mockReset();
});

describe('AuthPage', () => {
  it('shows the card texts and the passcode field', () => {
    renderAuthPage();
    expect(screen.getByRole('heading', { name: 'Admin Access' })).toBeTruthy();
    expect(screen.getByText('Enter the passcode to access the blog admin')).toBeTruthy();
    const input = screen.getByLabelText('Passcode');
    expect(input.getAttribute('placeholder')).toBe('Enter admin passcode');
    expect(input.hasAttribute('required')).toBe(true);
  });

  it('denied: destructive toast with the server text, or the default', async () => {
    invoke.mockResolvedValueOnce({ success: false, error: 'Invalid passcode' });
    renderAuthPage();
    submit('wrong');
    await waitFor(() => {
      expect(toastStore.getSnapshot().at(-1)).toMatchObject({
        title: 'Access Denied',
        description: 'Invalid passcode',
        variant: 'destructive',
      });
    });
    invoke.mockResolvedValueOnce({ success: false });
    submit('wrong again');
    await waitFor(() => {
      expect(toastStore.getSnapshot().at(-1)).toMatchObject({ description: 'Invalid passcode.' });
    });
    expect(localStorage.getItem('admin_token')).toBeNull();
  });

  it('call failure: destructive Error toast with the message', async () => {
    invoke.mockRejectedValueOnce(new Error('Network down'));
    renderAuthPage();
    submit('x');
    await waitFor(() => {
      expect(toastStore.getSnapshot().at(-1)).toMatchObject({ title: 'Error', description: 'Network down' });
    });
  });

  it('success: stores the token, welcomes, opens /admin/blog', async () => {
    invoke.mockResolvedValueOnce({ success: true, token: 'jwt' });
    const router = renderAuthPage();
    submit('right');
    expect(await screen.findByText('admin blog')).toBeTruthy();
    expect(localStorage.getItem('admin_token')).toBe('jwt');
    expect(router.state.location.pathname).toBe('/admin/blog');
    expect(toastStore.getSnapshot().at(-1)).toMatchObject({ title: 'Welcome!', description: 'Access granted.' });
    expect(invoke).toHaveBeenCalledWith({ action: 'login', passcode: 'right' });
  });

  it('redirects to /admin/blog when a token is stored', async () => {
    localStorage.setItem('admin_token', 'jwt');
    renderAuthPage();
    expect(await screen.findByText('admin blog')).toBeTruthy();
  });
});
