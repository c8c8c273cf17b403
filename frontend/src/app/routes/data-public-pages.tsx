import type { RouteObject } from 'react-router';
import { lazyComponent } from '@/lib/lazy-component';

const BlogListPage = lazyComponent(async () => (await import('@/features/blog/blog-list-page')).BlogListPage);
const BlogPostPage = lazyComponent(async () => (await import('@/features/blog/blog-post-page')).BlogPostPage);
const WhitepapersPage = lazyComponent(
  async () => (await import('@/features/whitepapers/whitepapers-page')).WhitepapersPage,
);
const DownloadsPage = lazyComponent(async () => (await import('@/features/downloads/downloads-page')).DownloadsPage);

/**
 * The data-driven public pages (blog, whitepapers, downloads), each its own lazy chunk. The
 * server renders them from the database and embeds the rows it used (crates/site).
 * `blog/:slug` ranks below the five static article paths (static segments win), so those keep
 * their hand-made pages.
 */
export const dataPublicPages: RouteObject[] = [
  { path: 'blog', element: <BlogListPage /> },
  { path: 'blog/:slug', element: <BlogPostPage /> },
  { path: 'whitepapers', element: <WhitepapersPage /> },
  { path: 'downloads', element: <DownloadsPage /> },
];
