import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';
import { siteManifest } from './site-manifest';

describe('the site manifest the build hands to the server', () => {
  const manifest = siteManifest();

  it('lists every fixed public page once, the home page first', () => {
    expect(manifest.publicPages[0]).toBe('/');
    expect(new Set(manifest.publicPages).size).toBe(manifest.publicPages.length);
    for (const path of manifest.publicPages) {
      const leaf = matchRoutes(routes, path)?.at(-1)?.route;
      expect(leaf, path).toBeDefined();
      expect(leaf?.path === '*' || Boolean(leaf?.path?.includes(':')), path).toBe(false);
    }
  });

  it('names the module and resources of each data page and of a post', () => {
    const article = (slug: string) => ({
      module: `src/features/articles/pages/${slug}.tsx`,
      resources: ['relatedPosts'],
    });
    // The marketing pages are block pages: their blocks, and the whitepapers a block may show.
    const sitePage = { module: 'src/app/routes/site-page-route.tsx', resources: ['sitePage', 'whitepapers'] };
    expect(manifest.dataPages).toEqual({
      '/': sitePage,
      '/services': sitePage,
      '/rcm-services': sitePage,
      '/about': sitePage,
      '/careers': sitePage,
      '/api-integrations': sitePage,
      '/blog': { module: 'src/features/blog/blog-list-page.tsx', resources: ['blogPosts'] },
      '/whitepapers': { module: 'src/features/whitepapers/whitepapers-page.tsx', resources: ['whitepapers'] },
      '/downloads': {
        module: 'src/features/downloads/downloads-page.tsx',
        resources: ['whitepapers', 'whitepaperFiles'],
      },
      '/blog/streamlining-dme-claims-processing': article('streamlining-dme-claims-processing'),
      '/blog/compliance-best-practices-dme-providers': article('compliance-best-practices-dme-providers'),
      '/blog/mobile-delivery-management': article('mobile-delivery-management'),
      '/blog/maximizing-revenue-real-time-reporting': article('maximizing-revenue-real-time-reporting'),
      '/blog/dme-billing-coding-guide': article('dme-billing-coding-guide'),
    });
    expect(manifest.post).toEqual({
      prefix: '/blog/',
      module: 'src/features/blog/blog-post-page.tsx',
      resources: ['blogPost', 'relatedPosts'],
    });
    expect(manifest.pageResources).toEqual(['pageSeo']);
  });

  it('names the archives, the search page and what the not-found page embeds', () => {
    expect(manifest.archives).toEqual({
      prefixes: { category: '/blog/category/', tag: '/blog/tag/', author: '/blog/author/' },
      module: 'src/features/blog/archive-page.tsx',
      resources: ['blogArchive'],
    });
    expect(manifest.search).toEqual({
      path: '/search',
      module: 'src/features/search/search-page.tsx',
      resources: ['siteSearch'],
    });
    // Any other path may be a block page staff created there.
    expect(manifest.notFoundResources).toEqual(['popularPosts', 'sitePage', 'whitepapers']);
    expect(manifest.sitePage).toEqual({
      module: 'src/app/routes/site-page-route.tsx',
      resources: ['sitePage', 'whitepapers'],
    });
    // Neither is a fixed page: not prerendered, not in the sitemap's list of pages.
    expect(manifest.publicPages).not.toContain('/search');
    expect(manifest.publicPages.some((path) => path.startsWith('/blog/category'))).toBe(false);
  });

  it('names the preview and admin paths the router has', () => {
    expect(manifest.previewPrefix).toBe('/preview/');
    expect(manifest.adminPaths).toEqual(['/auth', '/auth/welcome', '/auth/reset', '/admin']);
    expect(manifest.adminSections).toEqual(['/admin/']);
  });
});
