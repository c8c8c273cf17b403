import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BlogArchive } from '@/data/blog/types';
import { renderServedRoutes } from '@/testing/render-served-routes';
import { seededSitePage } from '@/testing/seeded-site-pages';
import { routes } from './router';

function renderAt(path: string, table: RouteObject[] = routes) {
  const router = createMemoryRouter(table, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** `path` as the server renders it: with its page's embedded resources. */
function renderRendered(path: string, resources: Record<string, unknown>) {
  return renderServedRoutes(routes, path, resources).router;
}

/** The marketing pages built from blocks, and the heading each must render from its seeded page. */
const SITE_PAGES: [string, string][] = [
  ['/', 'Get paid for every piece of equipment you deliver.'],
  ['/services', 'Software and billing services for HME/DME suppliers'],
  ['/rcm-services', 'RCM Services'],
  ['/about', 'About ClaimBridge'],
  ['/careers', 'Help equipment suppliers get paid for the care they deliver'],
  ['/api-integrations', 'Connect ClaimBridge to the systems you already use'],
];

/** Each static public route and the page heading it must render. */
const PAGES: [string, string][] = [
  ['/contact', 'Talk to a DME billing specialist'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/cookie-policy', 'Cookie Policy'],
  ['/blog/streamlining-dme-claims-processing', 'Streamlining DME Claims Processing'],
  ['/blog/compliance-best-practices-dme-providers', 'Compliance Best Practices for DME Providers'],
  ['/blog/mobile-delivery-management', 'Mobile Delivery Management: A Game Changer'],
  ['/blog/maximizing-revenue-real-time-reporting', 'Maximizing Revenue with Real-Time Reporting'],
  ['/blog/dme-billing-coding-guide', 'DME Billing and Coding Guide: Nine Common Errors and How to Fix Them'],
];

describe('block page routes', () => {
  it.each(SITE_PAGES)('%s renders its seeded blocks inside the shared header and footer', async (path, heading) => {
    renderRendered(path, { pageSeo: null, sitePage: seededSitePage(path) });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('renders a page staff created at a new route, and the not-found page where there is none', async () => {
    const page = {
      id: 'webinar',
      route: '/oxygen-webinar',
      name: 'Oxygen webinar',
      blocks: [{ id: 'hero', kind: 'hero', data: { heading: 'Oxygen billing after the 2027 fee schedule' } }],
    };
    renderRendered('/oxygen-webinar', { pageSeo: null, sitePage: page, popularPosts: [] });
    expect(await screen.findByRole('heading', { level: 1, name: page.blocks[0]?.data.heading })).toBeTruthy();
  });

  it('shows the not-found page at a path without a block page', async () => {
    renderRendered('/no-campaign-here', { pageSeo: null, sitePage: null, popularPosts: [] });
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeTruthy();
  });
});

describe('static public routes', () => {
  it.each(PAGES)('%s renders its page inside the shared header and footer', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeTruthy();
  });

  it('keeps the fixed article pages ahead of a generic /blog/:slug route', async () => {
    // The route a later change adds for database posts, placed next to the static pages.
    renderAt('/blog/dme-billing-coding-guide', addGenericBlogRoute(routes));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'DME Billing and Coding Guide: Nine Common Errors and How to Fix Them',
      }),
    ).toBeTruthy();
    expect(screen.queryByText('Generic post page')).toBeNull();
  });

  it('sends other slugs to the generic /blog/:slug route', async () => {
    renderAt('/blog/oxygen-billing-36-month-rental-cap', addGenericBlogRoute(routes));
    expect(await screen.findByText('Generic post page')).toBeTruthy();
  });
});

/** A copy of the route table with a `blog/:slug` page appended to the public pages. */
function addGenericBlogRoute(table: RouteObject[]): RouteObject[] {
  const generic: RouteObject = { path: 'blog/:slug', element: <p>Generic post page</p> };
  const visit = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((node) => {
      const children = node.children ? visit(node.children) : undefined;
      const isPageList = children?.some((child) => child.path === 'services');
      return {
        ...node,
        // The real blog/:slug route (data-public-pages) gives way to the placeholder page.
        children:
          isPageList && children ? [...children.filter((child) => child.path !== generic.path), generic] : children,
      } as RouteObject;
    });
  return visit(table);
}

describe('archive routes', () => {
  const archive = (kind: BlogArchive['kind'], slug: string, name: string): BlogArchive => ({
    kind,
    slug,
    name,
    meta_title: null,
    meta_description: null,
    total: 0,
    page: 1,
    page_size: 12,
    last_modified: null,
    posts: [],
  });

  it.each([
    ['/blog/category/compliance', archive('category', 'compliance', 'Compliance'), 'Posts in Compliance'],
    ['/blog/tag/oxygen', archive('tag', 'oxygen', 'oxygen'), 'Posts tagged oxygen'],
    ['/blog/author/dana-ortiz', archive('author', 'dana-ortiz', 'Dana Ortiz'), 'Posts by Dana Ortiz'],
  ])('%s renders its archive inside the shared header and footer', async (path, blogArchive, heading) => {
    renderRendered(path, { pageSeo: null, blogArchive });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it("links a hand-made article's category badge to its archive", async () => {
    renderAt('/blog/compliance-best-practices-dme-providers');
    const badge = await screen.findByRole('link', { name: 'Category: Compliance' });
    expect(badge.getAttribute('href')).toBe('/blog/category/compliance');
  });
});
