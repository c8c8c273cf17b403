import { apiKeys, declineCookies, expect, type Page, signInAsAdmin, storedAdminToken, test } from './fixtures';

/**
 * The audit log (/admin/activity): a wrong passcode, a sign-in, a post created and saved, and a
 * sign-out, as the page words them, with the session, address and browser; filtered by action
 * and by date. The server is shared with the other specs, so rows are found by what only this
 * test wrote (its post's title, its session).
 */

test.beforeEach(({ page }) => declineCookies(page));

/** The first 8 characters of the stored admin token's session id (what the log shows). */
async function sessionShort(page: Page): Promise<string> {
  const token = await storedAdminToken(page);
  expect(token).toBeTruthy();
  const claims = JSON.parse(Buffer.from((token ?? '').split('.')[1], 'base64url').toString('utf8')) as {
    session_id: string;
  };
  return claims.session_id.slice(0, 8);
}

/** yyyy-mm-dd of today plus `days`, in the browser's (and this machine's) time zone. */
function localDate(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

test('sign-ins and saves show on /admin/activity with their wording, filterable by action and date', async ({
  page,
}) => {
  const stamp = Date.now();
  const title = `Activity E2E ${stamp}`;
  const renamed = `${title} (edited)`;

  // A wrong passcode first: it is logged too.
  await page.goto('/auth');
  await page.getByLabel('Passcode').fill(`wrong-${stamp}`);
  await page.getByRole('button', { name: 'Access Admin' }).click();
  await expect(page.getByText('Access Denied')).toBeVisible();

  await signInAsAdmin(page);
  const session = await sessionShort(page);

  // Create a draft post, then save it again with another title.
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByRole('textbox', { name: /^Web address/ }).fill(`activity-e2e-${stamp}`);
  await page.getByRole('textbox', { name: /^Category/ }).fill('Testing');
  await page.getByRole('textbox', { name: /^Description/ }).fill('A post the audit log test writes.');
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
  await page.keyboard.type('Audit log test content');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Blog post created successfully!')).toBeVisible();
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await page.getByRole('textbox', { name: /^Title/ }).fill(renamed);
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.getByText('Blog post updated successfully!')).toBeVisible();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  const log = page.getByRole('table', { name: 'Admin activity, newest first' });
  await expect(log).toBeVisible();

  // The save, newest first above the create; both name the post and link to the blog admin.
  const postRows = log.getByRole('row').filter({ hasText: title });
  await expect(postRows).toHaveCount(2);
  const saved = postRows.nth(0);
  // Columns: When, Who, What, Item, Session, IP address, Browser. The passcode did it all.
  await expect(saved.getByRole('cell').nth(1)).toHaveText('Passcode');
  await expect(saved.getByRole('cell').nth(2)).toHaveText('Saved');
  await expect(saved).toContainText('Blog post');
  await expect(saved.getByRole('link', { name: renamed })).toHaveAttribute('href', '/admin/blog');
  await expect(saved).toContainText(session);
  await expect(postRows.nth(1).getByRole('cell').nth(2)).toHaveText('Created');
  await expect(postRows.nth(1).getByRole('link', { name: title, exact: true })).toBeVisible();

  // The sign-in of this session: wording, session, the server's view of the address, the browser.
  const signedIn = log.getByRole('row').filter({ hasText: 'Signed in' }).filter({ hasText: session });
  await expect(signedIn).toHaveCount(1);
  await expect(signedIn).toContainText('Sign-in');
  await expect(signedIn.getByRole('cell').nth(1)).toHaveText('Passcode');
  await expect(signedIn.getByRole('cell').nth(5)).toHaveText(/^(127\.0\.0\.1|::1)$/);
  await expect(signedIn.getByRole('cell').nth(6)).toHaveText(/^Chrome \d+ on Linux$/);
  const agent = await page.evaluate(() => navigator.userAgent);
  await expect(signedIn.getByRole('cell').nth(6).locator('span')).toHaveAttribute('title', agent);
  // The wrong passcode before it.
  await expect(log.getByRole('row').filter({ hasText: 'Wrong passcode' }).first()).toBeVisible();

  // Filter: sign-ins only.
  const action = page.getByLabel('Action', { exact: true });
  await expect(action.locator('option', { hasText: 'Signed in' })).toHaveCount(1);
  await action.selectOption({ label: 'Signed in' });
  await expect(page).toHaveURL(/[?&]action=sign_in(&|$)/);
  await expect(postRows).toHaveCount(0);
  await expect(signedIn).toHaveCount(1);
  const whats = await log.getByRole('row').locator('td:nth-child(3)').allTextContents();
  expect(whats.length).toBeGreaterThan(0);
  expect(new Set(whats)).toEqual(new Set(['Signed in']));
  // Saves only: this test's save, no sign-in.
  await action.selectOption({ label: 'Saved' });
  await expect(postRows).toHaveCount(1);
  await expect(signedIn).toHaveCount(0);

  // Dates: tomorrow onwards holds nothing yet; an end before the start is refused.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(postRows).toHaveCount(2);
  await page.getByLabel('From', { exact: true }).fill(localDate(1));
  await expect(page.getByText('No activity matches these filters.')).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill(localDate(0));
  await expect(page.getByRole('alert').filter({ hasText: 'The start date is after the end date.' })).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(localDate(0));
  await expect(postRows).toHaveCount(2);

  // Reloading keeps the filters (they are in the URL).
  await page.reload();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(localDate(0));
  await expect(postRows).toHaveCount(2);

  // Signing out is logged with the session it ends.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signInAsAdmin(page);
  await page.goto('/admin/activity?action=sign_out');
  await expect(
    page.getByRole('table', { name: 'Admin activity, newest first' }).getByRole('row').filter({ hasText: session }),
  ).toContainText('Signed out');
});

test('the log pages 50 at a time with Load more', async ({ page, request }) => {
  await signInAsAdmin(page);
  // 60 entries through the API the admin app reports exports with.
  const { anon, admin } = await apiKeys(page);
  const stamp = Date.now();
  for (let i = 0; i < 60; i++) {
    const response = await request.post('/rest/v1/rpc/log_admin_activity', {
      headers: { apikey: anon, authorization: `Bearer ${admin}` },
      data: { action: 'export', entity: 'leads', summary: `Paging E2E ${stamp} #${i}` },
    });
    expect(response.ok()).toBe(true);
  }
  await page.goto('/admin/activity?action=export');
  const rows = page.getByRole('table', { name: 'Admin activity, newest first' }).locator('tbody tr');
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText(`Paging E2E ${stamp} #59`);
  await expect(rows.first()).toContainText('Exported');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows.filter({ hasText: `Paging E2E ${stamp} #0` })).toHaveCount(1);
  // No entry twice, newest first throughout.
  const names = (await rows.allTextContents()).filter((text) => text.includes(`Paging E2E ${stamp}`));
  expect(names).toHaveLength(60);
  expect(new Set(names).size).toBe(60);
});
