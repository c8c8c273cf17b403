/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { lazyModuleIds } from './scripts/lazy-module-ids.ts';

const reactRouterDist = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

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
  plugins: [lazyModuleIds(fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '')), react()],
  resolve: {
    alias: command === 'build' ? reactRouterProductionAliases() : [],
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
