import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { company } from '@/config/company';
import type { PopularPost } from '@/data/search/types';
import { POPULAR_POSTS_RESOURCE } from '@/features/search/popular-posts-query';
import { browserQueryClient } from '@/lib/query-client';
import { renderServedRoutes } from '@/testing/render-served-routes';
import { routes } from '@/app/router';

const { fake, resetFake, supabaseModule } = await vi.hoisted(() => import('@/testing/fake-supabase'));
vi.mock('@/lib/supabase', () => supabaseModule());

const POPULAR: PopularPost[] = [
  {
    title: 'Oxygen billing and the 36-month cap',
    slug: 'oxygen-billing-36-month-rental-cap',
    description: 'Month 37 on.',
    views: 40,
  },
  { title: 'Prior authorization for power mobility', slug: 'prior-auth-power-mobility', description: null, views: 31 },
];

function renderAt(path: string, resources?: Record<string, unknown>) {
  return renderServedRoutes(routes, path, resources).router;
}

const popularCalls = () => fake.rpc.mock.calls.filter(([name]) => name === 'popular_posts');

const HERO_HEADLINE = 'Get paid for every piece of equipment you deliver.';

/** The home page's block page, as the database answers it. */
const HOME_PAGE = {
  id: 'home',
  route: '/',
  name: 'Home',
  published: true,
  blocks: [{ id: 'hero', kind: 'hero', data: { heading: HERO_HEADLINE } }],
};

beforeEach(() => {
  resetFake();
  fake.state.tables.block_pages = [HOME_PAGE];
  browserQueryClient().clear();
  fake.rpc.mockImplementation((name) => Promise.resolve({ data: name === 'popular_posts' ? [] : null, error: null }));
});

describe('not-found route', () => {
  it('shows the 404 page for an unknown path and logs the attempted path', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    renderAt('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeTruthy();
    expect(screen.getByText('Oops! Page not found')).toBeTruthy();
    expect(errorSpy).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/no-such-page');
  });

  it('does not log for a known route', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: HERO_HEADLINE })).toBeTruthy();
    expect(errorSpy).not.toHaveBeenCalledWith(
      '404 Error: User attempted to access non-existent route:',
      expect.anything(),
    );
  });

  it('links back to the home page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderAt('/services/unknown');

    const link = await screen.findByRole('link', { name: 'Return to Home' });
    expect(link.getAttribute('href')).toBe('/');
    fireEvent.click(link);

    expect(await screen.findByRole('heading', { level: 1, name: HERO_HEADLINE })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('its title says the page was not found, and it is kept out of search indexes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/no-such-page');
    await screen.findByRole('heading', { level: 1, name: '404' });

    await waitFor(() => {
      expect(document.title).toBe(`Page not found | ${company.name}`);
    });
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    // The route's SEO record (none here: the company name) does not take the head back.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.title).toBe(`Page not found | ${company.name}`);
  });

  it('offers a search, the main sections and the most read articles the server embedded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/old-page', { pageSeo: null, [POPULAR_POSTS_RESOURCE]: POPULAR });
    await screen.findByRole('heading', { level: 1, name: '404' });

    const main = within(screen.getByRole('main'));
    const search = main.getByRole('searchbox', { name: 'Search the site' }).closest('form') as HTMLFormElement;
    expect(search.getAttribute('action')).toBe('/search');
    expect(search.getAttribute('role')).toBe('search');

    const sections = within(screen.getByRole('navigation', { name: 'Main sections' }));
    expect(sections.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Services', '/services'],
      ['RCM Services', '/rcm-services'],
      ['Blog', '/blog'],
      ['Whitepapers', '/whitepapers'],
      ['Contact', '/contact'],
    ]);

    const popular = within(screen.getByRole('region', { name: 'Popular articles' }));
    expect(popular.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Oxygen billing and the 36-month cap', '/blog/oxygen-billing-36-month-rental-cap'],
      ['Prior authorization for power mobility', '/blog/prior-auth-power-mobility'],
    ]);
    expect(popularCalls()).toEqual([]);
  });

  it('asks for the most read articles when none were embedded, and shows none when there are none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/no-such-page');
    await screen.findByRole('heading', { level: 1, name: '404' });

    await waitFor(() => {
      expect(popularCalls()).toEqual([['popular_posts', { max_results: 4 }]]);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('heading', { name: 'Popular articles' })).toBeNull();
    // The spec's texts are all still there.
    expect(screen.getByText('Oops! Page not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
  });

  it('shows the most read articles it asked for', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.rpc.mockImplementation((name) =>
      Promise.resolve({ data: name === 'popular_posts' ? POPULAR : null, error: null }),
    );
    renderAt('/no-such-page');

    expect(await screen.findByRole('heading', { level: 2, name: 'Popular articles' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Prior authorization for power mobility' }).getAttribute('href')).toBe(
      '/blog/prior-auth-power-mobility',
    );
  });
});
