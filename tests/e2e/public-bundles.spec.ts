import { declineCookies, expect, test } from './fixtures';

/**
 * The admin is code-split from the public site (issue 35): a visitor's browser loads none of its
 * screens. Every script the public pages request is read and searched for words only the admin's
 * screens contain.
 */
const ADMIN_ONLY = [
  'Existing Posts',
  'Webpage Content Editor',
  'Page SEO Management',
  'delete_posts_forever',
  'Choose an image',
];

test('public pages load no admin code', async ({ page }) => {
  await declineCookies(page);
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  for (const path of ['/', '/blog', '/blog/oxygen-billing-36-month-rental-cap', '/whitepapers', '/services']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.size).toBeGreaterThan(0);
  for (const url of scripts) {
    const body = await (await page.request.get(url)).text();
    expect(
      ADMIN_ONLY.filter((text) => body.includes(text)),
      url,
    ).toEqual([]);
  }
});
