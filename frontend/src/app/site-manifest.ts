import type { RouteObject } from 'react-router';
import { PAGE_SEO_RESOURCE } from './layouts/site-data-layout';
import { PREVIEW_ROUTE_PATH, staticPublicPages } from './router';
import { ADMIN_PATH, AUTH_PATH, RESET_PATH, WELCOME_PATH } from './routes/admin/admin-routes';
import {
  archivePages,
  dataPublicPages,
  homePage,
  searchPage,
  SITE_PAGE_RESOURCES,
  sitePages,
  type DataPageHandle,
} from './routes/data-public-pages';
import { POPULAR_POSTS_RESOURCE } from '@/features/search/popular-posts-query';
import type { ArchiveKind } from '@/lib/taxonomy-slug';

/** A data page as the server serves it: the module it preloads, the resources it embeds. */
export interface DataPageRule {
  module: string;
  resources: string[];
}

/**
 * What the server (crates/site) needs of the app's routes, taken from the route table
 * itself: the build writes it to dist/.ssr/site-manifest.json (scripts/prerender.mjs) and the
 * server reads it at startup, so a route is written once, here in the app. Paths
 * are as react-router matches them: static segments case-insensitively, no trailing slash.
 */
export interface SiteManifest {
  /** Every public page with a fixed path, the home page first. */
  publicPages: string[];
  /** The resources every public page (and a path no route has) embeds: its SEO record. */
  pageResources: string[];
  /** The public pages rendered from the database, by path. */
  dataPages: Record<string, DataPageRule>;
  /** A blog post: `{prefix}{slug}` (one segment), other than a fixed public page. */
  post: DataPageRule & { prefix: string };
  /**
   * The category, tag and author archives: `{prefix}{slug}` (one segment), `?page=N`; one page
   * module for the three.
   */
  archives: DataPageRule & { prefixes: Record<ArchiveKind, string> };
  /** The site search: `{path}?q=..&page=N`. */
  search: DataPageRule & { path: string };
  /** What a path no route has embeds besides `pageResources` (the not-found page's lists). */
  notFoundResources: string[];
  /** A block page staff created at a path no route has: its module and what it embeds. */
  sitePage: DataPageRule;
  /** A draft preview: `{previewPrefix}{token}` (one segment). */
  previewPrefix: string;
  /** The admin screens, never rendered by the server: these paths and everything below `adminSections`. */
  adminPaths: string[];
  adminSections: string[];
}

/**
 * `/{prefix}/` of a route path `prefix/:param` (the prefix one or more static segments); the
 * build fails on any other shape.
 */
function oneParameterPrefix(path: string): string {
  const match = /^([a-z0-9-]+(?:\/[a-z0-9-]+)*)\/:[a-zA-Z]+$/.exec(path);
  if (!match) throw new Error(`site manifest: ${path} is not "segment/:parameter"`);
  return `/${match[1]}/`;
}

function dataPageRule(route: RouteObject): DataPageRule {
  const handle = route.handle as DataPageHandle | undefined;
  if (!handle?.module) {
    throw new Error(
      `site manifest: the data page ${String(route.path)} has no named module (scripts/lazy-module-ids.ts)`,
    );
  }
  return { module: handle.module, resources: handle.resources };
}

export function siteManifest(): SiteManifest {
  const fixed = (route: RouteObject) => route.path !== undefined && !route.path.includes(':');
  const postRoute = dataPublicPages.find((route) => !fixed(route));
  if (!postRoute?.path) throw new Error('site manifest: no blog post route');
  return {
    publicPages: [
      '/',
      ...[...sitePages, ...staticPublicPages, ...dataPublicPages].filter(fixed).map((route) => `/${route.path ?? ''}`),
    ],
    pageResources: [PAGE_SEO_RESOURCE],
    dataPages: Object.fromEntries(
      [homePage, ...sitePages, ...dataPublicPages]
        .filter((route) => route.index === true || fixed(route))
        .map((route): [string, DataPageRule] => [`/${route.path ?? ''}`, dataPageRule(route)]),
    ),
    post: { prefix: oneParameterPrefix(postRoute.path), ...dataPageRule(postRoute) },
    archives: {
      prefixes: {
        category: oneParameterPrefix(archivePages.category.path ?? ''),
        tag: oneParameterPrefix(archivePages.tag.path ?? ''),
        author: oneParameterPrefix(archivePages.author.path ?? ''),
      },
      // One module for the three kinds.
      ...dataPageRule(archivePages.category),
    },
    search: { path: `/${searchPage.path ?? ''}`, ...dataPageRule(searchPage) },
    // An unknown path may be a block page staff created there.
    notFoundResources: [POPULAR_POSTS_RESOURCE, ...SITE_PAGE_RESOURCES],
    sitePage: dataPageRule(homePage),
    previewPrefix: oneParameterPrefix(PREVIEW_ROUTE_PATH),
    adminPaths: [`/${AUTH_PATH}`, `/${WELCOME_PATH}`, `/${RESET_PATH}`, `/${ADMIN_PATH}`],
    adminSections: [`/${ADMIN_PATH}/`],
  };
}
