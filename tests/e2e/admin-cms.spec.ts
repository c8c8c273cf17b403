import {
  anonKey,
  declineCookies,
  expect,
  type Page,
  signInAsAdmin,
  storedAdminToken,
  test,
  confirmDialog,
} from './fixtures';

/**
 * What staff expect from a CMS (issue 22), in the browser: schedule a post and see it appear,
 * send a draft by preview link to someone without the passcode, restore an earlier revision.
 */

test.beforeEach(({ page }) => declineCookies(page));

async function fillPost(page: Page, title: string, slug: string) {
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByRole('textbox', { name: /^Web address/ }).fill(slug);
  await page.getByRole('textbox', { name: /^Category/ }).fill('Compliance');
  await page.getByRole('textbox', { name: /^Description/ }).fill('Prior authorization for power mobility devices.');
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
  await page.keyboard.type('Submit the face-to-face notes with the order.');
}

/** A datetime-local value `minutes` from now, in the browser's time zone. */
function localInput(page: Page, minutes: number): Promise<string> {
  return page.evaluate((ahead) => {
    const at = new Date(Date.now() + ahead * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, minutes);
}

test('a scheduled post is hidden until its time, then appears on the site', async ({ page, browser, request }) => {
  const stamp = Date.now();
  const title = `Scheduled post ${stamp}`;
  const slug = `scheduled-post-${stamp}`;
  await signInAsAdmin(page);
  await fillPost(page, title, slug);
  await page.getByRole('checkbox', { name: 'Published' }).check();
  await page.getByRole('radio', { name: 'Schedule for later' }).check();
  await expect(page.getByText(/^Your time zone: /)).toBeVisible();
  await page.getByLabel('Publish on').fill(await localInput(page, 60));
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Blog post created successfully!')).toBeVisible();
  await expect(page.getByText(/It will be published on /)).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Scheduled ·');

  // A visitor sees nothing yet.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const response = await visitorPage.goto(`/blog/${slug}`);
  expect(response?.status()).toBe(404);
  await expect(visitorPage.getByRole('heading', { name: 'Blog Post Not Found' })).toBeVisible();

  // Move the time to a few seconds from now, as the form would (an hour is too long to wait).
  const token = await storedAdminToken(page);
  const soon = new Date(Date.now() + 4_000).toISOString();
  const moved = await request.patch(`/rest/v1/blog_posts?slug=eq.${slug}`, {
    headers: {
      apikey: await anonKey(page),
      authorization: `Bearer ${token ?? ''}`,
      'content-type': 'application/json',
    },
    data: { publish_at: soon },
  });
  expect(moved.status()).toBe(204);

  // At its time it is there: nothing else happened in between.
  await expect
    .poll(async () => (await visitorPage.goto(`/blog/${slug}`))?.status(), { timeout: 20_000, intervals: [500] })
    .toBe(200);
  await expect(visitorPage.getByRole('heading', { name: title })).toBeVisible();
  await visitorPage.goto('/blog');
  await expect(visitorPage.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await visitor.close();

  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Published');

  // The public blog list is the seed's again for the specs that count its cards.
  const removed = await request.delete(`/rest/v1/blog_posts?slug=eq.${slug}`, {
    headers: { apikey: await anonKey(page), authorization: `Bearer ${token ?? ''}` },
  });
  expect(removed.status()).toBe(204);
});

test('a preview link shows a draft to someone without the passcode until revoked', async ({ page, browser }) => {
  const stamp = Date.now();
  const title = `Draft for review ${stamp}`;
  await signInAsAdmin(page);
  await fillPost(page, title, `draft-review-${stamp}`);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Blog post created successfully!')).toBeVisible();
  await page.getByRole('button', { name: `Edit ${title}` }).click();

  await page.getByRole('button', { name: 'Create preview link' }).click();
  await expect(page.getByText('Preview link created')).toBeVisible();
  const link = await page.getByLabel('New preview link').inputValue();
  expect(link).toMatch(/\/preview\/[0-9a-f]{64}$/);

  const colleague = await browser.newContext();
  const preview = await colleague.newPage();
  const response = await preview.goto(link);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByText('This post is not published yet.')).toBeVisible();
  await expect(preview.getByText('Submit the face-to-face notes with the order.')).toBeVisible();
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

  await page.getByRole('button', { name: /^Revoke the link created / }).click();
  await expect(page.getByText('Preview link revoked')).toBeVisible();
  const revoked = await preview.goto(link);
  expect(revoked?.status()).toBe(404);
  await expect(preview.getByRole('heading', { name: 'Preview unavailable' })).toBeVisible();
  await expect(preview.getByText(/This preview link was revoked/)).toBeVisible();
  await colleague.close();
});

test('an earlier revision of a post is shown as a diff and restored', async ({ page }) => {
  const stamp = Date.now();
  const title = `Revised post ${stamp}`;
  await signInAsAdmin(page);
  await fillPost(page, title, `revised-post-${stamp}`);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Blog post created successfully!')).toBeVisible();

  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await page.getByRole('textbox', { name: /^Description/ }).fill('A bad edit that loses the point.');
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.getByText('Blog post updated successfully!')).toBeVisible();

  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const revisions = page.getByRole('region', { name: 'Revisions' });
  await expect(revisions.getByRole('listitem')).toHaveCount(2);
  await expect(revisions.getByRole('listitem').first()).toContainText('Saved');
  await expect(revisions.getByRole('listitem').first()).toContainText('Description');

  await revisions.getByRole('button', { name: 'View changes' }).first().click();
  const diff = page.getByRole('dialog');
  await expect(diff.locator('del').filter({ hasText: 'Prior' })).toHaveCount(1);
  await expect(diff.locator('ins').filter({ hasText: 'bad' })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(diff).toHaveCount(0);

  await revisions.getByRole('button', { name: /^Restore the version of / }).click();
  await confirmDialog(page, 'Restore this version?', 'Restore', 'The current version is kept as a revision.');
  await expect(page.getByText('Revision restored')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Description/ })).toHaveValue(
    'Prior authorization for power mobility devices.',
  );
  await expect(page.getByRole('region', { name: 'Revisions' }).getByRole('listitem').first()).toContainText('Restored');
});
