import { expect, test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page, Request } from '@playwright/test';

/**
 * Waits until React has taken over a page the server rendered (the app marks the document
 * `data-hydrated` then, src/entry-client.tsx). Before that its buttons only record clicks, and
 * the tests here are about what the app does with input.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('page-data') || document.documentElement.hasAttribute('data-hydrated'),
  );
}

/**
 * The suite's `test`: with JavaScript on, `page.goto` and `page.reload` return once the page
 * is hydrated (server-rendered pages are visible, and clickable by a person, before that);
 * `waitUntil: 'commit'` returns at once, to act before hydration.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        if (args[1]?.waitUntil !== 'commit') await hydrated(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await hydrated(page);
        return response;
      };
    }
    await use(page);
  },
});

/** The admin passcode with-server.sh configured the server with. */
export const ADMIN_PASSCODE = process.env.E2E_ADMIN_PASSCODE ?? 'e2e-admin-passcode-2026';

/** Every page load in `page` from now on starts with the cookie banner answered ("declined"). */
export async function declineCookies(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.localStorage.setItem('cookieConsent', 'declined');
  });
}

/** Signs in with the passcode; the admin area opens on /admin/blog. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Passcode').fill(ADMIN_PASSCODE);
  await page.getByRole('button', { name: 'Access Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
}
