import { fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { company } from '@/config/company';
import type { SearchResult, SiteSearchAnswer } from '@/data/search/types';
import { browserQueryClient } from '@/lib/query-client';
import { RenderProvider, RenderReport } from '@/lib/render-context';
import { renderServedRoutes } from '@/testing/render-served-routes';
import { MATCH_END, MATCH_START } from './snippet';
import { SearchPage } from './search-page';
import { MAX_SEARCH_PAGE, readSearchRequest, searchPageCount, SITE_SEARCH_RESOURCE } from './site-search-query';

const { fake, resetFake, supabaseModule } = await vi.hoisted(() => import('@/testing/fake-supabase'));
vi.mock('@/lib/supabase', () => supabaseModule());

const result = (n: number, kind: SearchResult['kind'] = 'post'): SearchResult => ({
  kind,
  path: `/blog/post-${n}`,
  title: `Post ${n}`,
  description: `About post ${n}.`,
  snippet: `Submit the ${MATCH_START}prior${MATCH_END} auth before delivery (post ${n})`,
});

const answer = (query: string, overrides: Partial<SiteSearchAnswer> = {}): SiteSearchAnswer => ({
  query,
  total: 12,
  page: 1,
  page_size: 10,
  results: [
    result(1),
    { ...result(2, 'page'), path: '/rcm-services', title: 'RCM Services' },
    { ...result(3, 'whitepaper'), path: '/whitepapers', title: 'Prior Authorization Playbook' },
    { ...result(4, 'article'), snippet: null },
  ],
  suggestions: [],
  ...overrides,
});

/** What search_site answers in a test, by query and page; record_search answers nothing. */
let answers: (q: string, page: number) => SiteSearchAnswer;

function renderSearch(url: string, resources?: Record<string, unknown>) {
  return renderServedRoutes(
    [
      { path: 'search', element: <SearchPage /> },
      { path: '*', element: <p>Another page</p> },
    ],
    url,
    resources,
  ).router;
}

const searchCalls = () => fake.rpc.mock.calls.filter(([name]) => name === 'search_site').map(([, args]) => args);
const recordCalls = () => fake.rpc.mock.calls.filter(([name]) => name === 'record_search').map(([, args]) => args);
const meta = (name: string) => document.head.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');

beforeEach(() => {
  resetFake();
  browserQueryClient().clear();
  document.head.innerHTML = '';
  answers = (q, page) => answer(q, { page });
  fake.rpc.mockImplementation((name, args) => {
    if (name === 'search_site') {
      const { q, page } = args as { q: string; page: number };
      return Promise.resolve({ data: answers(q, page), error: null });
    }
    return Promise.resolve({ data: null, error: null });
  });
});

describe('the search page', () => {
  it('without a query: the form, a short introduction and popular topics linking to their archives', async () => {
    renderSearch('/search');

    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeTruthy();
    const field = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search the site' });
    expect(field.value).toBe('');
    expect(screen.getByText(/Search our articles, guides, whitepapers and service pages/)).toBeTruthy();
    const topics = within(screen.getByRole('list', { name: 'Popular topics' }));
    expect(topics.getByRole('link', { name: 'Prior Authorization' }).getAttribute('href')).toBe(
      '/blog/category/prior-authorization',
    );
    expect(topics.getByRole('link', { name: 'Billing & Coding' }).getAttribute('href')).toBe(
      '/blog/category/billing-coding',
    );
    expect(document.title).toBe(`Search | ${company.name}`);
    expect(meta('robots')).toBe('noindex, follow');
    expect(canonical()).toBe(`${company.siteUrl}/search`);

    await Promise.resolve();
    expect(fake.rpc).not.toHaveBeenCalled();
  });

  it('with results embedded by the server: the count, one card per result, highlights and pages, without asking again', async () => {
    renderSearch('/search?q=prior+auth', { [SITE_SEARCH_RESOURCE]: answer('prior auth') });

    expect(screen.getByRole('status').textContent).toBe('12 results for “prior auth”');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search the site' }).value).toBe('prior auth');
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Post 1',
      'RCM Services',
      'Prior Authorization Playbook',
      'Post 4',
    ]);
    expect(cards.map((card) => card.querySelector('.badge')?.textContent)).toEqual([
      'Article',
      'Page',
      'Whitepaper',
      'Article',
    ]);
    expect(
      within(cards[1] as HTMLElement)
        .getByRole('link', { name: 'RCM Services' })
        .getAttribute('href'),
    ).toBe('/rcm-services');
    expect(Array.from((cards[0] as HTMLElement).querySelectorAll('mark')).map((mark) => mark.textContent)).toEqual([
      'prior',
    ]);
    // No snippet: the description stands in.
    expect(within(cards[3] as HTMLElement).getByText('About post 4.')).toBeTruthy();

    const pager = screen.getByRole('navigation', { name: 'Search results pages' });
    expect(within(pager).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '/search?q=prior+auth&page=2',
    );
    expect(within(pager).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
      '/search?q=prior+auth&page=2',
    );
    expect(within(pager).queryByRole('link', { name: 'Previous page' })).toBeNull();

    expect(document.title).toBe(`Search results for “prior auth” | ${company.name}`);
    expect(meta('robots')).toBe('noindex, follow');
    expect(canonical()).toBe(`${company.siteUrl}/search`);

    expect(searchCalls()).toEqual([]);
    // Counted once, with its total.
    await vi.waitFor(() => {
      expect(recordCalls()).toEqual([{ q: 'prior auth', results: 12 }]);
    });
  });

  it('renders on the server with the embedded answer, reports its head and counts nothing', async () => {
    const report = new RenderReport();
    const pageData = {
      path: '/search',
      renderedOn: '2026-12-06',
      resources: { [SITE_SEARCH_RESOURCE]: answer('prior auth') },
    };
    const html = renderToString(
      <StaticRouter location="/search?q=prior+auth">
        <RenderProvider pageData={pageData} report={report}>
          <Routes>
            <Route path="/search" element={<SearchPage />} />
          </Routes>
        </RenderProvider>
      </StaticRouter>,
    );

    expect(html).toContain('12 results for “prior auth”');
    expect(html).toContain('<mark>prior</mark>');
    expect(html).toContain('href="/search?q=prior+auth&amp;page=2"');
    expect(report.head).toEqual({
      title: `Search results for “prior auth” | ${company.name}`,
      metas: [{ key: 'name', value: 'robots', content: 'noindex, follow' }],
      canonical: `${company.siteUrl}/search`,
    });
    await Promise.resolve();
    expect(fake.rpc).not.toHaveBeenCalled();
  });

  it('nothing found: the closest titles ("Did you mean …") and the ways on', async () => {
    answers = (q) =>
      answer(q, {
        total: 0,
        results: [],
        suggestions: [
          { title: 'Prior Authorization Checklist', path: '/blog/prior-authorization-checklist' },
          { title: 'Somewhere else', path: '//evil.example/phish' },
        ],
      });
    renderSearch('/search?q=prier+autorization');

    expect(await screen.findByText('No results for “prier autorization”')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Did you mean …' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Prior Authorization Checklist' }).getAttribute('href')).toBe(
      '/blog/prior-authorization-checklist',
    );
    // A suggestion that is not a path on this site is not offered.
    expect(screen.queryByText('Somewhere else')).toBeNull();
    expect(screen.getByRole('link', { name: 'Read the blog' }).getAttribute('href')).toBe('/blog');
    expect(screen.getByRole('link', { name: 'See our services' }).getAttribute('href')).toBe('/services');
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(searchCalls()).toEqual([{ q: 'prier autorization', page: 1 }]);
    await vi.waitFor(() => {
      expect(recordCalls()).toEqual([{ q: 'prier autorization', results: 0 }]);
    });
  });

  it('ignores embedded data of another query or page and asks for its own', async () => {
    const embedded = { [SITE_SEARCH_RESOURCE]: answer('prior auth', { results: [result(9)] }) };
    answers = (q, page) => answer(q, { page, results: [{ ...result(page), title: `${q}, page ${page}` }] });

    renderSearch('/search?q=denials', embedded);
    expect(await screen.findByRole('link', { name: 'denials, page 1' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Post 9' })).toBeNull();
    expect(searchCalls()).toEqual([{ q: 'denials', page: 1 }]);
  });

  it('ignores embedded data of the same query but another page', async () => {
    const embedded = { [SITE_SEARCH_RESOURCE]: answer('prior auth', { results: [result(9)] }) };
    answers = (q, page) => answer(q, { page, results: [{ ...result(page), title: `${q}, page ${page}` }] });

    renderSearch('/search?q=prior+auth&page=2', embedded);
    expect(await screen.findByRole('link', { name: 'prior auth, page 2' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Post 9' })).toBeNull();
    expect(searchCalls()).toEqual([{ q: 'prior auth', page: 2 }]);
    const pager = screen.getByRole('navigation', { name: 'Search results pages' });
    expect(within(pager).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe(
      '/search?q=prior+auth',
    );
  });

  it('searching again from the page shows the new results; a search is counted once, whatever its pages', async () => {
    answers = (q, page) => answer(q, { page, results: [{ ...result(page), title: `${q}, page ${page}` }] });
    const router = renderSearch('/search?q=oxygen');
    expect(await screen.findByRole('link', { name: 'oxygen, page 1' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'oxygen, page 2' })).toBeTruthy();

    const field = screen.getByRole('searchbox', { name: 'Search the site' });
    fireEvent.change(field, { target: { value: 'modifiers' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(await screen.findByRole('link', { name: 'modifiers, page 1' })).toBeTruthy();
    expect(router.state.location.search).toBe('?q=modifiers');
    expect(document.title).toBe(`Search results for “modifiers” | ${company.name}`);

    await vi.waitFor(() => {
      expect(recordCalls()).toEqual([
        { q: 'oxygen', results: 12 },
        { q: 'modifiers', results: 12 },
      ]);
    });
  });

  it('a refused query shows the database’s reason', async () => {
    fake.rpc.mockImplementation(() =>
      Promise.resolve({
        data: null,
        error: { code: '22023', message: 'The search is too long: 200 characters at most.' },
      }),
    );
    renderSearch(`/search?q=${'a'.repeat(201)}`);
    expect(await screen.findByText('The search is too long: 200 characters at most.')).toBeTruthy();
    expect(recordCalls()).toEqual([]);
  });
});

describe('readSearchRequest', () => {
  it('trims the query and reads the page, page 1 for anything but a whole number from 1', () => {
    const read = (search: string) => readSearchRequest(new URLSearchParams(search));
    expect(read('q=%20prior%20auth%20&page=3')).toEqual({ q: 'prior auth', page: 3 });
    expect(read('')).toEqual({ q: '', page: 1 });
    for (const page of ['0', '-2', 'two', '2.5', '1e3', '']) expect(read(`q=x&page=${page}`).page).toBe(1);
  });
});

describe('searchPageCount', () => {
  it('counts the pages the results fill, up to the 100th (the last search_site answers)', () => {
    expect(searchPageCount(0, 10)).toBe(0);
    expect(searchPageCount(10, 10)).toBe(1);
    expect(searchPageCount(11, 10)).toBe(2);
    expect(searchPageCount(5_000, 10)).toBe(MAX_SEARCH_PAGE);
  });
});
