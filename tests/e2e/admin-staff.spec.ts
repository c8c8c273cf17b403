import {
  ADMIN_PASSCODE,
  adminSections,
  emailTo,
  verifyLinkIn,
  type APIRequestContext,
  declineCookies,
  expect,
  h1,
  msToNextTotpStep,
  type Page,
  SERVICE_ROLE_KEY,
  signInAsAdmin,
  test,
  totpCode,
  anonKeyOf,
} from './fixtures';

/**
 * Staff accounts (owner, editor, author) against a fresh server: an owner invites someone from
 * /admin/staff and the invitation link opens /auth/welcome (name, password, authenticator);
 * staff sign in with email, password and the authenticator code; each role sees its own
 * screens; deactivating someone ends their session at once; the activity log names who acted.
 * The invitation and reset emails are read from the server's mail catcher (Mailpit's API).
 */

test.beforeEach(({ page }) => declineCookies(page));

const PASSWORD = 'Capped rental month 13 and a KX modifier';

/** The passcode's admin token (simple-auth login), which counts as an owner. */
async function passcodeToken(request: APIRequestContext): Promise<string> {
  const anon = await anonKeyOf(request);
  const answer = await request.post('/functions/v1/simple-auth', {
    headers: { apikey: anon, Authorization: `Bearer ${anon}` },
    data: { action: 'login', passcode: ADMIN_PASSCODE },
  });
  const body = (await answer.json()) as { token?: string };
  expect(body.token, JSON.stringify(body)).toBeTruthy();
  return body.token ?? '';
}

interface Staff {
  id: string;
  email: string;
  name: string;
}

/**
 * A staff member with `role` who can sign in with PASSWORD: invited through staff-invite with the
 * passcode (as an owner does), then given a password and a confirmed address through the admin API.
 */
async function addStaff(request: APIRequestContext, role: string, name: string): Promise<Staff> {
  const anon = await anonKeyOf(request);
  const email = `e2e.${role}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const invited = await request.post('/functions/v1/staff-invite', {
    headers: { apikey: anon, Authorization: `Bearer ${await passcodeToken(request)}` },
    data: { action: 'invite', email, role, display_name: name },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const { user } = (await invited.json()) as { user: { id: string } };
  const updated = await request.put(`/auth/v1/admin/users/${user.id}`, {
    headers: { apikey: anon, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    data: { password: PASSWORD, email_confirm: true },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  return { id: user.id, email, name };
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const staffCard = (page: Page) => page.getByRole('region', { name: 'Sign in with your staff account' });

async function signInAsStaff(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth');
  await staffCard(page)
    .getByLabel(/^Email/)
    .fill(email);
  await staffCard(page)
    .getByLabel(/^Password/)
    .fill(password);
  await staffCard(page).getByRole('button', { name: 'Sign in' }).click();
}

/** Types the authenticator code of `secret` into the code field, in a step not used before. */
async function enterCode(page: Page, secret: string, field = page.getByLabel(/6-digit code/)) {
  await page.waitForTimeout(msToNextTotpStep());
  await field.fill(totpCode(secret));
}

test('an owner invites an editor; the invitation email opens the welcome page: name, password, authenticator', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `e2e.invited.${Date.now()}@example.com`;
  const sent = new Date();

  await signInAsAdmin(page);
  await nav(page).getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(h1(page, 'Staff')).toBeVisible();
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Display name/).fill('Erin Okafor');
  await dialog.getByLabel('Role').selectOption('editor');
  await expect(dialog.getByText(/Publishes posts and edits pages/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Editor');
  await expect(row.getByRole('button', { name: 'Resend invite to Erin Okafor' })).toBeVisible();

  // The invitee, in a browser of their own.
  const context = await browser.newContext({ baseURL });
  const invitee = await context.newPage();
  await declineCookies(invitee);
  const invitation = await emailTo(email, sent);
  expect(invitation.subject).toMatch(/invited/i);
  await invitee.goto(verifyLinkIn(invitation));
  await expect(invitee).toHaveURL(/\/auth\/welcome/);
  await expect(h1(invitee, 'Welcome to ClaimBridge admin')).toBeVisible();
  await expect(invitee.getByLabel(/^Display name/)).toHaveValue('Erin Okafor');
  await invitee.getByLabel(/^New password/).fill(PASSWORD);
  await invitee.getByLabel(/^Confirm new password/).fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Save and continue' }).click();

  await expect(h1(invitee, 'Protect your account')).toBeVisible();
  await invitee.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(invitee.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await invitee.locator('.totp-steps__key code').textContent()) ?? '';
  await enterCode(invitee, secret);
  await invitee.getByRole('button', { name: 'Turn on two-step verification' }).click();

  await expect(invitee).toHaveURL(/\/admin\/blog$/);
  await expect(nav(invitee).getByRole('link', { name: 'Leads' })).toBeVisible();
  await expect(nav(invitee).getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(invitee.getByText('Erin Okafor', { exact: true })).toBeVisible();

  // Their account: two-step verification on, this device listed.
  await nav(invitee).getByRole('link', { name: 'Account' }).click();
  await expect(h1(invitee, 'Your account')).toBeVisible();
  await expect(invitee.getByRole('region', { name: 'Two-step verification' })).toContainText('On');
  await expect(invitee.getByRole('region', { name: 'Where you are signed in' })).toContainText('This device');
  await context.close();

  // The owner sees them active with 2FA on, and the log names who invited them.
  await page.reload();
  await expect(row).toContainText('Active');
  await expect(row.getByRole('cell', { name: 'On', exact: true })).toBeVisible();
  await nav(page).getByRole('link', { name: 'Activity' }).click();
  const invited = page.getByRole('row').filter({ hasText: 'Staff member invited' }).filter({ hasText: email });
  await expect(invited.first()).toContainText('Passcode');
});

test('staff sign in with email and password, then the authenticator code; refusals are readable', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const editor = await addStaff(request, 'editor', 'Dana Ortiz');

  await signInAsStaff(page, editor.email, 'not the password');
  await expect(staffCard(page).getByRole('alert')).toHaveText(/do not match a staff account/);

  await signInAsStaff(page, editor.email);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByText('Signed in as Dana Ortiz.')).toBeVisible();

  // Turn on two-step verification on the Account page.
  await nav(page).getByRole('link', { name: 'Account' }).click();
  const twoStep = page.getByRole('region', { name: 'Two-step verification' });
  await twoStep.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secret = (await twoStep.locator('.totp-steps__key code').textContent()) ?? '';
  await enterCode(page, secret, twoStep.getByLabel(/6-digit code/));
  await twoStep.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(page.getByText('Two-step verification is on', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // The next sign-in asks for the code.
  await signInAsStaff(page, editor.email);
  const code = staffCard(page).getByLabel('Enter the 6-digit code from your authenticator app');
  await expect(code).toBeFocused();
  await code.fill('000000');
  await staffCard(page).getByRole('button', { name: 'Verify' }).click();
  await expect(staffCard(page).getByRole('alert')).toHaveText(/That code did not match/);
  await enterCode(page, secret, code);
  await staffCard(page).getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  // Forgot password answers the same whether or not the address has an account.
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const asked = new Date();
  for (const address of [`nobody.${Date.now()}@example.com`, editor.email]) {
    await page.goto('/auth');
    await staffCard(page).getByRole('button', { name: 'Forgot password?' }).click();
    await staffCard(page)
      .getByLabel(/^Email/)
      .fill(address);
    await staffCard(page).getByRole('button', { name: 'Send reset link' }).click();
    await expect(staffCard(page).getByRole('status')).toHaveText(
      "If that address has a staff account, we've emailed a link to reset the password.",
    );
  }

  // The reset email's link: the authenticator code first (the account has one), then a new password.
  await page.goto(verifyLinkIn(await emailTo(editor.email, asked)));
  await expect(page).toHaveURL(/\/auth\/reset/);
  await expect(h1(page, 'Choose a new password')).toBeVisible();
  await enterCode(page, secret);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^New password/).fill(`${PASSWORD} again`);
  await page.getByLabel(/^Confirm new password/).fill(`${PASSWORD} again`);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
});

test('an author sees Blog Posts, the SEO screens (to read), Media and Account, writes drafts, and has no Publish control', async ({
  page,
  request,
}) => {
  const author = await addStaff(request, 'author', 'Avery Chen');
  await signInAsStaff(page, author.email);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(nav(page).getByRole('link')).toHaveText(adminSections.author);
  await expect(page.getByRole('checkbox', { name: 'Published' })).toHaveCount(0);
  await expect(page.getByRole('note')).toContainText('An editor publishes your post.');

  const title = `Author draft ${Date.now()}`;
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByRole('textbox', { name: /^Web address/ }).fill(`author-draft-${Date.now()}`);
  await page.getByRole('textbox', { name: /^Category/ }).fill('Billing');
  await page.getByRole('textbox', { name: /^Description/ }).fill('Prior authorization before delivery.');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Blog post created successfully!')).toBeVisible();
  const yours = page.getByRole('region', { name: 'Your posts' });
  await expect(yours.getByText(title)).toBeVisible();
  await expect(yours.getByText('Draft', { exact: true })).toBeVisible();

  // The redirects are there to read: nothing to add or change.
  await nav(page).getByRole('link', { name: 'Redirects' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Redirects' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('An editor adds, changes and deletes redirects.');
  await expect(page.getByRole('button', { name: 'Add Redirect' })).toHaveCount(0);

  // A section that is not part of the role says so.
  await page.goto('/admin/leads');
  await expect(page.getByRole('heading', { name: 'This page is not part of your role' })).toBeVisible();
});

test('deactivating someone ends their session at once; they cannot sign in again', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const editor = await addStaff(request, 'editor', 'Lee Park');
  const context = await browser.newContext({ baseURL });
  const theirs = await context.newPage();
  await declineCookies(theirs);
  await signInAsStaff(theirs, editor.email);
  await expect(theirs).toHaveURL(/\/admin\/blog$/);

  await signInAsAdmin(page);
  await page.goto('/admin/staff');
  await page.getByRole('button', { name: 'Deactivate Lee Park' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Lee Park?' });
  await expect(confirm).toContainText('is signed out on every device now');
  await confirm.getByRole('button', { name: 'Deactivate and sign out' }).click();
  await expect(page.getByText('Staff member deactivated', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: editor.email })).toContainText('Deactivated');

  // Their next screen finds the session gone.
  await theirs.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Media' }).click();
  await expect(theirs).toHaveURL(/\/auth$/);
  await signInAsStaff(theirs, editor.email);
  await expect(staffCard(theirs).getByRole('alert')).toHaveText(/deactivated/);
  await context.close();

  // Reactivated, they sign in again.
  await page.getByRole('button', { name: 'Reactivate Lee Park' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('Staff member reactivated', { exact: true })).toBeVisible();
});

test('the whole way: an owner invites an author, who joins with a password and an authenticator, writes drafts an editor publishes, and is refused on the next save once deactivated', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  const watch = (tab: Page) => {
    tab.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${tab.url()}: ${message.text()}`);
    });
    tab.on('pageerror', (error) => errors.push(`${tab.url()}: ${error.message}`));
  };
  watch(page);
  const stamp = Date.now();
  const email = `e2e.journey.author.${stamp}@example.com`;
  const sent = new Date();

  // The owner invites an author.
  await signInAsAdmin(page);
  await page.goto('/admin/staff');
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Display name/).fill('Riley Author');
  await dialog.getByLabel('Role').selectOption('author');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible();

  // The invitation email; the author sets a password and an authenticator.
  const authorContext = await browser.newContext({ baseURL });
  const author = await authorContext.newPage();
  watch(author);
  await declineCookies(author);
  await author.goto(verifyLinkIn(await emailTo(email, sent)));
  await expect(h1(author, 'Welcome to ClaimBridge admin')).toBeVisible();
  await author.getByLabel(/^New password/).fill(PASSWORD);
  await author.getByLabel(/^Confirm new password/).fill(PASSWORD);
  await author.getByRole('button', { name: 'Save and continue' }).click();
  await author.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secret = (await author.locator('.totp-steps__key code').textContent()) ?? '';
  await enterCode(author, secret);
  await author.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(author).toHaveURL(/\/admin\/blog$/);

  // Two drafts; there is no way to publish them.
  await expect(author.getByRole('checkbox', { name: 'Published' })).toHaveCount(0);
  const titles = [`Oxygen recertification checklist ${stamp}`, `Capped rental month 13 ${stamp}`];
  for (const [index, title] of titles.entries()) {
    await author.getByRole('textbox', { name: /^Title/ }).fill(title);
    await author.getByRole('textbox', { name: /^Web address/ }).fill(`journey-${index}-${stamp}`);
    await author.getByRole('textbox', { name: /^Category/ }).fill('Billing');
    await author.getByRole('textbox', { name: /^Description/ }).fill('What a supplier checks before billing.');
    await author.getByRole('button', { name: 'Create Post' }).click();
    await expect(author.getByText('Blog post created successfully!').last()).toBeVisible();
    // The saved post stays open; the next one starts from a new form.
    await author.getByRole('link', { name: 'Write a new post' }).click();
  }
  const yours = author.getByRole('region', { name: 'Your posts' });
  await expect(yours.getByText('Draft', { exact: true })).toHaveCount(2);

  // An editor publishes the first.
  const editor = await addStaff(request, 'editor', 'Morgan Editor');
  const editorContext = await browser.newContext({ baseURL });
  const editorPage = await editorContext.newPage();
  watch(editorPage);
  await declineCookies(editorPage);
  await signInAsStaff(editorPage, editor.email);
  await expect(editorPage).toHaveURL(/\/admin\/blog$/);
  await editorPage.getByRole('button', { name: `Edit ${titles[0]}` }).click();
  await editorPage.getByRole('checkbox', { name: 'Published' }).check();
  await editorPage.getByRole('button', { name: 'Update Post' }).click();
  await expect(editorPage.getByText('Blog post updated successfully!')).toBeVisible();
  await editorContext.close();
  await page.goto(`/blog/journey-0-${stamp}`);
  await expect(page.getByRole('heading', { level: 1, name: titles[0] })).toBeVisible();

  // The author has their second draft open when the owner deactivates them.
  await author.getByRole('button', { name: `Edit ${titles[1]}` }).click();
  await expect(author.getByRole('button', { name: 'Update Post' })).toBeVisible();

  // The owner deactivates the author.
  await page.goto('/admin/staff');
  await page.getByRole('button', { name: 'Deactivate Riley Author' }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate Riley Author?' })
    .getByRole('button', { name: 'Deactivate and sign out' })
    .click();
  await expect(page.getByText('Staff member deactivated', { exact: true })).toBeVisible();
  expect(errors, 'no console errors on the way').toEqual([]);

  // The author's next save, on the page they still have open, is refused.
  await author.getByRole('textbox', { name: /^Description/ }).fill('A change made after the account was deactivated.');
  await author.getByRole('button', { name: 'Update Post' }).click();
  await expect(author.getByText("You don't have permission to do that.", { exact: true })).toBeVisible();
  await authorContext.close();
  const service = { apikey: await anonKeyOf(request), Authorization: `Bearer ${SERVICE_ROLE_KEY}` };
  const stored = await request.get(`/rest/v1/blog_posts?slug=eq.journey-1-${stamp}&select=description`, {
    headers: service,
  });
  expect(await stored.json()).toEqual([{ description: 'What a supplier checks before billing.' }]);
  // The published post leaves the blog the other specs count.
  const removed = await request.delete(`/rest/v1/blog_posts?slug=like.journey-*-${stamp}`, { headers: service });
  expect(removed.status()).toBe(204);
});
