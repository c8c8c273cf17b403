import type { RouteObject } from 'react-router';
import { BLOG_POSTS_RESOURCE } from '@/features/blog/blog-list-query';
import { BLOG_POST_RESOURCE } from '@/features/blog/blog-post-query';
import { WHITEPAPER_FILES_RESOURCE } from '@/data/whitepapers/file-exists-query';
import { WHITEPAPERS_RESOURCE } from '@/data/whitepapers/whitepapers-query';
import { lazyComponent, type LazyComponent } from '@/lib/lazy-component';

const BlogListPage = lazyComponent(async () => (await import('@/features/blog/blog-list-page')).BlogListPage);
const BlogPostPage = lazyComponent(async () => (await import('@/features/blog/blog-post-page')).BlogPostPage);
const WhitepapersPage = lazyComponent(
  async () => (await import('@/features/whitepapers/whitepapers-page')).WhitepapersPage,
);
const DownloadsPage = lazyComponent(async () => (await import('@/features/downloads/downloads-page')).DownloadsPage);

/**
 * What the server needs of a data page (app/site-manifest.ts): the module its page renders,
 * whose chunk it preloads, and the resources it embeds for it, by the names the features read
 * them by (lib/page-data.ts).
 */
export interface DataPageHandle {
  module: string | undefined;
  resources: string[];
}

function dataPage(path: string, Page: LazyComponent<object>, resources: string[]): RouteObject {
  const handle: DataPageHandle = { module: Page.moduleId, resources };
  return { path, element: <Page />, handle };
}

/**
 * The data-driven public pages (blog, whitepapers, downloads), each its own lazy chunk. The
 * server renders them from the database and embeds the rows it used (crates/site).
 * `blog/:slug` ranks below the five static article paths (static segments win), so those keep
 * their hand-made pages.
 */
export const dataPublicPages: RouteObject[] = [
  dataPage('blog', BlogListPage, [BLOG_POSTS_RESOURCE]),
  dataPage('blog/:slug', BlogPostPage, [BLOG_POST_RESOURCE]),
  dataPage('whitepapers', WhitepapersPage, [WHITEPAPERS_RESOURCE]),
  dataPage('downloads', DownloadsPage, [WHITEPAPERS_RESOURCE, WHITEPAPER_FILES_RESOURCE]),
];
