import type { RouteObject } from 'react-router';
import { BLOG_ARCHIVE_RESOURCE } from '@/features/blog/blog-archive-query';
import { BLOG_POSTS_RESOURCE } from '@/features/blog/blog-list-query';
import { BLOG_POST_RESOURCE } from '@/features/blog/blog-post-query';
import { SITE_SEARCH_RESOURCE } from '@/features/search/site-search-query';
import { SITE_PAGE_RESOURCE } from '@/features/site-pages/site-page-query';
import { RELATED_POSTS_RESOURCE } from '@/data/blog/related-posts-query';
import { WHITEPAPER_FILES_RESOURCE } from '@/data/whitepapers/file-exists-query';
import { WHITEPAPERS_RESOURCE } from '@/data/whitepapers/whitepapers-query';
import { lazyComponent, type LazyComponent } from '@/lib/lazy-component';
import { ARCHIVE_KINDS, type ArchiveKind } from '@/lib/taxonomy-slug';

const BlogListPage = lazyComponent(async () => (await import('@/features/blog/blog-list-page')).BlogListPage);
const BlogPostPage = lazyComponent(async () => (await import('@/features/blog/blog-post-page')).BlogPostPage);
const WhitepapersPage = lazyComponent(
  async () => (await import('@/features/whitepapers/whitepapers-page')).WhitepapersPage,
);
const DownloadsPage = lazyComponent(async () => (await import('@/features/downloads/downloads-page')).DownloadsPage);
const ArchivePage = lazyComponent(async () => (await import('@/features/blog/archive-page')).ArchivePage);
const SearchPage = lazyComponent(async () => (await import('@/features/search/search-page')).SearchPage);
const StreamliningArticle = lazyComponent(
  async () =>
    (await import('@/features/articles/pages/streamlining-dme-claims-processing'))
      .StreamliningDmeClaimsProcessingArticle,
);
const ComplianceArticle = lazyComponent(
  async () =>
    (await import('@/features/articles/pages/compliance-best-practices-dme-providers')).ComplianceBestPracticesArticle,
);
const MobileDeliveryArticle = lazyComponent(
  async () => (await import('@/features/articles/pages/mobile-delivery-management')).MobileDeliveryManagementArticle,
);
const RealTimeReportingArticle = lazyComponent(
  async () =>
    (await import('@/features/articles/pages/maximizing-revenue-real-time-reporting'))
      .MaximizingRevenueRealTimeReportingArticle,
);
const BillingCodingGuideArticle = lazyComponent(
  async () => (await import('@/features/articles/pages/dme-billing-coding-guide')).DmeBillingCodingGuideArticle,
);

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
 * The data-driven public pages (blog, whitepapers, downloads, the five hand-made articles with
 * their related posts), each its own lazy chunk. The server renders them from the database and
 * embeds the rows it used (crates/site). `blog/:slug` ranks below the five article paths
 * (static segments win), so those keep their hand-made pages.
 */
export const dataPublicPages: RouteObject[] = [
  dataPage('blog', BlogListPage, [BLOG_POSTS_RESOURCE]),
  dataPage('blog/:slug', BlogPostPage, [BLOG_POST_RESOURCE, RELATED_POSTS_RESOURCE]),
  dataPage('whitepapers', WhitepapersPage, [WHITEPAPERS_RESOURCE]),
  dataPage('downloads', DownloadsPage, [WHITEPAPERS_RESOURCE, WHITEPAPER_FILES_RESOURCE]),
  dataPage('blog/streamlining-dme-claims-processing', StreamliningArticle, [RELATED_POSTS_RESOURCE]),
  dataPage('blog/compliance-best-practices-dme-providers', ComplianceArticle, [RELATED_POSTS_RESOURCE]),
  dataPage('blog/mobile-delivery-management', MobileDeliveryArticle, [RELATED_POSTS_RESOURCE]),
  dataPage('blog/maximizing-revenue-real-time-reporting', RealTimeReportingArticle, [RELATED_POSTS_RESOURCE]),
  dataPage('blog/dme-billing-coding-guide', BillingCodingGuideArticle, [RELATED_POSTS_RESOURCE]),
];

/** A page built from blocks (app/routes/site-page-route.tsx). */
export const SitePage = lazyComponent(async () => (await import('./site-page-route')).SitePageRoute);

/**
 * What a block page embeds: its blocks, and the whitepaper list when a block shows whitepapers
 * (the server adds that one only then).
 */
export const SITE_PAGE_RESOURCES = [SITE_PAGE_RESOURCE, WHITEPAPERS_RESOURCE];

/** The home page: the site's first block page. */
export const homePage: RouteObject = {
  index: true,
  element: <SitePage />,
  handle: { module: SitePage.moduleId, resources: SITE_PAGE_RESOURCES } satisfies DataPageHandle,
};

/**
 * The marketing pages staff edit as blocks (the seed migration 20261206001000 holds their copy),
 * at fixed routes: public pages like any other (sitemap, search), answering 404 if their block
 * page is ever gone.
 */
export const sitePages: RouteObject[] = ['services', 'rcm-services', 'about', 'careers', 'api-integrations'].map(
  (path) => dataPage(path, SitePage, SITE_PAGE_RESOURCES),
);

/**
 * The blog's archives, `blog/{kind}/:slug` (`?page=N`): one page module for the three kinds.
 * Their two static segments rank them above `blog/:slug`.
 */
export const archivePages: Record<ArchiveKind, RouteObject> = Object.fromEntries(
  ARCHIVE_KINDS.map((kind) => {
    const handle: DataPageHandle = { module: ArchivePage.moduleId, resources: [BLOG_ARCHIVE_RESOURCE] };
    return [kind, { path: `blog/${kind}/:slug`, element: <ArchivePage kind={kind} />, handle }];
  }),
) as Record<ArchiveKind, RouteObject>;

/** The site search, `search?q=..&page=N`: rendered by the server, never a fixed public page. */
export const searchPage: RouteObject = dataPage('search', SearchPage, [SITE_SEARCH_RESOURCE]);
