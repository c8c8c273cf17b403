import {
  type APIRequestContext,
  anonKeyOf,
  apiKeys,
  declineCookies,
  expect,
  h1,
  h2,
  type Locator,
  type Page,
  SERVICE_ROLE_KEY,
  signInAsAdmin,
  test,
} from './fixtures';

/**
 * Helping readers find more and keeping old links alive (issue 37), in the browser: the header's
 * search (with and without JavaScript), the archives a post's badges lead to and their pages, a
 * renamed post's old address, a broken link on the site health screen, and a redirect made from
 * the 404 log.
 */

test.beforeEach(({ page }) => declineCookies(page));

/** Every post this spec adds has a web address starting with this; the spec deletes them at the end. */
const SLUG_PREFIX = 'discovery-';

const OXYGEN_POST = {
  path: '/blog/oxygen-billing-36-month-rental-cap',
  title: 'Oxygen Billing After the 36-Month Rental Cap',
};

/** The header's search button (while its panel is open, the panel's submit button is named Search too). */
const searchToggle = (page: Page) => page.locator('button[aria-controls="header-search-panel"]');

async function serviceHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return { apikey: await anonKeyOf(request), Authorization: `Bearer ${SERVICE_ROLE_KEY}` };
}

interface NewPost {
  title: string;
  slug: string;
  category: string;
  description?: string;
  content?: string;
  tags?: string[];
  created_at?: string;
}

/** Adds `posts` as published posts (through /rest/v1 with the service key); their ids, in order. */
async function publishPosts(request: APIRequestContext, posts: NewPost[]): Promise<{ id: string; slug: string }[]> {
  const created = await request.post('/rest/v1/blog_posts', {
    headers: { ...(await serviceHeaders(request)), Prefer: 'return=representation' },
    data: posts.map((post) => ({
      description: 'How Medicare pays for home oxygen equipment after month 36.',
      published: true,
      ...post,
    })),
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; slug: string }[];
}

/** Waits until the server serves `path` with `status` (its page cache follows a content change). */
async function expectServed(request: APIRequestContext, path: string, status: number): Promise<void> {
  await expect
    .poll(async () => (await request.get(path, { maxRedirects: 0 })).status(), { timeout: 10_000 })
    .toBe(status);
}

// The blog's lists are other specs' business too (they count cards): this spec's posts go again.
test.afterAll(async ({ request }) => {
  const removed = await request.delete(`/rest/v1/blog_posts?slug=like.${SLUG_PREFIX}*`, {
    headers: await serviceHeaders(request),
  });
  expect(removed.status()).toBe(204);
});

test.describe('search', () => {
  test('"/" opens the header search; the results are highlighted and lead to the post', async ({ page }) => {
    await page.goto('/');
    await expect(searchToggle(page)).toHaveAttribute('aria-expanded', 'false');
    const field = page.locator('#header-search-panel').getByRole('searchbox', { name: 'Search the site' });
    await expect(field).toBeHidden();

    await page.keyboard.press('/');
    await expect(searchToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(field).toBeFocused();
    await page.keyboard.type('oxygen');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/search\?q=oxygen$/);
    await expect(searchToggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(h1(page, 'Search')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'for “oxygen”' })).toHaveText(/^\d+ results for “oxygen”$/);
    const results = page.getByRole('main').getByRole('article');
    // The post with the word in its title comes first, the word marked in its snippet.
    const first = results.first();
    await expect(first.getByRole('heading', { level: 2 })).toHaveText(OXYGEN_POST.title);
    await expect(first.locator('mark').first()).toHaveText(/^oxygen$/i);

    await first.getByRole('link', { name: OXYGEN_POST.title }).click();
    await expect(page).toHaveURL(new RegExp(`${OXYGEN_POST.path}$`));
    await expect(h1(page, OXYGEN_POST.title)).toBeVisible();
  });

  test('"/" types a slash in a form field rather than opening the search', async ({ page }) => {
    const typeInto = async (field: Locator, text: string) => {
      await field.click();
      await page.keyboard.type(text);
      await expect(field).toHaveValue(text);
      await expect(searchToggle(page)).toHaveAttribute('aria-expanded', 'false');
    };

    await page.goto('/contact');
    await page.getByRole('button', { name: 'Connect with us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect with us' });
    await typeInto(dialog.getByLabel('Current software', { exact: true }), 'Brightree / spreadsheets');
    await typeInto(dialog.getByLabel('How can we help?', { exact: true }), 'CPAP/BiPAP resupply');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Outside a dialog too: the search page's own field keeps its slash.
    await page.goto('/search');
    await typeInto(page.getByRole('main').getByRole('searchbox', { name: 'Search the site' }), 'CMN/DIF');

    // Away from a field, "/" opens the header's search.
    await page.getByRole('heading', { level: 1, name: 'Search' }).click();
    await page.keyboard.press('/');
    await expect(searchToggle(page)).toHaveAttribute('aria-expanded', 'true');
  });

  test('a search without results suggests the closest titles', async ({ page }) => {
    await page.goto('/search');
    const field = page.getByRole('main').getByRole('searchbox', { name: 'Search the site' });
    await field.fill('oxygenn concentratr');
    await field.press('Enter');

    await expect(page).toHaveURL(/\/search\?q=oxygenn\+concentratr$/);
    await expect(page.getByText('No results for “oxygenn concentratr”', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
    await expect(h2(page, 'Did you mean …')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: OXYGEN_POST.title }).click();
    await expect(page).toHaveURL(new RegExp(`${OXYGEN_POST.path}$`));
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the header links to the search page, whose plain form the server answers', async ({ page }) => {
      await page.goto('/');
      await expect(searchToggle(page)).toBeHidden();
      await page.getByRole('banner').getByRole('link', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/\/search$/);

      const form = page.getByRole('main').getByRole('search');
      await expect(form).toHaveAttribute('method', 'get');
      await expect(form).toHaveAttribute('action', '/search');
      await form.getByRole('searchbox', { name: 'Search the site' }).fill('capped rental');
      await form.getByRole('button', { name: 'Search', exact: true }).click();

      await expect(page).toHaveURL(/\/search\?q=capped\+rental$/);
      await expect(page.getByText(/^\d+ results? for “capped rental”$/)).toBeVisible();
      const result = page.getByRole('main').getByRole('article').filter({ hasText: OXYGEN_POST.title });
      await expect(result.locator('mark').first()).toHaveText(/^(capped|rental)$/i);
      await result.getByRole('link', { name: OXYGEN_POST.title }).click();
      await expect(page).toHaveURL(new RegExp(`${OXYGEN_POST.path}$`));
    });
  });
});

test.describe('archives', () => {
  test("a post's category badge and tag chips open their archives", async ({ page }) => {
    await page.goto(OXYGEN_POST.path);
    await page.locator('.article__meta').getByRole('link', { name: 'Category: Billing & Coding' }).click();

    await expect(page).toHaveURL(/\/blog\/category\/billing-coding$/);
    await expect(h1(page, 'Posts in Billing & Coding')).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    // Newest first, as on /blog.
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
      'KX, GA and GZ Modifiers: When Each One Belongs on a DME Claim',
      OXYGEN_POST.title,
      'DME Billing and Coding Guide: Nine Common Errors and How to Fix Them',
    ]);
    for (const card of await cards.all()) {
      await expect(card.getByRole('link', { name: 'Category: Billing & Coding' })).toBeVisible();
    }

    await page.goBack();
    await expect(h1(page, OXYGEN_POST.title)).toBeVisible();
    await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'capped rental', exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/tag\/capped-rental$/);
    await expect(h1(page, 'Posts tagged capped rental')).toBeVisible();
    await expect(cards.getByRole('heading', { level: 2 })).toContainText([OXYGEN_POST.title]);
  });

  test('an archive of more than 12 posts comes in pages linked by rel=next and rel=prev', async ({ page, request }) => {
    const stamp = Date.now();
    const category = `Paged Archive ${stamp}`;
    const path = `/blog/category/paged-archive-${stamp}`;
    // Thirteen posts a day apart: "Paged post 13" is the newest.
    await publishPosts(
      request,
      Array.from({ length: 13 }, (_, index) => ({
        title: `Paged post ${index + 1} (${stamp})`,
        slug: `${SLUG_PREFIX}paged-${stamp}-${index + 1}`,
        category,
        created_at: new Date(Date.UTC(2021, 0, index + 1)).toISOString(),
      })),
    );
    await expectServed(request, path, 200);

    const headLink = (rel: string) => page.locator(`head link[rel="${rel}"]`);
    const cards = page.getByRole('main').getByRole('article');
    const pager = page.getByRole('navigation', { name: `Pages of posts in ${category}` });

    await page.goto(path);
    await expect(h1(page, `Posts in ${category}`)).toBeVisible();
    await expect(cards).toHaveCount(12);
    await expect(cards.first().getByRole('heading', { level: 2 })).toHaveText(`Paged post 13 (${stamp})`);
    await expect(headLink('next')).toHaveAttribute('href', new RegExp(`^https?://[^/]+${path}\\?page=2$`));
    await expect(headLink('prev')).toHaveCount(0);
    await expect(pager).toContainText('Page 1 of 2');
    await expect(pager.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');

    const next = pager.getByRole('link', { name: 'Next page' });
    await expect(next).toHaveAttribute('rel', 'next');
    await next.click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?page=2$`));
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([`Paged post 1 (${stamp})`]);
    await expect(pager).toContainText('Page 2 of 2');
    await expect(headLink('prev')).toHaveAttribute('href', new RegExp(`^https?://[^/]+${path}$`));
    await expect(headLink('next')).toHaveCount(0);

    // The server renders page 2 the same way; past the last page there is nothing.
    await page.reload();
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([`Paged post 1 (${stamp})`]);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}\\?page=2$`));
    await expect(headLink('prev')).toHaveAttribute('href', new RegExp(`^https?://[^/]+${path}$`));
    await expect(pager.getByRole('link', { name: 'Previous page' })).toHaveAttribute('rel', 'prev');
    expect((await request.get(`${path}?page=3`)).status()).toBe(404);
  });
});

test("a renamed post's old address lands on the new one, by an automatic redirect", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const stamp = Date.now();
  const title = `Oxygen recertification checklist ${stamp}`;
  const oldPath = `/blog/${SLUG_PREFIX}recert-${stamp}`;
  const newPath = `/blog/${SLUG_PREFIX}oxygen-recertification-${stamp}`;
  const [post] = await publishPosts(request, [{ title, slug: oldPath.slice('/blog/'.length), category: 'Compliance' }]);
  await expectServed(request, oldPath, 200);

  await signInAsAdmin(page);
  await page.goto(`/admin/blog/${post?.id ?? ''}`);
  await page.getByRole('textbox', { name: /^Web address/ }).fill(newPath.slice('/blog/'.length));
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.getByText('Blog post updated successfully!')).toBeVisible();

  // A reader with the old link.
  const visitor = await browser.newContext({ baseURL });
  const reader = await visitor.newPage();
  await expectServed(request, oldPath, 301);
  const response = await reader.goto(oldPath);
  expect(response?.status()).toBe(200);
  expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301);
  await expect(reader).toHaveURL(new RegExp(`${newPath}$`));
  await expect(h1(reader, title)).toBeVisible();
  await visitor.close();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Redirects' }).click();
  const rule = page.getByRole('row').filter({ hasText: oldPath });
  await expect(rule).toContainText('Automatic');
  await expect(rule.getByRole('cell').nth(1)).toHaveText(newPath);
  await expect(rule).toContainText('301 Permanent');
});

test('the site health screen lists a broken internal link, with a Fix link to the post', async ({ page, request }) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const title = `Oxygen contents after month 36 (${stamp})`;
  const [post] = await publishPosts(request, [
    {
      title,
      slug: `${SLUG_PREFIX}broken-link-${stamp}`,
      category: 'Billing & Coding',
      content:
        '<p>The supplier keeps billing contents: see <a href="/blog/this-post-does-not-exist">our guide</a>.</p>',
    },
  ]);

  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Site health' }).click();
  await expect(h1(page, 'Site health')).toBeVisible();
  // The link checker scans within seconds of a content change.
  const issue = page
    .getByRole('region', { name: /^Broken internal links \(\d+\)$/ })
    .getByRole('row')
    .filter({ hasText: title });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(issue).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000, intervals: [1_000] });
  await expect(issue).toContainText('/blog/this-post-does-not-exist');
  await expect(issue).toContainText('Error');

  const fix = issue.getByRole('link', { name: /^Fix: / });
  await expect(fix).toHaveAttribute('href', `/admin/blog/${post?.id ?? ''}`);
  await fix.click();
  await expect(page).toHaveURL(new RegExp(`/admin/blog/${post?.id ?? ''}$`));
  await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);
});

test('a redirect created from the 404 log sends the missing address on', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // A person's browser: a headless one counts as a bot, which the log keeps apart.
  const visitor = await browser.newContext({ baseURL });
  const probe = await visitor.newPage();
  const userAgent = (await probe.evaluate(() => navigator.userAgent)).replace('HeadlessChrome', 'Chrome');
  await visitor.close();
  const person = await browser.newContext({ baseURL, userAgent });
  const reader = await person.newPage();
  const missing = await reader.goto('/old-offer', { referer: 'https://www.linkedin.com/feed/update/1234?trk=share' });
  expect(missing?.status()).toBe(404);

  await signInAsAdmin(page);
  await page.goto('/admin/redirects?view=404');
  await expect(page.getByRole('tab', { name: /^404 log/ })).toHaveAttribute('aria-selected', 'true');
  // The server writes the 404s it counted every 10 seconds.
  const entry = page.getByRole('row').filter({ has: page.getByText('/old-offer', { exact: true }) });
  await expect(async () => {
    await page.reload();
    await expect(entry).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 25_000, intervals: [1_000] });
  // Where the reader came from, without the query.
  await expect(entry.locator('[title="https://www.linkedin.com/feed/update/1234"]')).toBeVisible();

  await entry.getByRole('button', { name: 'Create a redirect for /old-offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Redirect' });
  await expect(dialog.getByRole('textbox', { name: /^Old address/ })).toHaveValue('/old-offer');
  await dialog.getByRole('textbox', { name: /^New address/ }).fill('/contact');
  await dialog.getByRole('button', { name: 'Add Redirect' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry).toContainText('Covered by a redirect');
  await expect(entry.getByRole('button', { name: 'Edit the redirect of /old-offer' })).toBeVisible();

  await page.getByRole('tab', { name: /^Redirects/ }).click();
  const rule = page.getByRole('row').filter({ hasText: '/old-offer' });
  await expect(rule.getByRole('cell').nth(1)).toHaveText('/contact');
  await expect(rule).not.toContainText('Automatic');

  await expectServed(request, '/old-offer', 301);
  await reader.goto('/old-offer');
  await expect(reader).toHaveURL(/\/contact$/);
  await expect(h1(reader, 'Talk to a DME billing specialist')).toBeVisible();
  await person.close();

  // The rule goes again, for a later run on the same server.
  const { anon, admin } = await apiKeys(page);
  const removed = await request.delete('/rest/v1/redirects?source_path=eq./old-offer', {
    headers: { apikey: anon, Authorization: `Bearer ${admin}` },
  });
  expect(removed.status()).toBe(204);
});
