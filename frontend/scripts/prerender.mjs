// Renders the static public pages at build time (home, the service and company pages, the legal
// pages, the five articles and the not-found page) with the server bundle (dist/.ssr/server.js,
// the same app the browser hydrates), with the company facts the server uses by default, and
// writes them to dist/.ssr/prerendered.json. crates/site serves these as they are while the
// running configuration matches the one they were rendered with; otherwise (another company
// name, another site URL, a page with an SEO record or stored body content, a new day on a
// page that shows the date) it renders the page again itself.
// It also writes the app's route table (src/app/site-manifest.ts) to
// dist/.ssr/site-manifest.json, which crates/site reads at startup.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exit } from 'node:process';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

/**
 * The server bundle's API (src/entry-server.tsx).
 * @typedef {{
 *   prepare(): Promise<void>,
 *   prerenderPaths(): string[],
 *   render(url: string, pageData: unknown): unknown,
 *   markupConfigKey(): string,
 *   siteManifest(): unknown,
 *   NOT_FOUND_PATH: string,
 *   UNNAMED_MODULE: string,
 * }} ServerBundle
 */

const root = join(fileURLToPath(import.meta.url), '../..');
const ssrDir = join(root, 'dist/.ssr');
/** The server's default public URL (CLAIMBRIDGE_SITE_URL unset, port 54321). */
const DEFAULT_ORIGIN = 'http://localhost:54321';

/** @type {unknown} */
const parsedDefaults = JSON.parse(await readFile(join(root, 'src/config/company-defaults.json'), 'utf8'));
const defaults = /** @type {Record<string, unknown>} */ (parsedDefaults);
delete defaults.$comment;

/** The bundle's globals: its inputs and, once evaluated, `ClaimBridgeServer`. */
const globals = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis));
globals.__CLAIMBRIDGE_SERVER__ = {
  injectedConfig: { company: { ...defaults, siteUrl: DEFAULT_ORIGIN } },
  origin: DEFAULT_ORIGIN,
};
vm.runInThisContext(await readFile(join(ssrDir, 'server.js'), 'utf8'), { filename: 'server.js' });
const server = /** @type {ServerBundle} */ (globals.ClaimBridgeServer);
await server.prepare();

const renderedOn = new Date().toISOString().slice(0, 10);
/** @type {Record<string, unknown>} */
const pages = {};
for (const path of server.prerenderPaths()) {
  const page = /** @type {{ modules: string[] }} */ (
    server.render(path, { path, renderedOn, resources: { pageSeo: null, sitePage: null } })
  );
  if (page.modules.includes(server.UNNAMED_MODULE)) {
    throw new Error(
      `${path} renders a lazy component whose loader the build could not name (scripts/lazy-module-ids.ts): ` +
        "write it as async () => (await import('…')).Member",
    );
  }
  pages[path] = page;
}

const output = {
  renderedOn,
  markupConfigKey: server.markupConfigKey(),
  notFoundPath: server.NOT_FOUND_PATH,
  pages,
};
await writeFile(join(ssrDir, 'prerendered.json'), JSON.stringify(output));
await writeFile(join(ssrDir, 'site-manifest.json'), JSON.stringify(server.siteManifest(), null, 2));
globalThis.console.log(
  `prerender: ${String(Object.keys(pages).length)} pages in dist/.ssr/prerendered.json, the route table in dist/.ssr/site-manifest.json`,
);
// The bundle's libraries leave timers behind; nothing else is left to do.
exit(0);
