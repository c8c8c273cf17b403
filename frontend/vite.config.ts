/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { lazyModuleIds } from './scripts/lazy-module-ids.ts';

/** A file of an installed package, by its path under node_modules. */
const nodeModule = (path: string) => fileURLToPath(new URL(`./node_modules/${path}`, import.meta.url));

const reactRouterDist = (file: string) => nodeModule(`react-router/dist/production/${file}`);

/** `@/…` is `src/…` (tsconfig.app.json's `paths`), for imports that leave their own folder. */
const SOURCE_ALIAS = { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) };

/**
 * react-router's package exports always resolve to its development build (dev warnings on,
 * larger); production bundles use the production build it also ships. Both entry points are
 * mapped so the bundle never holds two copies (and two router contexts).
 * Upstream: remix-run/react-router#12532, #14102.
 */
function reactRouterProductionAliases() {
  return [
    { find: /^react-router$/, replacement: reactRouterDist('index.mjs') },
    { find: /^react-router\/dom$/, replacement: reactRouterDist('dom-export.mjs') },
  ];
}

/**
 * The app's code loads once the page has painted. Public pages arrive rendered: their text and
 * images need only the HTML and the stylesheets, and the code (which only takes the page over)
 * would compete with them for a slow connection and the main thread. The module script and its
 * preloads are moved into a loader that adds them, with the page's own chunks (the server lists
 * them in a `page-modules` data block, crates/site), when the browser reports the first
 * contentful paint (or after a second at the latest, e.g. in a background tab; index.html's
 * first script keeps the buttons clicked until then and the app clicks them again once it has
 * hydrated). A page the browser renders alone (no `page-data`: the admin screens) loads its code
 * at once.
 */
function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'claimbridge:scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entries: string[] = [];
        const preloads: string[] = [];
        const rest = html
          .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
            entries.push(src);
            return '';
          })
          .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
            preloads.push(href);
            return '';
          });
        if (entries.length === 0) return html;
        const loader = `(function () {
  var entries = ${JSON.stringify(entries)}, preloads = ${JSON.stringify(preloads)}, done = false;
  function add(tag, props) {
    var element = document.createElement(tag);
    element.crossOrigin = '';
    for (var key in props) element[key] = props[key];
    document.head.appendChild(element);
  }
  function load() {
    if (done) return;
    done = true;
    var listed = document.getElementById('page-modules');
    preloads.concat(listed ? JSON.parse(listed.textContent) : []).forEach(function (href) {
      add('link', { rel: 'modulepreload', href: href });
    });
    entries.forEach(function (src) { add('script', { type: 'module', src: src }); });
  }
  if (!document.getElementById('page-data')) return load();
  setTimeout(load, 1000);
  try {
    var painted = new PerformanceObserver(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      painted.disconnect();
      setTimeout(load, 0);
    });
    painted.observe({ type: 'paint', buffered: true });
  } catch (error) {
    requestAnimationFrame(function () { setTimeout(load, 0); });
  }
})();`;
        return rest.replace('</body>', `  <script>${loader}</script>\n  </body>`);
      },
    },
  };
}

/**
 * What the server bundle leaves out: the libraries only the browser runs, replaced by stand-ins
 * that name them if ever called (src/server/browser-only-modules.ts says why they never are),
 * and the streaming half of react-dom/server. A smaller bundle is less for every engine to hold.
 */
function serverBundleAliases() {
  const standIns = fileURLToPath(new URL('./src/server/browser-only-modules.ts', import.meta.url));
  return [
    ...[/^@supabase\/supabase-js$/, /^altcha$/, /^dompurify$/].map((find) => ({ find, replacement: standIns })),
    // react-dom/server is renderToString's build and the streaming renderer's, which
    // entry-server.tsx does not use: only the former, as server.browser.js itself picks it.
    {
      find: /^react-dom\/server$/,
      replacement: nodeModule('react-dom/cjs/react-dom-server-legacy.browser.production.js'),
    },
  ];
}

/** Where the server bundle goes: beside the site, out of its public files (crates/site). */
export const SERVER_OUT_DIR = 'dist/.ssr';

/**
 * The server bundle (`vite build --ssr`): the app and every library in one classic script for
 * the server's embedded JavaScript engine, which has no module loader and no Node APIs. It
 * defines the global `ClaimBridgeServer` (src/entry-server.tsx).
 */
const serverBuild: UserConfig['build'] = {
  ssr: 'src/entry-server.tsx',
  outDir: SERVER_OUT_DIR,
  emptyOutDir: true,
  minify: true,
  copyPublicDir: false,
  rollupOptions: {
    output: {
      format: 'iife',
      name: 'ClaimBridgeServer',
      entryFileNames: 'server.js',
      inlineDynamicImports: true,
    },
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    lazyModuleIds(fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '')),
    react(),
    scriptsAfterFirstPaint(),
  ],
  resolve: {
    alias: [
      SOURCE_ALIAS,
      ...(command === 'build' ? reactRouterProductionAliases() : []),
      ...(command === 'build' && isSsrBuild ? serverBundleAliases() : []),
    ],
  },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  ssr: {
    noExternal: true,
    target: 'webworker',
  },
  build: isSsrBuild
    ? serverBuild
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // The server reads it to preload the code and data client of data pages (crates/site).
        manifest: true,
      },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
  },
}));
