import './server/polyfills';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoutes, staticPublicPages } from './app/router';
import { siteManifest } from './app/site-manifest';
import { runtimeConfig } from './config/runtime-config';
import { loadAllLazyComponents, UNNAMED_MODULE } from './lib/lazy-component';
import type { HeadSpec } from './lib/head';
import type { PageData } from './lib/page-data';
import { RenderProvider, RenderReport, type DateUse, type ImagePreload } from './lib/render-context';

/**
 * The server bundle: the same app, rendered to HTML. crates/site runs it in an embedded
 * JavaScript engine for the pages it renders at request time (the data pages, and any page
 * with stored body content), and scripts/prerender.mjs runs it in Node at build time for the
 * static pages. Both call `prepare` once, then `render` per page.
 */

/** Loads every lazily loaded page and component, so a render never waits. */
export async function prepare(): Promise<void> {
  await loadAllLazyComponents();
}

export interface RenderResult {
  /** The markup of #root. */
  html: string;
  /** Images the head should preload (the page's largest image above the fold). */
  imagePreloads: ImagePreload[];
  /** How much of today's date the page shows (how long the server may keep it). */
  dateUse: DateUse;
  /** The lazily loaded modules it rendered (their chunks are preloaded, then loaded before hydrating). */
  modules: string[];
  /**
   * The page's head (lib/use-head.ts), the only one the server writes; null when neither the page
   * nor its route's SEO record said one (the server then titles the page with the company name).
   */
  head: HeadSpec | null;
}

/** The app at `url` (path and query) with `pageData`, as the browser will hydrate it. */
export function render(url: string, pageData: PageData): RenderResult {
  const report = new RenderReport();
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <RenderProvider pageData={pageData} report={report}>
          <AppRoutes />
        </RenderProvider>
      </StaticRouter>
    </StrictMode>,
  );
  return {
    html,
    imagePreloads: report.imagePreloads,
    dateUse: report.dateUse,
    modules: report.modules,
    head: report.head,
  };
}

/** `render` across the engine boundary: JSON in, JSON out. */
export function renderJson(url: string, pageDataJson: string): string {
  return JSON.stringify(render(url, JSON.parse(pageDataJson) as PageData));
}

/**
 * What of the configuration the markup shows (company facts and the site's URL): a page
 * rendered with another value is not reused.
 */
export function markupConfigKey(): string {
  return JSON.stringify({ company: runtimeConfig.company });
}

export { UNNAMED_MODULE };

/** A path no route has: the not-found page as unknown paths show it. */
export const NOT_FOUND_PATH = '/404';

/**
 * The pages scripts/prerender.mjs renders at build time: the static routes and the not-found page
 * (as a path without a block page shows it).
 */
export function prerenderPaths(): string[] {
  return [...staticPublicPages.map((route) => `/${route.path ?? ''}`), NOT_FOUND_PATH];
}

/** The route table the server reads (app/site-manifest.ts), for scripts/prerender.mjs to write. */
export { siteManifest };
