import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { company } from '@/config/company';
import type { AdminSession } from '@/features/admin/shared/session/admin-session';
import { AUTHOR_SESSION, EDITOR_SESSION, renderAdminScreen } from '@/features/admin/shared/session/render-admin-screen';
import { TaxonomiesAdminPage } from './taxonomies-admin-page';

const { fake, resetFake, supabaseModule } = await vi.hoisted(() => import('@/testing/fake-supabase'));
vi.mock('@/lib/supabase', () => supabaseModule());

const TAXONOMIES = [
  { kind: 'category', slug: 'prior-authorization', name: 'Prior Authorization', posts: 7, last_modified: null },
  { kind: 'tag', slug: 'cms-2026', name: 'CMS 2026', posts: 0, last_modified: null },
];

function renderPage(session: AdminSession) {
  renderAdminScreen(<TaxonomiesAdminPage />, session, { route: '/admin/taxonomies' });
}

beforeEach(() => {
  resetFake();
  fake.rpc.mockImplementation((name: string) =>
    Promise.resolve({ data: name === 'blog_taxonomies' ? TAXONOMIES : null, error: null }),
  );
});

describe('/admin/taxonomies', () => {
  it('lists each archive with its kind, posts and link, filterable by kind', async () => {
    renderPage(EDITOR_SESSION);
    const row = (await screen.findByText('Prior Authorization')).closest('tr');
    if (!row) throw new Error('no row');
    expect(
      within(row)
        .getByRole('link', { name: /^\/blog\/category\/prior-authorization/ })
        .getAttribute('href'),
    ).toBe('/blog/category/prior-authorization');
    expect(within(row).getByText('7')).toBeTruthy();
    expect(screen.getByText('None (hidden from search)')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'tag' } });
    expect(screen.queryByText('Prior Authorization')).toBeNull();
    expect(screen.getByText('CMS 2026')).toBeTruthy();
  });

  it('an author reads the list without Edit SEO', async () => {
    renderPage(AUTHOR_SESSION);
    expect(await screen.findByText('Prior Authorization')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      'You can see the archives and their SEO. An editor changes their titles and descriptions.',
    );
    expect(screen.queryByRole('button', { name: /^Edit the SEO/ })).toBeNull();
  });

  it('an editor writes an archive’s title and description, with counters, upserted by kind and slug', async () => {
    const upsert = vi.fn(() => Promise.resolve({ data: null, error: null }));
    fake.from.mockImplementation((table: string) =>
      table === 'blog_taxonomy_seo' ? { select: () => Promise.resolve({ data: [], error: null }), upsert } : undefined,
    );
    renderPage(EDITOR_SESSION);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the SEO of category Prior Authorization' }));
    const dialog = screen.getByRole('dialog', { name: 'SEO of category “Prior Authorization”' });
    // The preview says what the archive's head will: the defaults while the fields are blank.
    const preview = within(dialog).getByLabelText('Search result preview');
    expect(within(preview).getByText(`Posts in Prior Authorization | ${company.name}`)).toBeTruthy();
    expect(
      within(preview).getByText(
        `${company.name} articles on Prior Authorization for HME/DME suppliers: practical guidance from the people who work DME claims every day.`,
      ),
    ).toBeTruthy();
    const title = within(dialog).getByRole('textbox', { name: 'Meta Title' });
    fireEvent.change(title, { target: { value: 'Prior authorization for DME suppliers' } });
    expect(within(preview).getByText('Prior authorization for DME suppliers')).toBeTruthy();
    expect(within(dialog).getByText('37/60 (recommended 50-60)')).toBeTruthy();
    expect(within(dialog).getByText('0/160 (recommended 150-160)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save SEO' }));
    await waitFor(() => {
      expect(upsert).toHaveBeenCalledWith(
        {
          kind: 'category',
          slug: 'prior-authorization',
          name: 'Prior Authorization',
          meta_title: 'Prior authorization for DME suppliers',
          meta_description: null,
        },
        { onConflict: 'kind,slug' },
      );
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
