import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { StaticRouter, useRoutes, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { company } from '@/config/company';
import type { BlogArchive, BlogArchivePost } from '@/data/blog/types';
import { browserQueryClient } from '@/lib/query-client';
import { RenderProvider, RenderReport } from '@/lib/render-context';
import { ARCHIVE_KINDS } from '@/lib/taxonomy-slug';
import { renderServedRoutes } from '@/testing/render-served-routes';
import { ArchivePage, parseArchivePage } from './archive-page';
import { BLOG_ARCHIVE_RESOURCE } from './blog-archive-query';

const { fake, resetFake, supabaseModule } = await vi.hoisted(() => import('@/testing/fake-supabase'));
vi.mock('@/lib/supabase', () => supabaseModule());

const post = (n: number): BlogArchivePost => ({
  id: `post-${n}`,
  title: `Compliance post ${n}`,
  slug: `compliance-post-${n}`,
  description: `About compliance, part ${n}.`,
  category: 'Compliance',
  read_time: '5',
  created_at: '2026-11-01T09:00:00Z',
  tags: ['audits'],
  author_name: 'Dana Ortiz',
});

const archive = (overrides: Partial<BlogArchive> = {}): BlogArchive => ({
  kind: 'category',
  slug: 'compliance',
  name: 'Compliance',
  meta_title: null,
  meta_description: null,
  total: 30,
  page: 1,
  page_size: 12,
  last_modified: '2026-11-30T10:00:00Z',
  posts: Array.from({ length: 12 }, (_, index) => post(index + 1)),
  ...overrides,
});

const archiveRoutes: RouteObject[] = ARCHIVE_KINDS.map((kind) => ({
  path: `blog/${kind}/:slug`,
  element: <ArchivePage kind={kind} />,
}));

/** The archive routes at `url`, with the server's embedded resources when given. */
function renderArchive(url: string, resources?: Record<string, unknown>) {
  return renderServedRoutes([...archiveRoutes, { path: '*', element: <p>Another page</p> }], url, resources).router;
}

const archiveCalls = () => fake.rpc.mock.calls.filter(([name]) => name === 'blog_archive').map(([, args]) => args);
const meta = (name: string) => document.head.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
const headLink = (rel: string) => document.head.querySelector(`link[rel="${rel}"]`)?.getAttribute('href');

beforeEach(() => {
  resetFake();
  browserQueryClient().clear();
  document.head.innerHTML = '';
});

describe('an archive page', () => {
  it('shows the embedded page as the blog’s cards, with its pages linked and its own head', () => {
    renderArchive('/blog/category/compliance?page=2', {
      [BLOG_ARCHIVE_RESOURCE]: archive({ page: 2 }),
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Posts in Compliance' })).toBeTruthy();
    expect(
      screen.getByText(
        `${company.name} articles on Compliance for HME/DME suppliers: practical guidance from the people who work DME claims every day.`,
      ),
    ).toBeTruthy();
    const list = screen.getByRole('region', { name: 'Posts in Compliance' });
    expect(within(list).getAllByRole('heading', { level: 2 })).toHaveLength(12);
    const badge = within(list).getAllByRole('link', { name: 'Category: Compliance' })[0];
    expect(badge?.getAttribute('href')).toBe('/blog/category/compliance');

    const pages = screen.getByRole('navigation', { name: 'Pages of posts in Compliance' });
    expect(within(pages).getByText('Page 2 of 3')).toBeTruthy();
    const previous = within(pages).getByRole('link', { name: 'Previous page' });
    expect([previous.getAttribute('rel'), previous.getAttribute('href')]).toEqual([
      'prev',
      '/blog/category/compliance',
    ]);
    const next = within(pages).getByRole('link', { name: 'Next page' });
    expect([next.getAttribute('rel'), next.getAttribute('href')]).toEqual(['next', '/blog/category/compliance?page=3']);
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    // The embedded data was the page the URL asks for: no request.
    expect(archiveCalls()).toEqual([]);
    expect(document.title).toBe(`Posts in Compliance, page 2 | ${company.name}`);
    expect(headLink('canonical')).toBe(`${company.siteUrl}/blog/category/compliance?page=2`);
    expect(headLink('prev')).toBe(`${company.siteUrl}/blog/category/compliance`);
    expect(headLink('next')).toBe(`${company.siteUrl}/blog/category/compliance?page=3`);
    expect(meta('robots')).toBeUndefined();
  });

  it('asks the backend for a page the embedded data is not (another page number)', async () => {
    fake.rpc.mockImplementation((name) =>
      Promise.resolve({ data: name === 'blog_archive' ? archive({ page: 3, posts: [post(25)] }) : null, error: null }),
    );
    renderArchive('/blog/category/compliance?page=3', { [BLOG_ARCHIVE_RESOURCE]: archive({ page: 2 }) });

    expect(await screen.findByRole('heading', { level: 2, name: 'Compliance post 25' })).toBeTruthy();
    expect(archiveCalls()).toEqual([{ kind: 'category', slug: 'compliance', page: 3, page_size: 12 }]);
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
  });

  it('says an empty archive has no posts yet, links to the blog and asks not to be indexed', () => {
    renderArchive('/blog/tag/oxygen', {
      [BLOG_ARCHIVE_RESOURCE]: archive({ kind: 'tag', slug: 'oxygen', name: 'Oxygen', total: 0, posts: [] }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Posts tagged Oxygen' })).toBeTruthy();
    expect(screen.getByText('No published posts tagged Oxygen yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all posts' }).getAttribute('href')).toBe('/blog');
    expect(screen.queryByRole('navigation', { name: /Pages of/ })).toBeNull();
    expect(meta('robots')).toBe('noindex');
  });

  it('shows a page past the last as not found', () => {
    renderArchive('/blog/author/dana-ortiz?page=4', {
      [BLOG_ARCHIVE_RESOURCE]: archive({ kind: 'author', slug: 'dana-ortiz', name: 'Dana Ortiz', page: 4, posts: [] }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Posts by Dana Ortiz fill 3 pages; there is no page 4.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe(
      '/blog/author/dana-ortiz',
    );
    expect(document.title).toBe(`Page not found | ${company.name}`);
    expect(meta('robots')).toBe('noindex');
  });

  it('shows an unknown archive as not found without asking again', () => {
    renderArchive('/blog/category/nope', { [BLOG_ARCHIVE_RESOURCE]: null });
    expect(screen.getByText('The blog has no category “nope”.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');
    expect(archiveCalls()).toEqual([]);
  });

  it('reads ?page= as a whole number from 1, anything else as a page that does not exist', () => {
    expect(parseArchivePage(null)).toBe(1);
    expect(parseArchivePage('2')).toBe(2);
    for (const bad of ['0', '-1', '1.5', 'abc', '', '02', '9999999']) expect(parseArchivePage(bad), bad).toBeNull();

    renderArchive('/blog/category/compliance?page=abc');
    expect(screen.getByText('This page of posts does not exist.')).toBeTruthy();
    expect(archiveCalls()).toEqual([]);
  });

  it('reports its head to a server render', () => {
    const report = new RenderReport();
    function Routes() {
      return useRoutes(archiveRoutes);
    }
    const html = renderToString(
      <StaticRouter location="/blog/category/compliance?page=2">
        <RenderProvider
          pageData={{
            path: '/blog/category/compliance',
            renderedOn: '2026-12-06',
            resources: { [BLOG_ARCHIVE_RESOURCE]: archive({ page: 2 }) },
          }}
          report={report}
        >
          <Routes />
        </RenderProvider>
      </StaticRouter>,
    );
    expect(html).toContain('Compliance post 12');
    expect(report.head?.title).toBe(`Posts in Compliance, page 2 | ${company.name}`);
    expect(report.head?.canonical).toBe(`${company.siteUrl}/blog/category/compliance?page=2`);
    expect(report.head?.links?.map((link) => link.rel)).toEqual(['prev', 'next', 'alternate']);
  });
});
