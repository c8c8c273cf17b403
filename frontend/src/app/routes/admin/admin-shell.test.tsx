import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSession } from '@/features/admin/shared/session/admin-session';
import { useUnsavedChanges } from '@/features/admin/shared/unsaved-changes';
import adminSections from '@/testing/admin-sections.json';
import { AdminShell } from './admin-shell';

const editor: AdminSession = {
  kind: 'staff',
  role: 'editor',
  userId: 'user-dana',
  email: 'dana@example.com',
  name: 'Dana Ortiz',
};

/** A viewport of the given kind: `matchMedia` answers the drawer query accordingly. */
function viewport(narrow: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return narrow;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => list),
  );
  return {
    resize(toNarrow: boolean) {
      narrow = toNarrow;
      act(() => {
        listeners.forEach((listener) => {
          listener();
        });
      });
    },
  };
}

function UnsavedForm() {
  useUnsavedChanges(true);
  return <p>A form with typed changes</p>;
}

function renderShell(
  session: AdminSession = editor,
  screenContent = <button type="button">A control on the screen</button>,
) {
  const onSignOut = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/admin/*',
        element: (
          <AdminShell session={session} onSignOut={onSignOut}>
            {screenContent}
          </AdminShell>
        ),
      },
    ],
    { initialEntries: ['/admin/blog'] },
  );
  render(<RouterProvider router={router} />);
  return { onSignOut, router };
}

const menuButton = () => screen.getByRole('button', { name: 'Menu' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the admin shell', () => {
  it('groups the role’s screens by job, names the person and signs out', () => {
    viewport(false);
    const { onSignOut } = renderShell();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const group = (name: string) =>
      within(within(nav).getByRole('list', { name }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(group('Content')).toEqual(adminSections.content);
    expect(group('Audience')).toEqual(['Leads', 'Analytics']);
    expect(group('Team')).toEqual(['Activity']);
    expect(group('You')).toEqual(['Account']);
    expect(within(nav).getByRole('link', { name: 'Blog Posts' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Admin Dashboard')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('an author sees no empty groups', () => {
    viewport(false);
    renderShell({ ...editor, role: 'author' });
    const headings = within(screen.getByRole('navigation', { name: 'Admin' }))
      .getAllByRole('list')
      .map((list) => list.getAttribute('aria-labelledby'));
    expect(headings).toEqual(['admin-group-Content', 'admin-group-You']);
  });

  it('on a wide screen nothing is a dialog and the screen is never inert', () => {
    viewport(false);
    renderShell();
    fireEvent.click(menuButton());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('main').hasAttribute('inert')).toBe(false);
  });

  it('on a phone the Menu button opens the drawer as a modal, and Escape closes it back to the button', () => {
    viewport(true);
    renderShell();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menuButton());
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(drawer).getByRole('button', { name: 'Close menu' }));
    expect(screen.getByRole('main', { hidden: true }).hasAttribute('inert')).toBe(true);

    // Tab goes round the drawer's controls: past Sign Out to Close menu, and back.
    const signOut = within(drawer).getByRole('button', { name: 'Sign Out' });
    signOut.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(within(drawer).getByRole('button', { name: 'Close menu' }));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(signOut);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton());
    expect(screen.getByRole('main').hasAttribute('inert')).toBe(false);
  });

  it('following a link, the close button or widening the screen closes the drawer', () => {
    const screenSize = viewport(true);
    renderShell();
    fireEvent.click(menuButton());
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Leads' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton());

    fireEvent.click(menuButton());
    screenSize.resize(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    screenSize.resize(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a link of the sidebar asks before leaving typed changes, and stays when told to', () => {
    viewport(false);
    const { router } = renderShell(editor, <UnsavedForm />);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    fireEvent.click(screen.getByRole('link', { name: 'Leads' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave without saving them?');
    expect(router.state.location.pathname).toBe('/admin/blog');
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('link', { name: 'Leads' }));
    expect(router.state.location.pathname).toBe('/admin/leads');
    confirm.mockRestore();
  });
});
