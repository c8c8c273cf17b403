/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? reactRouterProductionAliases() : [],
  },
  build: {
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
