import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSession } from '@/features/admin/shared/session/admin-session';
import { renderAdminScreen } from '@/features/admin/shared/session/render-admin-screen';
import { BlogAdminPage } from './blog-admin-page';
import { EMPTY_BLOG_FORM, formToPayload } from './blog-post';

const { fake, resetFake, supabaseModule } = await vi.hoisted(() => import('@/testing/fake-supabase'));
vi.mock('@/lib/supabase', () => supabaseModule());

// The post form's editor loads Quill when it mounts. Loaded here first, it is never still
// loading when this file's environment goes (a cold CI machine took longer than the tests).
beforeAll(async () => {
  await import('@/components/ui/rich-text-editor/quill-setup');
}, 60_000);

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

function renderBlog(session: AdminSession, path = '/admin/blog') {
  return renderAdminScreen(<BlogAdminPage />, session, { route: '/admin/blog/:postId?', path });
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

  it('Edit opens the post at its own address, in the form; Cancel goes back to a new post', async () => {
    const router = renderBlog(EDITOR);
    const list = within(await screen.findByRole('region', { name: 'Existing Posts' }));
    fireEvent.click(await list.findByRole('button', { name: 'Edit CMN and DWO basics' }));
    expect(router.state.location.pathname).toBe('/admin/blog/other-draft');
    expect(await screen.findByRole('heading', { name: 'Edit Post' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveProperty('value', 'CMN and DWO basics');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/admin/blog');
    expect(await screen.findByRole('heading', { name: 'Create New Post' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveProperty('value', '');
  });

  it('a post’s address opens it directly; one the author may not change, or none, says so', async () => {
    renderBlog(EDITOR, '/admin/blog/own-live');
    expect(await screen.findByRole('textbox', { name: /^Title/ })).toHaveProperty('value', 'Capped rental month 13');
  });

  it('an author opening a published post, or a missing one, is told why there is no form', async () => {
    const router = renderBlog(AUTHOR, '/admin/blog/own-live');
    expect(await screen.findByText('It is published or scheduled: changes now go through an editor.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update Post' })).toBeNull();
    await router.navigate('/admin/blog/no-such-post');
    expect(await screen.findByText('It was deleted, or the link is wrong.')).toBeTruthy();
  });

  it('a new post’s address follows its title until one is typed; a saved post’s never moves by itself', async () => {
    renderBlog(EDITOR);
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    const slug = screen.getByRole('textbox', { name: /^Web address/ });
    fireEvent.change(title, { target: { value: 'Oxygen & CPAP: Resupply Rules' } });
    expect(slug).toHaveProperty('value', 'oxygen-and-cpap-resupply-rules');
    fireEvent.change(slug, { target: { value: 'resupply' } });
    fireEvent.change(title, { target: { value: 'Oxygen and CPAP resupply, 2027' } });
    expect(slug).toHaveProperty('value', 'resupply');
    fireEvent.change(slug, { target: { value: '' } });
    fireEvent.change(title, { target: { value: 'Resupply in 2027' } });
    expect(slug).toHaveProperty('value', 'resupply-in-2027');

    const list = within(screen.getByRole('region', { name: 'Existing Posts' }));
    // Leaving the typed new post is agreed to.
    vi.spyOn(window, 'confirm').mockReturnValueOnce(true);
    fireEvent.click(await list.findByRole('button', { name: 'Edit CMN and DWO basics' }));
    const editedTitle = await screen.findByDisplayValue('CMN and DWO basics');
    fireEvent.change(editedTitle, { target: { value: 'CMN and DWO basics, revised' } });
    expect(screen.getByRole('textbox', { name: /^Web address/ })).toHaveProperty('value', 'other-draft');
  });

  it('when a post goes live is chosen beside Published, not behind it', async () => {
    renderBlog(EDITOR);
    const published = await screen.findByRole('checkbox', { name: 'Published' });
    const later = screen.getByRole('radio', { name: 'Schedule for later' });
    expect(published).toHaveProperty('checked', false);
    expect(later).toHaveProperty('checked', false);
    expect(screen.getByText('Not on the site: a draft until you choose when.')).toBeTruthy();
    fireEvent.click(later);
    expect(published).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Publish on')).toBeTruthy();
    fireEvent.click(published);
    expect(screen.getByRole('radio', { name: 'Schedule for later' })).toHaveProperty('checked', false);
    expect(screen.queryByLabelText('Publish on')).toBeNull();
  });

  it('typed work is not thrown away without asking: Cancel, another post, or closing the tab', async () => {
    const router = renderBlog(EDITOR, '/admin/blog/other-draft');
    const title = await screen.findByDisplayValue('CMN and DWO basics');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);

    // Nothing typed: nothing to ask.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/admin/blog');
    await router.navigate('/admin/blog/other-draft');

    fireEvent.change(await screen.findByDisplayValue('CMN and DWO basics'), {
      target: { value: 'CMN and DWO basics for 2027' },
    });
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenLastCalledWith('You have unsaved changes. Leave without saving them?');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Oxygen recertification checklist' }));
    fireEvent.click(screen.getByRole('link', { name: 'Write a new post' }));
    expect(confirm).toHaveBeenCalledTimes(3);
    expect(router.state.location.pathname).toBe('/admin/blog/other-draft');
    expect(screen.getByDisplayValue('CMN and DWO basics for 2027')).toBeTruthy();

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Oxygen recertification checklist' }));
    expect(router.state.location.pathname).toBe('/admin/blog/own-draft');
    expect(await screen.findByDisplayValue('Oxygen recertification checklist')).toBeTruthy();
    const settled = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(settled);
    expect(settled.defaultPrevented).toBe(false);
    confirm.mockRestore();
    expect(title).toBeTruthy();
  });
});
