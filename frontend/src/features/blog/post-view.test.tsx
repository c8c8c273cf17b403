import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BlogPost } from '@/data/blog/types';
import { PostNotFound, PostView } from './blog-post-page';

const post = (publishAt: string | null) =>
  ({
    id: 'post-1',
    title: 'Capped rental month 13',
    slug: 'capped-rental-month-13',
    description: 'What changes in month 13 of a capped rental.',
    content: '<p>Ownership passes to the patient.</p>',
    category: 'Billing',
    read_time: '5',
    published: true,
    publish_at: publishAt,
    tags: [],
    created_at: '2026-03-01T09:00:00Z',
    updated_at: '2026-03-01T09:00:00Z',
  }) as unknown as BlogPost;

function renderPost(row: BlogPost) {
  render(
    <MemoryRouter>
      <PostView post={row} />
    </MemoryRouter>,
  );
}

describe('the post’s date', () => {
  it('a post before its time (a preview) says when it is scheduled for', () => {
    renderPost(post('2099-06-01T14:00:00Z'));
    const date = screen.getByText(/^Scheduled for/).querySelector('time');
    expect(date?.getAttribute('dateTime')).toBe('2099-06-01T14:00:00Z');
    expect(screen.queryByText(/^Published on/)).toBeNull();
  });

  it('a live post says when it was published', () => {
    renderPost(post(null));
    expect(
      screen
        .getByText(/^Published on/)
        .querySelector('time')
        ?.getAttribute('dateTime'),
    ).toBe('2026-03-01T09:00:00Z');
  });

  it('a post that went live at its scheduled time is dated then, not when it was written', () => {
    renderPost(post('2026-03-04T15:30:00Z'));
    const date = screen.getByText(/^Published on/).querySelector('time');
    expect(date?.getAttribute('dateTime')).toBe('2026-03-04T15:30:00Z');
    expect(date?.textContent).toBe('March 4, 2026');
  });
});

describe('the post’s badges and byline', () => {
  it('link the category, each tag and the author to their archives', () => {
    renderPost({
      ...post(null),
      category: 'Prior Authorization',
      tags: ['HME/DME Billing', 'CMS 2026'],
      author_name: 'Dana Ortiz',
    });
    expect(screen.getByRole('link', { name: 'Category: Prior Authorization' }).getAttribute('href')).toBe(
      '/blog/category/prior-authorization',
    );
    const tags = within(screen.getByRole('list', { name: 'Tags' }));
    expect(tags.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['HME/DME Billing', '/blog/tag/hme-dme-billing'],
      ['CMS 2026', '/blog/tag/cms-2026'],
    ]);
    expect(screen.getByRole('link', { name: 'Dana Ortiz' }).getAttribute('href')).toBe('/blog/author/dana-ortiz');
  });

  it('leave a name without a slug as plain text', () => {
    renderPost({ ...post(null), tags: ['!!!'], author_name: null });
    expect(within(screen.getByRole('list', { name: 'Tags' })).queryByRole('link')).toBeNull();
    expect(screen.queryByText(/^By /)).toBeNull();
  });
});

describe('a post that is not there', () => {
  it('says so in the tab title too, and asks not to be indexed', () => {
    document.title = 'ClaimBridge';
    render(
      <MemoryRouter>
        <PostNotFound />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Blog Post Not Found' })).toBeDefined();
    expect(document.title).toMatch(/^Page not found \| /);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });
});
