import { defineConfig } from '@playwright/test';

/**
 * Runs against an already running ClaimBridge server (`claimbridge serve` serving
 * frontend/dist). Uses the system Chromium: `playwright install` cannot download
 * browsers here, so never run it.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.CLAIMBRIDGE_URL || 'http://localhost:54321',
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
