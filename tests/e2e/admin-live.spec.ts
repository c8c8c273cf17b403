import type { Browser } from '@playwright/test';
import {
  apiKeys,
  type APIRequestContext,
  declineCookies,
  expect,
  expectAxeClean,
  expectNoHorizontalScroll,
  insertWhitepaperLead,
  type Locator,
  type Page,
  relayLeadWithoutCaptcha,
  SERVICE_ROLE_KEY,
  signInAsAdmin,
  test,
  anonKeyOf,
} from './fixtures';

/**
 * The admin, live (Supabase Realtime at /realtime/v1): two staff members with the same post or
 * page open see each other's names (presence on the private `admin:post:{id}` and
 * `admin:page:{route}` channels), once each however many tabs they have, until they leave; the
 * leads inbox gains a lead sent through the contact form without a reload, with a toast, and a
 * lead the relay flags as spam never toasts. with-server.sh exports the passcode.
 */

test.beforeEach(({ page }) => declineCookies(page));

const PASSWORD = 'Capped rental month 13 and a KX modifier';

/**
 * An editor called `name` who signs in with PASSWORD: invited through staff-invite with the
 * passcode's token (`admin`, as an owner does), then given a password and a confirmed address
 * through the admin API.
 */
async function addEditor(request: APIRequestContext, admin: string, name: string): Promise<string> {
  const anon = await anonKeyOf(request);
  const email = `e2e.live.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const invited = await request.post('/functions/v1/staff-invite', {
    headers: { apikey: anon, Authorization: `Bearer ${admin}` },
    data: { action: 'invite', email, role: 'editor', display_name: name },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const { user } = (await invited.json()) as { user: { id: string } };
  const updated = await request.put(`/auth/v1/admin/users/${user.id}`, {
    headers: { apikey: anon, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    data: { password: PASSWORD, email_confirm: true },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  return email;
}

/** A browser of its own (another person), signed in with the editor's email and password. */
async function editorBrowser(browser: Browser, baseURL: string | undefined, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await declineCookies(page);
  await page.goto('/auth');
  const card = page.getByRole('region', { name: 'Sign in with your staff account' });
  await card.getByLabel(/^Email/).fill(email);
  await card.getByLabel(/^Password/).fill(PASSWORD);
  await card.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  return page;
}

const shots = process.env.ADMIN_SCREENSHOTS;
/** `ADMIN_SCREENSHOTS=dir` also saves what the test saw (as admin-shell.spec.ts does). */
async function photograph(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
}

/** The "Also editing" live region of the screen. */
const alsoEditing = (within: Page | Locator) => within.getByRole('status').filter({ hasText: 'Also editing:' });

test('two staff members with the same post open see each other, once each, until one leaves', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const editorName = `Rowan Ellis ${stamp}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const { anon, admin } = await apiKeys(page);
  const created = await request.post('/rest/v1/blog_posts', {
    headers: { apikey: anon, Authorization: `Bearer ${admin}`, Prefer: 'return=representation' },
    data: {
      title: `Oxygen recertification ${stamp}`,
      slug: `oxygen-recertification-${stamp}`,
      description: 'Month 12 and the new CMN.',
      category: 'Compliance',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [{ id }] = (await created.json()) as { id: string }[];
  const email = await addEditor(request, admin, editorName);

  // Alone: nothing shows.
  await page.goto(`/admin/blog/${id}`);
  await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible();
  await expect(alsoEditing(page)).toHaveCount(0);

  const theirs = await editorBrowser(browser, baseURL, email);
  await theirs.goto(`/admin/blog/${id}`);
  await expect(theirs.getByRole('heading', { name: 'Edit Post' })).toBeVisible();

  // Each sees the other (the passcode is named as the admin names it), not themselves.
  await expect(alsoEditing(page)).toHaveText(new RegExp(`^Also editing:\\s*RE${editorName}$`));
  await expect(alsoEditing(theirs).getByRole('listitem')).toHaveText(['PPasscode']);
  await expect(alsoEditing(theirs)).not.toContainText(editorName);

  // The chips fit a phone and a desktop, beside the save status, and pass axe.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await alsoEditing(page).scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    const chip = alsoEditing(page).getByRole('listitem');
    const [chipBox, statusBox] = [await chip.boundingBox(), await page.locator('.post-form__status').boundingBox()];
    expect(chipBox && statusBox && chipBox.x + chipBox.width <= statusBox.x + statusBox.width + 1).toBe(true);
    await photograph(page, `live-post-presence-${width}`);
  }
  await expectAxeClean(page, '.post-form__side');

  // Their second tab on the same post: still one Rowan Ellis; in it, only the passcode.
  const theirSecondTab = await theirs.context().newPage();
  await theirSecondTab.goto(`/admin/blog/${id}`);
  await expect(alsoEditing(theirSecondTab).getByRole('listitem')).toHaveText(['PPasscode']);
  await expect(alsoEditing(page).getByRole('listitem')).toHaveText([`RE${editorName}`]);

  // One of their tabs leaves the post (for a new one): they still have it open in the other.
  await theirSecondTab.goto('/admin/blog');
  await expect(alsoEditing(theirSecondTab)).toHaveCount(0);
  await expect(alsoEditing(page).getByRole('listitem')).toHaveText([`RE${editorName}`]);
  await theirSecondTab.goto(`/admin/blog/${id}`);
  await expect(alsoEditing(theirSecondTab).getByRole('listitem')).toHaveText(['PPasscode']);
  await expect(alsoEditing(page).getByRole('listitem')).toHaveText([`RE${editorName}`]);

  // They close their browser, both tabs on the post: their name goes.
  await theirs.context().close();
  await expect(alsoEditing(page)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: editorName })).toHaveCount(0);
});

test('the page content editor and the page SEO dialog show who else has the same page open', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const editorName = `Mira Chen ${stamp}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const { admin } = await apiKeys(page);
  const email = await addEditor(request, admin, editorName);

  await page.goto('/admin/content');
  const firstCard = page.locator('.admin-page-card').first();
  const pageName = (await firstCard.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await firstCard.getByRole('button', { name: `Edit ${pageName}` }).click();
  await expect(page.getByRole('heading', { name: `Editing: ${pageName}` })).toBeVisible();

  const theirs = await editorBrowser(browser, baseURL, email);
  await theirs.goto('/admin/pages');
  await theirs
    .getByRole('row')
    .filter({ hasText: pageName })
    .first()
    .getByRole('button', { name: `Edit ${pageName}` })
    .click();
  const dialog = theirs.getByRole('dialog', { name: 'Add or Edit Page SEO Settings' });
  await expect(dialog).toBeVisible();

  await expect(alsoEditing(dialog).getByRole('listitem')).toHaveText(['PPasscode']);
  await expect(alsoEditing(page).getByRole('listitem')).toHaveText([`MC${editorName}`]);
  await photograph(page, 'live-page-content-1280');
  await photograph(theirs, 'live-page-seo-dialog-1280');

  // Closing the dialog leaves the page's channel.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(alsoEditing(page)).toHaveCount(0);
  await theirs.context().close();
});

/** A contact lead as a visitor sends it, in a browser of its own: the dialog, the captcha solved, Let's Connect. */
async function sendContactLead(browser: Browser, baseURL: string | undefined, stamp: number): Promise<void> {
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await declineCookies(visitor);
  await visitor.goto('/contact');
  await visitor.getByRole('button', { name: 'Connect with us' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Connect with us' });
  const answers: [string, string][] = [
    ['Company name', `Riverside Respiratory ${stamp}`],
    ['Your name', `Dana Live ${stamp}`],
    ['Work email', `dana-live-${stamp}@riverside.example`],
    ['Phone', '(615) 555-0142'],
    ['How can we help?', 'Oxygen claims keep coming back for missing CMNs.'],
    ['How many users?', '5-10'],
    ['Years in business', '9'],
    ['Claims per month', '900'],
    ['Current software', 'Spreadsheets'],
    ['Tell us about your products', 'Oxygen concentrators'],
  ];
  for (const [label, value] of answers) await dialog.getByLabel(label, { exact: true }).fill(value);
  const button = dialog.getByRole('button', { name: "Let's Connect" });
  await expect(button).toBeEnabled({ timeout: 20_000 });
  await visitor.waitForTimeout(3100); // the form refuses a submit within 3 s of opening
  const stored = visitor.waitForResponse(
    (response) => response.url().includes('/functions/v1/lead-relay') && response.request().method() === 'POST',
  );
  await button.click();
  expect((await stored).status()).toBe(202);
  await context.close();
}

test('the leads inbox gains a new lead live, with a toast; a spam lead never toasts', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const botEmail = `bot-live-${stamp}@spam.example`;
  await signInAsAdmin(page);

  // The inbox's socket: joined to its private channel before any lead is sent.
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/realtime/v1/websocket'));
  await page.getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
  const frames: string[] = [];
  const ws = await socket;
  ws.on('framereceived', ({ payload }) => frames.push(String(payload)));
  await expect
    .poll(() => frames.some((frame) => frame.includes('realtime:admin:leads') && frame.includes('"ok"')))
    .toBe(true);
  await expect(page.locator('.leads-count')).toBeVisible();
  // The same document throughout (no reload): a mark on it stays.
  await page.evaluate(() => document.documentElement.setAttribute('data-e2e-live', String(1)));

  await sendContactLead(browser, baseURL, stamp);

  const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(toasts.getByText(`New lead from Dana Live ${stamp}`, { exact: true })).toBeVisible();
  await expect(toasts.getByText(`Riverside Respiratory ${stamp} · dana-live-${stamp}@riverside.example`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `dana-live-${stamp}@riverside.example` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-e2e-live', '1');

  // A lead posted without a captcha reaches the inbox's channel, flagged as spam: no toast, not in the Inbox.
  await relayLeadWithoutCaptcha(request, stamp, botEmail);
  await expect.poll(() => frames.some((frame) => frame.includes(botEmail))).toBe(true);
  await page.waitForTimeout(500);
  await expect(toasts.getByText(/Bot Botson/)).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: botEmail })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Spam' }).click();
  await expect(page.getByRole('row').filter({ hasText: botEmail })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-e2e-live', '1');
});

test('without the realtime socket the inbox and the editors are as they were: no chips, no toasts, no errors', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  // Every realtime socket of the page is refused (as behind a proxy without WebSockets).
  await page.routeWebSocket(/\/realtime\/v1\//, (ws) => {
    void ws.close({ code: 1011, reason: 'unavailable' });
  });
  await signInAsAdmin(page);
  await insertWhitepaperLead(page, request, {
    company_name: `Offline Mobility ${stamp}`,
    first_name: 'Ora',
    last_name: 'Quiet',
    email: `ora-${stamp}@offline.example`,
    phone: '555-0101',
    company_size: '1-5',
    revenue: '3',
    current_challenges: 'None',
  });
  await page.getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: `ora-${stamp}@offline.example` })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByText(/New lead/)).toHaveCount(0);

  const { anon, admin } = await apiKeys(page);
  const created = await request.post('/rest/v1/blog_posts', {
    headers: { apikey: anon, Authorization: `Bearer ${admin}`, Prefer: 'return=representation' },
    data: { title: `Offline ${stamp}`, slug: `offline-${stamp}`, description: 'No socket.', category: 'Billing' },
  });
  const [{ id }] = (await created.json()) as { id: string }[];
  await page.goto(`/admin/blog/${id}`);
  await expect(page.locator('.post-form__status')).toHaveText('No unsaved changes.');
  await page.waitForTimeout(1500);
  await expect(alsoEditing(page)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
