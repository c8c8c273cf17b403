import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSession } from '@/features/admin/shared/session/admin-session';
import { AUTHOR_SESSION, EDITOR_SESSION, renderAdminScreen } from '@/features/admin/shared/session/render-admin-screen';
import { RedirectsAdminPage } from './redirects-admin-page';

const { fake, resetFake, supabaseModule } = await vi.hoisted(() => import('@/testing/fake-supabase'));
vi.mock('@/lib/supabase', () => supabaseModule());

const RULES = [
  {
    id: 'r-auto',
    source_path: '/blog/oxygen-checklist',
    match_type: 'exact',
    target: '/blog/oxygen-recertification-checklist',
    status_code: 301,
    note: 'Post slug changed: Oxygen recertification checklist',
    automatic: true,
    hits: 1204,
    last_hit_at: '2026-12-05T09:00:00Z',
    created_at: '2026-12-01T09:00:00Z',
    updated_at: '2026-12-01T09:00:00Z',
  },
  {
    id: 'r-gone',
    source_path: '/webinars/',
    match_type: 'prefix',
    target: null,
    status_code: 410,
    note: null,
    automatic: false,
    hits: 0,
    last_hit_at: null,
    created_at: '2026-11-01T09:00:00Z',
    updated_at: '2026-11-01T09:00:00Z',
  },
];

const LOG = [
  {
    path: '/pricing-2025',
    hits: 31,
    first_seen: '2026-11-20T09:00:00Z',
    last_seen: '2026-12-05T10:00:00Z',
    last_referrer: 'https://www.linkedin.com/',
    kind: 'page',
    redirect_id: null,
  },
  {
    path: '/blog/oxygen-checklist',
    hits: 8,
    first_seen: '2026-11-20T09:00:00Z',
    last_seen: '2026-11-30T10:00:00Z',
    last_referrer: null,
    kind: 'page',
    redirect_id: 'r-auto',
  },
  {
    path: '/wp-login.php',
    hits: 95,
    first_seen: '2026-11-20T09:00:00Z',
    last_seen: '2026-12-05T11:00:00Z',
    last_referrer: null,
    kind: 'probe',
    redirect_id: null,
  },
];

/** A PostgREST builder that answers `answer` to a write (insert, update, delete) and the rows to a read. */
function redirectsTable(write: () => { data: unknown; error: unknown }) {
  const build = (writing: boolean): unknown =>
    new Proxy(
      {},
      {
        get: (_target, property) => {
          if (property === 'then') {
            return (resolve: (answer: unknown) => unknown) => resolve(writing ? write() : { data: RULES, error: null });
          }
          return () => build(writing || ['insert', 'update', 'delete'].includes(String(property)));
        },
      },
    );
  return build(false);
}

function renderPage(session: AdminSession, path = '/admin/redirects') {
  return renderAdminScreen(<RedirectsAdminPage />, session, { route: '/admin/redirects', path });
}

beforeEach(() => {
  resetFake();
  fake.state.tables.redirects = RULES;
  fake.rpc.mockImplementation((name: string) =>
    Promise.resolve(name === 'not_found_report' ? { data: LOG, error: null } : { data: null, error: null }),
  );
});

describe('/admin/redirects', () => {
  it('lists the rules with their match, type, hits and the automatic badge', async () => {
    renderPage(EDITOR_SESSION);
    const rules = within(screen.getByRole('tabpanel', { name: /^Redirects/ }));
    const row = (await rules.findByText('/blog/oxygen-checklist')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Automatic')).toBeTruthy();
    expect(within(row).getByText('1,204')).toBeTruthy();
    expect(within(row).getByText('301 Permanent')).toBeTruthy();
    expect(within(row).getByText('Post slug changed: Oxygen recertification checklist')).toBeTruthy();
    const gone = rules.getByText('/webinars/').closest('tr');
    if (!gone) throw new Error('no row');
    expect(within(gone).getByText('and everything under it')).toBeTruthy();
    expect(within(gone).getByText('410 Gone')).toBeTruthy();
    expect(within(gone).getByText('Never')).toBeTruthy();
  });

  it('an editor is offered Add, Edit and Delete, with no note about the role', async () => {
    renderPage(EDITOR_SESSION);
    await screen.findByText('/webinars/');
    expect(screen.getByRole('button', { name: 'Add Redirect' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit redirect /webinars/' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete redirect /webinars/' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('an author reads the rules and the 404 log without controls that change them', async () => {
    const router = renderPage(AUTHOR_SESSION);
    await screen.findByText('/webinars/');
    expect(screen.getByRole('note').textContent).toBe(
      'You can see the redirects and the 404 log. An editor adds, changes and deletes redirects.',
    );
    expect(screen.queryByRole('button', { name: 'Add Redirect' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit redirect/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete redirect/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();

    await router.navigate('/admin/redirects?view=404');
    expect(await screen.findByText('/pricing-2025')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Create a redirect/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Clear/ })).toBeNull();
  });

  it('the 404 log shows visitors’ misses first, marks probes, and says which paths a redirect covers', async () => {
    const router = renderPage(EDITOR_SESSION);
    fireEvent.click(await screen.findByRole('tab', { name: /^404 log/ }));
    expect(router.state.location.search).toBe('?view=404');
    const log = screen.getByRole('tabpanel', { name: /^404 log/ });
    expect(await within(log).findByText('/pricing-2025')).toBeTruthy();
    expect(within(log).queryByText('/wp-login.php')).toBeNull();
    const covered = within(log).getByText('/blog/oxygen-checklist').closest('tr');
    if (!covered) throw new Error('no row');
    expect(within(covered).getByText('Covered by a redirect')).toBeTruthy();
    expect(within(covered).queryByRole('button', { name: /^Create a redirect/ })).toBeNull();
    expect(within(covered).getByRole('button', { name: 'Edit the redirect of /blog/oxygen-checklist' })).toBeTruthy();

    fireEvent.change(within(log).getByRole('combobox', { name: 'Show' }), { target: { value: 'probe' } });
    expect(within(log).getByText('/wp-login.php')).toBeTruthy();
    expect(within(log).queryByText('/pricing-2025')).toBeNull();
    fireEvent.change(within(log).getByRole('combobox', { name: 'Show' }), { target: { value: 'all' } });
    const probe = within(log).getByText('/wp-login.php').closest('tr');
    if (!probe) throw new Error('no row');
    expect(within(probe).getByRole('cell', { name: 'Probe' })).toBeTruthy();
    expect(within(log).getByText('/pricing-2025')).toBeTruthy();
  });

  it('“Create redirect” on a 404 row opens the form with that path as the old address', async () => {
    renderPage(EDITOR_SESSION, '/admin/redirects?view=404');
    fireEvent.click(await screen.findByRole('button', { name: 'Create a redirect for /pricing-2025' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Redirect' });
    expect(within(dialog).getByRole('textbox', { name: /^Old address/ })).toHaveProperty('value', '/pricing-2025');
    expect(within(dialog).getByRole('radio', { name: /^This address only/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveProperty('value', '301');
    expect(within(dialog).getByRole('textbox', { name: /^New address/ })).toHaveProperty('value', '');
  });

  it('refuses a loop before saving, and shows the database’s message when it refuses', async () => {
    const write = vi.fn(() => ({
      data: null,
      error: { code: '22023', message: 'This redirect would loop: /pricing-2025 → /pricing → /pricing-2025.' },
    }));
    fake.from.mockImplementation((table: string) => (table === 'redirects' ? redirectsTable(write) : undefined));
    renderPage(EDITOR_SESSION, '/admin/redirects?view=404');
    fireEvent.click(await screen.findByRole('button', { name: 'Create a redirect for /pricing-2025' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Redirect' });
    const target = within(dialog).getByRole('textbox', { name: /^New address/ });

    fireEvent.change(target, { target: { value: '/pricing-2025/' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Redirect' }));
    expect(within(dialog).getByText('This redirect would loop: /pricing-2025 → /pricing-2025/.')).toBeTruthy();
    expect(write).not.toHaveBeenCalled();

    fireEvent.change(target, { target: { value: '/pricing' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Redirect' }));
    await waitFor(() => {
      expect(write).toHaveBeenCalledOnce();
    });
    const refusal = await within(dialog).findByText(
      'This redirect would loop: /pricing-2025 → /pricing → /pricing-2025.',
    );
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('dialog', { name: 'Add Redirect' })).toBeTruthy();
  });

  it('asks before deleting a rule', async () => {
    const write = vi.fn(() => ({ data: null, error: null }));
    fake.from.mockImplementation((table: string) => (table === 'redirects' ? redirectsTable(write) : undefined));
    renderPage(EDITOR_SESSION);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete redirect /webinars/' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this redirect?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(write).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete redirect /webinars/' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete redirect' }));
    await waitFor(() => {
      expect(write).toHaveBeenCalledOnce();
    });
  });
});
