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
    expect(manifest.dataPages).toEqual({
      '/blog': { module: 'src/features/blog/blog-list-page.tsx', resources: ['blogPosts'] },
      '/whitepapers': { module: 'src/features/whitepapers/whitepapers-page.tsx', resources: ['whitepapers'] },
      '/downloads': {
        module: 'src/features/downloads/downloads-page.tsx',
        resources: ['whitepapers', 'whitepaperFiles'],
      },
    });
    expect(manifest.post).toEqual({
      prefix: '/blog/',
      module: 'src/features/blog/blog-post-page.tsx',
      resources: ['blogPost'],
    });
    expect(manifest.pageResources).toEqual(['pageSeo']);
  });

  it('names the preview and admin paths the router has', () => {
    expect(manifest.previewPrefix).toBe('/preview/');
    expect(manifest.adminPaths).toEqual(['/auth', '/auth/welcome', '/auth/reset', '/admin']);
    expect(manifest.adminSections).toEqual(['/admin/']);
  });
});
