import type { RouteObject } from 'react-router';

/**
 * The data-driven public pages (blog, whitepapers, downloads), each its own lazy chunk.
 * `blog/:slug` ranks below the five static article paths (static segments win), so those
 * keep their hand-made pages.
 */
export const dataPublicPages: RouteObject[] = [
  {
    path: 'blog',
    lazy: async () => ({ Component: (await import('../../features/blog/blog-list-page')).BlogListPage }),
  },
  {
    path: 'blog/:slug',
    lazy: async () => ({ Component: (await import('../../features/blog/blog-post-page')).BlogPostPage }),
  },
  {
    path: 'whitepapers',
    lazy: async () => ({
      Component: (await import('../../features/whitepapers/whitepapers-page')).WhitepapersPage,
    }),
  },
  {
    path: 'downloads',
    lazy: async () => ({
      Component: (await import('../../features/downloads/downloads-page')).DownloadsPage,
    }),
  },
];
