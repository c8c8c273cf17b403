import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteHealthRow } from '@/data/site-health/types';
import type { AdminSession } from '@/features/admin/shared/session/admin-session';
import { AUTHOR_SESSION, EDITOR_SESSION, renderAdminScreen } from '@/features/admin/shared/session/render-admin-screen';
import { SiteHealthAdminPage } from './site-health-admin-page';
import { healthRow } from './site-health-test-rows';

const { fake, resetFake, supabaseModule } = await vi.hoisted(() => import('@/testing/fake-supabase'));
vi.mock('@/lib/supabase', () => supabaseModule());

const ISSUES: SiteHealthRow[] = [
  healthRow(),
  healthRow({
    kind: 'missing_meta_description',
    severity: 'warning',
    title: 'No meta description',
    detail: 'Search results show the meta description under the page’s title: write 50 to 160 characters (now 0).',
    source_type: 'page',
    source_id: 's1',
    source_label: 'Services',
    fix_path: '/admin/pages',
  }),
];

function answer(issues: SiteHealthRow[], summary: unknown) {
  fake.rpc.mockImplementation((name: string) =>
    Promise.resolve({
      data: name === 'site_health' ? issues : name === 'site_health_summary' ? summary : null,
      error: null,
    }),
  );
}

function renderPage(session: AdminSession) {
  renderAdminScreen(<SiteHealthAdminPage />, session, { route: '/admin/health' });
}

beforeEach(() => {
  resetFake();
});

describe('/admin/health', () => {
  it('shows each check’s issues with what, where and a Fix link to the place to fix it', async () => {
    answer(ISSUES, { last_run: '2026-12-05T09:00:00Z', links_checked: 140, pending: 12 });
    renderPage(EDITOR_SESSION);
    const broken = await screen.findByRole('region', { name: 'Broken internal links (1)' });
    expect(within(broken).getByText('Broken link: /pricing-2025')).toBeTruthy();
    expect(within(broken).getByText('Capped rental month 13')).toBeTruthy();
    expect(within(broken).getByRole('link', { name: 'Fix: Broken link: /pricing-2025' }).getAttribute('href')).toBe(
      '/admin/blog/p1',
    );
    const meta = screen.getByRole('region', { name: 'Missing or short meta descriptions (1)' });
    expect(within(meta).getByRole('link', { name: 'Fix: No meta description' }).getAttribute('href')).toBe(
      '/admin/pages',
    );
    expect(screen.getByText('140')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    const checks = within(screen.getByRole('list', { name: 'Checks' }));
    expect(checks.getByText('Duplicate titles: none')).toBeTruthy();
    expect(screen.queryByText('All clear')).toBeNull();
  });

  it('an author gets Fix only where their role can fix it', async () => {
    answer(ISSUES, { last_run: '2026-12-05T09:00:00Z', links_checked: 140, pending: 0 });
    renderPage(AUTHOR_SESSION);
    const broken = await screen.findByRole('region', { name: 'Broken internal links (1)' });
    expect(within(broken).getByRole('link', { name: /^Fix:/ })).toBeTruthy();
    const meta = screen.getByRole('region', { name: 'Missing or short meta descriptions (1)' });
    expect(within(meta).queryByRole('link')).toBeNull();
    expect(within(meta).getByText('An editor fixes this')).toBeTruthy();
  });

  it('says all clear when nothing is wrong, and what the link checker still has to do', async () => {
    answer([], { last_run: '2026-12-05T09:00:00Z', links_checked: 140, pending: 3 });
    renderPage(EDITOR_SESSION);
    expect(await screen.findByRole('heading', { name: 'All clear' })).toBeTruthy();
    expect(await screen.findByText(/3 links are still waiting to be checked\./)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Checks' })).toBeNull();
  });

  it('says when the link checker has not run yet', async () => {
    answer([], { last_run: null, links_checked: 0, pending: 0 });
    renderPage(EDITOR_SESSION);
    expect((await screen.findByRole('note')).textContent).toBe(
      'The link checker has not run yet: broken links show up here once it has.',
    );
    expect(screen.getByText('Not yet')).toBeTruthy();
  });
});
