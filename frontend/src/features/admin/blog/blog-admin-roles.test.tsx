import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminSessionContext, type AdminSession } from '@/features/admin/shared/session/admin-session';
import { BlogAdminPage } from './blog-admin-page';
import { EMPTY_BLOG_FORM, formToPayload } from './blog-post';

const { fake, resetFake, supabaseModule } = await vi.hoisted(() => import('@/testing/fake-supabase'));
vi.mock('@/lib/supabase', () => supabaseModule());

const post = (id: string, title: string, authorId: string | null, published: boolean) => ({
  ...formToPayload({ ...EMPTY_BLOG_FORM, title, slug: id, category: 'Billing', description: `${title}.` }),
  published,
  id,
  author_id: authorId,
  created_at: '2026-03-01T09:00:00Z',
  updated_at: '2026-03-01T09:00:00Z',
});

const POSTS = [
  post('own-draft', 'Oxygen recertification checklist', 'user-ana', false),
  post('own-live', 'Capped rental month 13', 'user-ana', true),
  post('other-draft', 'CMN and DWO basics', 'user-dana', false),
];

function renderBlog(session: AdminSession) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminSessionContext value={session}>
        <BlogAdminPage />
      </AdminSessionContext>
    </QueryClientProvider>,
  );
}

const AUTHOR: AdminSession = {
  kind: 'staff',
  role: 'author',
  userId: 'user-ana',
  email: 'ana@example.com',
  name: 'Ana',
};
const EDITOR: AdminSession = { ...AUTHOR, role: 'editor', userId: 'user-dana', name: 'Dana' };

beforeEach(() => {
  resetFake();
  fake.state.tables.blog_posts = POSTS;
});

describe('/admin/blog by role', () => {
  it('an author sees their own posts, changes only their drafts, and has no Publish control', async () => {
    renderBlog(AUTHOR);
    const list = within(await screen.findByRole('region', { name: 'Your posts' }));
    expect(await list.findByText('Oxygen recertification checklist')).toBeTruthy();
    expect(list.queryByText('CMN and DWO basics')).toBeNull();
    expect(list.getByRole('button', { name: 'Edit Oxygen recertification checklist' })).toBeTruthy();
    expect(list.getByRole('button', { name: 'Delete Oxygen recertification checklist' })).toBeTruthy();
    expect(list.queryByRole('button', { name: 'Edit Capped rental month 13' })).toBeNull();
    expect(list.getByText('Published: changes now go through an editor.')).toBeTruthy();

    expect(screen.queryByRole('checkbox', { name: 'Published' })).toBeNull();
    expect(screen.getByRole('note').textContent).toMatch(/^An editor publishes your post\./);
  });

  it('an editor sees every post, with the Published checkbox', async () => {
    renderBlog(EDITOR);
    const list = within(await screen.findByRole('region', { name: 'Existing Posts' }));
    expect(await list.findByText('CMN and DWO basics')).toBeTruthy();
    expect(list.getByRole('button', { name: 'Edit Capped rental month 13' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Published' })).toBeTruthy();
    expect(screen.queryByText(/An editor publishes your post/)).toBeNull();
  });
});
