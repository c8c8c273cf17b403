import { expect, test, type Page, type Request } from './fixtures';

/**
 * Server rendering (issue 18): every public page arrives as HTML a reader, a link preview or a
 * crawler can use without JavaScript, and with JavaScript React takes that HTML over (hydrates
 * it) without a mismatch and without asking again for the data the page carries.
 */

/** Each public page, a heading it shows and a line of its main text. */
const PAGES: [path: string, heading: string, text: string][] = [
  ['/', 'Get paid for every piece of equipment you deliver.', '500+'],
  ['/services', 'Software and billing services for HME/DME suppliers', 'Complex Rehab'],
  ['/rcm-services', 'RCM Services', 'Small HME/DME Startups'],
  ['/about', 'About ClaimBridge', 'Founded'],
  ['/contact', 'Talk to a DME billing specialist', 'Connect with us'],
  ['/careers', 'Help equipment suppliers get paid for the care they deliver', 'No Open Positions at This Time'],
  ['/api-integrations', 'Connect ClaimBridge to the systems you already use', 'EHR'],
  ['/privacy-policy', 'Privacy Policy', 'AES-256'],
  ['/cookie-policy', 'Cookie Policy', 'January 30, 2025'],
  ['/blog/dme-billing-coding-guide', 'DME Billing and Coding Guide', 'Duplicate claims'],
  ['/blog/streamlining-dme-claims-processing', 'Streamlining DME Claims Processing', 'Back to Blog'],
  ['/blog', 'Insights for HME/DME billing teams', 'Oxygen Billing'],
  ['/blog/oxygen-billing-36-month-rental-cap', 'Oxygen', '36'],
  ['/whitepapers', 'Whitepapers', 'Denial Management Playbook'],
  ['/downloads', 'Your downloads', 'Download PDF'],
];

/** Requests the page makes to the data APIs, other than its analytics. */
function dataRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    const api = url.pathname.startsWith('/rest/v1/') || url.pathname.startsWith('/storage/v1/');
    if (api && !url.pathname.startsWith('/rest/v1/page_analytics')) {
      seen.push(`${request.method()} ${url.pathname}${url.search}`);
    }
  });
  return seen;
}

/** Console errors and warnings, and uncaught exceptions. */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(error.message));
  return seen;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, heading, text] of PAGES) {
    test(`${path} shows its content`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);
      await expect(page.locator('main')).toContainText(text);
      await expect(page.getByRole('contentinfo')).toContainText('All rights reserved.');
    });
  }

  test('links navigate, images load and the lead forms say they need JavaScript', async ({ page }) => {
    // A card's category badge opens the category's archive; its Read More, the post.
    await page.goto('/blog');
    await page.locator('main a[href^="/blog/category/"]').first().click();
    await expect(page).toHaveURL(/\/blog\/category\/[a-z0-9-]+$/);
    await expect(page.locator('main .blog-card').first()).toBeVisible();
    await page.goto('/blog');
    await page
      .getByRole('link', { name: /^Read More/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toBeVisible();

    await page.goto('/rcm-services');
    const images = page.locator('main img');
    expect(await images.count()).toBeGreaterThan(0);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
        .toBe(true);
    }

    await page.goto('/contact');
    await expect(page.locator('main .noscript-note').first()).toContainText('The contact form needs JavaScript.');
    await page.goto('/whitepapers');
    await expect(page.locator('main .noscript-note').first()).toContainText('The download form needs JavaScript.');
  });

  test('on a phone the menu still opens and its links navigate', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const services = page
      .getByRole('navigation', { name: 'Primary' })
      .getByRole('link', { name: 'Services', exact: true });
    await expect(services).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(services).toBeVisible();
    await services.click();
    await expect(page).toHaveURL(/\/services$/);
  });
});

test.describe('with JavaScript', () => {
  for (const [path, heading] of PAGES) {
    test(`${path} hydrates the server's HTML without a mismatch or a second fetch`, async ({ page }) => {
      // The heading element as the HTML parser made it, before any script ran.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') {
            (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1');
          }
        });
      });
      const requests = dataRequests(page);
      const seen = problems(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);
      // React has taken the page over: its handlers work (the menu button toggles)...
      await page.setViewportSize({ width: 390, height: 800 });
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      // ...on the very elements the server sent (hydrated, not drawn again).
      expect(
        await page.evaluate(
          () => (window as unknown as { serverHeading: Element | null }).serverHeading === document.querySelector('h1'),
        ),
      ).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(seen).toEqual([]);
      expect(requests).toEqual([]);
    });
  }

  test('a page that differs from its HTML is reported (the check above can fail)', async ({ page }) => {
    const seen = problems(page);
    // The privacy policy shows the day it was rendered on; tell the browser another day.
    await page.route('**/privacy-policy', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/"renderedOn":"\d{4}-\d{2}-\d{2}"/, '"renderedOn":"2001-01-01"');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/privacy-policy');
    await expect.poll(() => seen.some((text) => text.includes('Hydration'))).toBe(true);
  });

  test('a button clicked before the page is hydrated does its job once it is', async ({ page }) => {
    // The app's code arrives late, as on a slow connection.
    await page.route('**/assets/index-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/contact', { waitUntil: 'commit' });
    const button = page.getByRole('main').getByRole('button', { name: 'Connect with us' });
    await button.click();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
    await expect(page.getByRole('dialog', { name: 'Connect with us' })).toBeVisible();
  });

  test('after navigating, pages ask for their data again', async ({ page }) => {
    const requests = dataRequests(page);
    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Insights for HME/DME billing teams');
    await expect.poll(() => requests.some((request) => request.includes('/rest/v1/blog_posts'))).toBe(true);
    await expect.poll(() => requests.some((request) => request.includes('/rest/v1/page_seo_settings'))).toBe(true);
  });

  for (const failure of ['refused', 'hanging'] as const) {
    test(`the blog shows its sample posts within 3 s when loading posts fails (${failure})`, async ({ page }) => {
      await page.goto('/about');
      await page.route('**/rest/v1/blog_posts**', async (route) => {
        if (failure === 'refused') await route.abort('connectionrefused');
        // A server that never answers: the request is left pending.
      });
      const started = Date.now();
      await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Blog', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Streamlining DME Claims Processing' })).toBeVisible({
        timeout: 3000,
      });
      expect(Date.now() - started).toBeLessThan(3000);
    });
  }
});
