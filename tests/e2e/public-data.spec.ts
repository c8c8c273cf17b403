import { readFile } from 'node:fs/promises';
import { expect, type Page, submitWhitepaperLeadForm, test } from './fixtures';

/**
 * The data-driven public pages of issue 6 against the real server and its seed (9 published
 * and 2 draft posts, 5 whitepapers with PDFs in the whitepapers bucket, an SEO row per route):
 * blog list and post with the rebuilt head, not-found posts, whitepapers, the lead form and
 * the downloads page.
 */

async function withConsent(page: Page) {
  await page.addInitScript(() => {
    window.localStorage.setItem('cookieConsent', 'declined');
  });
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test.describe('public data pages', () => {
  test.beforeEach(async ({ page }) => {
    await withConsent(page);
  });

  test('blog list shows the published posts; Read More opens a post with its head rebuilt', async ({ page }) => {
    await page.goto('/blog');
    const cards = page.locator('.blog-card:not(.blog-card--skeleton)');
    await expect(cards).toHaveCount(9);
    await expect(page.getByRole('heading', { level: 2, name: 'Compliance Best Practices for DME Providers' })).toBeVisible();
    // Drafts are not listed.
    await expect(page.getByText('Audit Readiness', { exact: false })).toHaveCount(0);
    // Long en-US dates.
    await expect(cards.first().locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

    const oxygen = page.getByRole('link', { name: /Read More.*Oxygen/ });
    await expect(oxygen).toHaveAttribute('href', '/blog/oxygen-billing-36-month-rental-cap');
    await oxygen.click();
    await expect(page).toHaveURL(/\/blog\/oxygen-billing-36-month-rental-cap$/);
    const title = page.locator('#article-title');
    await expect(title).toBeVisible();
    await expect(page.getByText(/^By /)).toBeVisible();
    await expect(page.getByText(/^Published on /)).toBeVisible();
    await expect(page.getByText(/^Last updated /)).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All Posts' })).toHaveAttribute('href', '/blog');

    await expect(page).toHaveTitle(/ \| ClaimBridge$/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      /\/blog\/oxygen-billing-36-month-rental-cap$/,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
    await expect(page.locator('meta[property="article:tag"]').first()).toHaveAttribute('content', 'oxygen');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    const jsonLd = page.locator('script[type="application/ld+json"]');
    await expect(jsonLd).toHaveCount(1);
    const data = JSON.parse((await jsonLd.textContent()) ?? '{}') as Record<string, unknown>;
    expect(data['@type']).toBe('TechArticle');
    expect(data.publisher).toMatchObject({ '@type': 'Organization', name: 'ClaimBridge' });
    // Content links are sanitised with rel="noopener".
    for (const rel of await page.locator('.article__body a[href]').evaluateAll((links) =>
      links.map((link) => link.getAttribute('rel') ?? ''),
    )) {
      expect(rel).toContain('noopener');
    }
  });

  test('an unknown slug and a draft slug show Blog Post Not Found', async ({ page }) => {
    for (const slug of ['no-such-post-anywhere', 'dme-audit-readiness-tpe-rac-upic']) {
      await page.goto(`/blog/${slug}`);
      await expect(h1(page, 'Blog Post Not Found')).toBeVisible();
      await expect(
        page.getByText("The blog post you're looking for doesn't exist or has been removed."),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
    }
  });

  test('the static articles keep their own pages', async ({ page }) => {
    await page.goto('/blog/dme-billing-coding-guide');
    await expect(page.locator('#article-title')).toBeVisible();
    await expect(h1(page, 'Blog Post Not Found')).toHaveCount(0);
  });

  test('page SEO applies on a static route', async ({ page }) => {
    await page.goto('/services');
    await expect(page).toHaveTitle(/ClaimBridge/);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/services$/);
  });

  test('whitepapers: Featured badges, page counts, Coming Soon, lead form checks', async ({ page }) => {
    await page.goto('/whitepapers');
    await expect(page.getByText('Featured', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/^\d+ pages?$/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Coming Soon' }).first()).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Request Custom Research' })).toBeVisible();

    await page.getByRole('button', { name: 'Download PDF' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Access Downloads' });
    await expect(submit).toBeDisabled();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Request Custom Research' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('lead form checks: honeypot, then email, with their toasts; nothing is sent', async ({ page }) => {
    test.setTimeout(60_000);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (/antispam-check|whitepaper_submissions/.test(request.url())) sent.push(request.url());
    });
    await page.goto('/whitepapers');
    await page.getByRole('button', { name: 'Request Custom Research' }).click();
    const dialog = page.getByRole('dialog');
    const answers: [string, string][] = [
      ['Company name', 'Check Medical'],
      ['Your name', 'Casey Check'],
      ['Work email', 'casey@example'],
      ['Phone', '555-0100'],
      ['How can we help?', 'Testing'],
      ['How many users?', '1-5'],
      ['Years in business', '3'],
      ['Claims per month', '100'],
      ['Current software', 'None'],
      ['Tell us about your products', 'Oxygen'],
    ];
    for (const [label, value] of answers) await dialog.getByLabel(label, { exact: true }).fill(value);
    await expect(dialog.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 45_000 });
    await page.waitForTimeout(3100);
    const submit = dialog.getByRole('button', { name: 'Access Downloads' });

    // 1. A filled honeypot fails first, whatever else is wrong.
    await dialog.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
      input.value = 'bot';
    });
    await submit.click();
    await expect(page.getByText('Submission failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Please try again later.', { exact: true })).toBeVisible();
    await dialog.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
      input.value = '';
    });

    // 3. The email pattern needs a dot after the at-sign (the browser accepts "casey@example").
    await submit.click();
    await expect(page.getByText('Invalid email', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter a valid email address.', { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Company name', { exact: true })).toHaveValue('Check Medical');
    expect(sent).toEqual([]);
  });

  test('analytics: a page view row per page, sent with the session header; exit updates it', async ({ page }) => {
    const insert = page.waitForRequest(
      (request) => request.url().includes('/rest/v1/page_analytics') && request.method() === 'POST',
    );
    await page.goto('/about');
    const request = await insert;
    const session = request.headers()['x-claimbridge-session'] ?? '';
    expect(session).toMatch(/^session_\d+_[A-Za-z0-9]+$/);
    const row = request.postDataJSON() as Record<string, unknown>;
    expect(row).toMatchObject({ session_id: session, page_path: '/about', device_type: 'desktop', browser: 'Chrome' });
    const insertResponse = await request.response();
    expect(insertResponse?.status()).toBe(201);

    const update = page.waitForRequest(
      (req) => req.url().includes('/rest/v1/page_analytics') && req.method() === 'PATCH',
    );
    await page.getByRole('link', { name: 'Services', exact: true }).first().click();
    const patch = await update;
    expect(patch.headers()['x-claimbridge-session']).toBe(session);
    const body = patch.postDataJSON() as { time_on_page: number; scroll_depth: number };
    expect(body.scroll_depth).toBeGreaterThan(0);
    expect(body.scroll_depth).toBeLessThanOrEqual(100);
    expect((await patch.response())?.status()).toBeLessThan(300);
  });

  test('full path: lead form, redirect to /downloads, a real PDF download', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/whitepapers');
    await page.getByRole('button', { name: 'Download PDF' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();

    const answers: [string, string][] = [
      ['Company name', 'Playwright Medical Supply'],
      ['Your name', 'Pat Tester'],
      ['Work email', `pat.${Date.now()}@example.com`],
      ['Phone', '(555) 010-7788'],
      ['How can we help?', 'Prior authorization backlog'],
      ['How many users?', '5-10'],
      ['Years in business', '8'],
      ['Claims per month', '900'],
      ['Current software', 'Spreadsheets'],
      ['Tell us about your products', 'CPAP and oxygen'],
    ];
    await submitWhitepaperLeadForm(page, dialog, answers);

    await expect(page.getByText('Thank you!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/downloads$/, { timeout: 10_000 });

    const download = page.getByRole('button', { name: 'Download PDF' }).first();
    await expect(download).toBeEnabled({ timeout: 15_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const path = await file.path();
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await expect(page.getByText('Download Started', { exact: true })).toBeVisible();
  });
});
