import { createHmac } from 'node:crypto';
import {
  declineCookies,
  expect,
  insertWhitepaperLead,
  type Page,
  signInAsAdmin,
  storedAdminToken,
  test,
  confirmDialog,
} from './fixtures';

/**
 * The admin area (issue 7) against a fresh server: passcode sign-in, the token check on every
 * admin route, blog post create/publish/delete with the rich editor, page SEO add (validation,
 * save, delete), the content editor grid and sign-out. with-server.sh exports the passcode.
 */

test.beforeEach(({ page }) => declineCookies(page));

// with-server.sh starts the server without JWT_SECRET, i.e. on the local demo secret.
const JWT_SECRET = process.env.JWT_SECRET ?? 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The same token with another `exp`, signed again with the project secret. */
function withExpiry(token: string, exp: number): string {
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const body = Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url');
  const signature = createHmac('sha256', JWT_SECRET).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

/** Puts `token` where the admin app keeps its token, as a sign-in would. */
async function storeToken(page: Page, token: string) {
  await page.evaluate((value) => {
    window.localStorage.setItem('admin_token', value);
  }, token);
}

/** The admin area sent the browser to the sign-in card. */
async function expectSignInCard(page: Page) {
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
}

async function signIn(page: Page) {
  await signInAsAdmin(page);
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
}

test.describe('admin sign-in', () => {
  test('the /auth card and a wrong passcode', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await expect(page.getByText('Enter the passcode to access the blog admin')).toBeVisible();
    const passcode = page.getByLabel('Passcode');
    await expect(passcode).toHaveAttribute('type', 'password');
    await expect(passcode).toHaveAttribute('placeholder', 'Enter admin passcode');
    await expect(passcode).toHaveAttribute('required', '');

    await passcode.fill('definitely-not-the-passcode');
    await page.getByRole('button', { name: 'Access Admin' }).click();
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await storedAdminToken(page)).toBeNull();
  });

  test('the right passcode stores the token and opens /admin/blog; /auth then redirects', async ({ page }) => {
    await signIn(page);
    await expect(page.getByText('Welcome!')).toBeVisible();
    expect(await storedAdminToken(page)).toBeTruthy();
    for (const [name, href] of [
      ['Blog Posts', '/admin/blog'],
      ['Webpage Edit', '/admin/content'],
      ['Page SEO', '/admin/pages'],
    ] as const) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/admin\/blog$/);
  });

  for (const path of ['/admin/blog', '/admin/pages', '/admin/content']) {
    test(`${path} without a token lands on /auth`, async ({ page }) => {
      await page.goto(path);
      await expectSignInCard(page);
    });
  }

  test('a garbage token is refused and removed', async ({ page }) => {
    await page.goto('/auth');
    await storeToken(page, 'not-a-real-token');
    await page.goto('/admin/pages');
    await expectSignInCard(page);
    expect(await storedAdminToken(page)).toBeNull();
  });

  test('an expired token is refused and removed', async ({ page }) => {
    await signIn(page);
    const token = await storedAdminToken(page);
    expect(token).toBeTruthy();
    const now = Math.floor(Date.now() / 1000);

    // Control: the re-signed token with a later expiry is accepted, so only `exp` decides below.
    await storeToken(page, withExpiry(token as string, now + 600));
    await page.goto('/admin/pages');
    await expect(page.getByRole('heading', { name: 'Page SEO Management' })).toBeVisible();

    await storeToken(page, withExpiry(token as string, now - 60));
    await page.goto('/admin/pages');
    await expectSignInCard(page);
    expect(await storedAdminToken(page)).toBeNull();
  });

  test('sign out removes the token and goes to /auth', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await storedAdminToken(page)).toBeNull();
  });
});

test.describe('admin blog', () => {
  test('create a published post with bold text, see it listed, delete it', async ({ page }) => {
    const stamp = Date.now();
    const title = `E2E Post ${stamp}`;
    const slug = `e2e-post-${stamp}`;
    await signIn(page);
    await expect(page.getByText('PNG, JPG, WEBP up to 10MB')).toBeVisible();

    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    await page.getByRole('textbox', { name: /^Web address/ }).fill(slug);
    await page.getByRole('textbox', { name: /^Category/ }).fill('Testing');
    await expect(page.getByRole('textbox', { name: /^Read Time/ })).toHaveValue('5');
    await page.getByRole('textbox', { name: /^Description/ }).fill('A post written by the browser tests.');
    await expect(page.getByText('36/160 (recommended 150-160)')).toBeVisible();

    const editor = page.getByRole('textbox', { name: 'Content', exact: true });
    await editor.click();
    await page.keyboard.type('Plain start ');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('bold words');
    await expect(editor.locator('strong')).toHaveText('bold words');

    await page.getByText('SEO Settings').click();
    await page.getByRole('textbox', { name: /^Tags/ }).fill('e2e, testing, ');
    await page.getByRole('checkbox', { name: 'Published' }).check();
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(page.getByText('Blog post created successfully!')).toBeVisible();

    // In the list of posts (a deleted one moves to "Recently deleted", restorable).
    const item = page.getByRole('region', { name: 'Existing Posts' }).getByRole('listitem').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Testing');
    await expect(item).toContainText('5 min');
    await expect(item).toContainText('Published');
    // The saved post stays open, at its own address, which reloads into the form.
    await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue('');

    // Edit loads the post.
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);
    await expect(page.getByRole('button', { name: 'Update Post' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Create Post' })).toBeVisible();

    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await confirmDialog(page, 'Delete this post?', 'Delete post', 'Are you sure you want to delete this post?');
    await expect(page.getByText('Post deleted successfully!')).toBeVisible();
    await expect(item).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Recently deleted' })).toContainText(title);
  });
});

test.describe('admin page SEO and content', () => {
  test('add with validation errors, save, then delete', async ({ page }) => {
    const stamp = Date.now();
    const name = `E2E Page ${stamp}`;
    await signIn(page);
    await page.getByRole('link', { name: 'Page SEO', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Page SEO Management' })).toBeVisible();
    for (const column of ['Page Name', 'Route', 'Meta Title', 'Last Updated', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    }

    await page.getByRole('button', { name: 'Add New Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add or Edit Page SEO Settings' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab')).toHaveText(['Basic', 'Content', 'Image', 'Social', 'Advanced', 'Preview']);

    await dialog.getByLabel('Page Route').fill(`/e2e-page-${stamp}`);
    await dialog.getByLabel('Page Name').fill(name);
    await dialog.getByRole('button', { name: 'Save Page SEO' }).click();
    await expect(page.getByText('Validation Error')).toBeVisible();
    await expect(page.getByText('Meta title is required, Meta description is required')).toBeVisible();

    await dialog.getByLabel('Meta Title').fill('An end-to-end test page title');
    await expect(dialog.getByText('29/60')).toBeVisible();
    await dialog.getByLabel('Meta Description').fill('Meta description of the end-to-end test page.');
    await dialog.getByLabel('Keywords (comma-separated)').fill('one, two, three');

    await dialog.getByRole('tab', { name: 'Preview' }).click();
    // title 15 (29 chars, under 30), description 15, keywords 10 + 5.
    await expect(dialog.getByRole('progressbar', { name: 'SEO score' })).toHaveAttribute('aria-valuenow', '45');
    await expect(dialog.getByText('An end-to-end test page title')).toBeVisible();

    await dialog.getByRole('button', { name: 'Save Page SEO' }).click();
    await expect(page.getByText('Page SEO settings saved successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`/e2e-page-${stamp}`);

    // Delete, undo from the toast (the row comes back as it was), then delete for good.
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByText('Page deleted successfully')).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Page restored')).toBeVisible();
    await expect(row).toBeVisible();
    await expect(row).toContainText('An end-to-end test page title');

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByText('Page deleted successfully').first()).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('the webpage content editor lists pages and opens the editor', async ({ page }) => {
    await signIn(page);
    await page.getByRole('link', { name: 'Webpage Edit', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Webpage Content Editor' })).toBeVisible();
    const firstEdit = page.getByRole('button', { name: /^Edit / }).first();
    await expect(firstEdit).toBeVisible();
    await firstEdit.click();
    await expect(page.getByRole('heading', { name: /^Editing: / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Content' })).toBeVisible();
    await expect(page.locator('.ql-toolbar .ql-video')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Webpage Content Editor' })).toBeVisible();
  });
});

/** A 1x1 PNG. */
const PNG = {
  name: 'pixel.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

test.describe('admin to public', () => {
  test('uploads, an inline image, publish, public visibility, draft hidden', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const stamp = Date.now();
    const title = `E2E Public Post ${stamp}`;
    const slug = `e2e-public-post-${stamp}`;
    await signIn(page);

    // The upload panel: uploaded URL listed, click copies it.
    await page.getByLabel('Image file').setInputFiles(PNG);
    await expect(page.getByText('Image uploaded! Click the URL below to copy it.')).toBeVisible();
    const uploaded = page.getByRole('list', { name: 'Uploaded images' }).getByRole('button');
    await expect(uploaded).toHaveText(/\/storage\/v1\/object\/public\/blog-images\/[0-9a-f-]+\.png$/);
    await uploaded.click();
    await expect(page.getByText('URL copied! Paste it in your blog content.')).toBeVisible();

    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    await page.getByRole('textbox', { name: /^Web address/ }).fill(slug);
    await page.getByRole('textbox', { name: /^Category/ }).fill('Testing');
    await page.getByRole('textbox', { name: /^Description/ }).fill('Public visibility of an admin-made post.');
    const editor = page.getByRole('textbox', { name: 'Content', exact: true });
    await editor.click();
    await page.keyboard.press('Control+B');
    await page.keyboard.type('Bold public text');
    await page.keyboard.press('Control+B');
    await page.keyboard.press('Enter');
    // The image button opens the media library, where a new image is uploaded in place.
    await page.locator('.ql-toolbar .ql-image').click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      picker.getByRole('button', { name: 'Upload image' }).click(),
    ]);
    await chooser.setFiles(PNG);
    await picker.getByRole('textbox', { name: /^Alt text/ }).fill('A one-pixel test image');
    await picker.getByRole('button', { name: 'Use this image' }).click();
    await expect(page.getByText('Image inserted!')).toBeVisible();
    await expect(editor.locator('img')).toHaveAttribute('src', /blog-images\//);
    await expect(editor.locator('img')).toHaveAttribute('alt', 'A one-pixel test image');

    await page.getByRole('checkbox', { name: 'Published' }).check();
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(page.getByText('Blog post created successfully!')).toBeVisible();

    await page.goto('/blog');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'Bold public text' })).toBeVisible();
    await expect(page.locator('main img[src*="blog-images/"]').last()).toBeVisible();

    // Unpublish: the post is hidden publicly.
    await page.goto('/admin/blog');
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('checkbox', { name: 'Published' }).uncheck();
    await page.getByRole('button', { name: 'Update Post' }).click();
    await expect(page.getByText('Blog post updated successfully!')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Draft');
    await page.goto(`/blog/${slug}`);
    await expect(page.getByText('Blog Post Not Found')).toBeVisible();

    await page.goto('/admin/blog');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await confirmDialog(page, 'Delete this post?', 'Delete post');
    await expect(page.getByText('Post deleted successfully!')).toBeVisible();
  });

  test('a page SEO edit changes the public title; a content edit shows on the page', async ({ page }) => {
    const stamp = Date.now();
    await signIn(page);
    await page.goto('/admin/pages');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '/careers', exact: true }) });
    await row.getByRole('button', { name: /^Edit / }).click();
    const dialog = page.getByRole('dialog', { name: 'Add or Edit Page SEO Settings' });
    await expect(dialog.getByLabel('Page Route')).toHaveValue('/careers');
    const metaTitle = `Careers E2E ${stamp}`;
    await dialog.getByLabel('Meta Title').fill(metaTitle);
    await dialog.getByRole('button', { name: 'Save Page SEO' }).click();
    await expect(page.getByText('Page SEO settings saved successfully')).toBeVisible();
    await expect(row).toContainText(metaTitle);

    await page.goto('/careers');
    await expect(page).toHaveTitle(new RegExp(metaTitle));

    await page.goto('/admin/content');
    const card = page.getByRole('listitem').filter({ hasText: '/careers' });
    await card.getByRole('button', { name: /^Edit / }).click();
    await expect(page.getByRole('heading', { name: /^Editing: / })).toBeVisible();
    const editor = page.getByRole('textbox', { name: /^Content of / });
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(`Content marker ${stamp}`);
    await page.getByRole('button', { name: 'Save Content' }).click();
    await expect(page.getByText('Page content saved successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Webpage Content Editor' })).toBeVisible();

    await page.goto('/careers');
    await expect(page.getByRole('region', { name: 'Page content' })).toContainText(`Content marker ${stamp}`);
  });
});

test.describe('admin leads inbox', () => {
  test('a whitepaper lead shows in the inbox, searchable, with a detail view', async ({ page, request }) => {
    const stamp = Date.now();
    const email = `lead-${stamp}@example.com`;
    // The lead is written with the admin token: a visitor's insert needs a lead ticket from
    // antispam-check.
    await signIn(page);
    await insertWhitepaperLead(page, request, {
      company_name: `Lead Co ${stamp}`,
      first_name: 'Lena',
      last_name: 'Lead',
      email,
      phone: '555-0100',
      company_size: '10-50',
      revenue: '7',
      current_challenges: 'Denials',
    });

    await page.getByRole('link', { name: 'Leads', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await page.getByLabel('Search leads').fill(`Lead Co ${stamp}`);
    await expect(page.getByRole('row')).toHaveCount(2);
    await row.getByRole('button', { name: 'View Lena Lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lena Lead' });
    await expect(dialog).toContainText('Denials');
    await dialog.getByRole('button', { name: 'Close' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

test.describe('admin analytics', () => {
  test('page views recorded by the public site show on the dashboard', async ({ page }) => {
    // A public visit records a page view (the analytics feature of the public site); wait for the
    // insert to land before navigating away, or the navigation may cancel it.
    const recorded = page.waitForResponse(
      (response) => response.url().includes('/rest/v1/page_analytics') && response.request().method() === 'POST',
    );
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await recorded).status()).toBe(201);

    await signIn(page);
    await page.getByRole('link', { name: 'Analytics', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The page view is written asynchronously by the public page: reload until it shows.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('cell', { name: '/about', exact: true })).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 20_000 });
    await page.getByLabel('Period').selectOption('7');
    await expect(page.getByRole('heading', { name: 'Browsers' })).toBeVisible();
  });
});
