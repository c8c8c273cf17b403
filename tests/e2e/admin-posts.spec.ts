import { expect, test, type Page } from '@playwright/test';
import { apiKeys, signInAsAdmin, confirmDialog } from './fixtures';

/**
 * The post screen as staff use it (issue 35): a draft saves itself and survives a reload, the
 * list is searched, filtered and paged by the server with its filters in the address, and a
 * deleted post comes back from Recently deleted or is deleted forever.
 */

test.use({ viewport: { width: 1280, height: 900 } });

const list = (page: Page) => page.getByRole('region', { name: 'Existing Posts' });

/** Answers every confirm() of the page with yes. */
function acceptDialogs(page: Page) {
  page.on('dialog', (dialog) => void dialog.accept());
}

test('a new draft saves itself, moves to its own address and is all there after a reload', async ({ page }) => {
  const stamp = Date.now();
  await signInAsAdmin(page);
  const status = page.locator('.post-form__status');
  await expect(status).toHaveText('A new draft: it saves itself as you write.');
  await page.getByRole('textbox', { name: /^Title/ }).fill(`Autosaved oxygen draft ${stamp}`);
  await expect(status).toHaveText('The draft saves itself once it has a description and a category.');
  await page.getByRole('textbox', { name: /^Description/ }).fill('Notes on oxygen recertification at month 12.');
  await page.getByRole('textbox', { name: /^Category/ }).fill('Compliance');
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
  await page.keyboard.type('Recertify before the 36-month cap.');

  // Nobody pressed Create Post: the pause in typing saved it, and the screen is the post's now.
  await expect(status).toHaveText(/^Saved at /, { timeout: 15_000 });
  await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
  // Still the person's new post: Create Post is what they have not pressed yet.
  await expect(page.getByRole('heading', { name: 'Create New Post' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Post' })).toBeVisible();
  // Typing goes on where it was (the form was not reloaded under the cursor).
  await page.keyboard.type(' Then bill again.');
  await expect(status).toHaveText(/^Saved at /, { timeout: 15_000 });
  await expect(status).not.toHaveText(/Unsaved/);

  await page.reload();
  await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue(`Autosaved oxygen draft ${stamp}`);
  await expect(page.getByRole('textbox', { name: /^Web address/ })).toHaveValue(`autosaved-oxygen-draft-${stamp}`);
  await expect(page.locator('.ql-editor')).toHaveText('Recertify before the 36-month cap. Then bill again.');
  await expect(list(page).getByText('Draft', { exact: true }).first()).toBeVisible();

  // Only drafts save themselves: once Published is ticked, nothing goes live until Update Post.
  await page.getByRole('checkbox', { name: 'Published' }).check();
  await page.getByRole('textbox', { name: /^Title/ }).fill(`Not live yet ${stamp}`);
  await expect(status).toHaveText('Unsaved changes: they go on the site when you save.');
  await page.waitForTimeout(4_000);
  const { anon, admin } = await apiKeys(page);
  const stored = await page.request.get(
    `/rest/v1/blog_posts?select=title,published&slug=eq.autosaved-oxygen-draft-${stamp}`,
    { headers: { apikey: anon, Authorization: `Bearer ${admin}` } },
  );
  expect(await stored.json()).toEqual([{ title: `Autosaved oxygen draft ${stamp}`, published: false }]);
  acceptDialogs(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
});

test('the list is searched and filtered by the server, and the view is in the address', async ({ page }) => {
  const stamp = Date.now();
  await signInAsAdmin(page);
  const { anon, admin } = await apiKeys(page);
  const headers = { apikey: anon, Authorization: `Bearer ${admin}`, Prefer: 'return=minimal' };
  // Twenty-five drafts of one category and one live post: more than a page.
  const rows = Array.from({ length: 25 }, (_, index) => ({
    title: `Capped rental ${stamp} part ${index + 1}`,
    slug: `capped-rental-${stamp}-${index + 1}`,
    description: 'Month 13 and the transfer of title.',
    category: `Rentals ${stamp}`,
  }));
  rows.push({
    title: `Live, with a comma (and brackets) ${stamp}`,
    slug: `live-${stamp}`,
    description: 'Published.',
    category: `Rentals ${stamp}`,
  });
  const created = await page.request.post('/rest/v1/blog_posts', { headers, data: rows });
  expect(created.status()).toBe(201);
  await page.request.patch(`/rest/v1/blog_posts?slug=eq.live-${stamp}`, { headers, data: { published: true } });
  await page.reload();

  await list(page).getByRole('combobox', { name: 'Category' }).selectOption(`Rentals ${stamp}`);
  await expect(page).toHaveURL(new RegExp(`category=Rentals`));
  await expect(list(page).getByRole('status')).toHaveText('1–20 of 26');
  await list(page).getByRole('button', { name: 'Older' }).click();
  await expect(list(page).getByRole('status')).toHaveText('21–26 of 26');
  await expect(page).toHaveURL(/page=2/);

  await list(page).getByRole('button', { name: 'Published', exact: true }).click();
  await expect(list(page).getByRole('button', { name: 'Published', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(list(page).getByRole('status')).toHaveText('1–1 of 1');
  await expect(list(page).getByRole('heading', { level: 3 })).toHaveText([
    `Live, with a comma (and brackets) ${stamp}`,
  ]);

  // Commas and brackets are text, not PostgREST syntax.
  await list(page).getByRole('button', { name: 'All posts' }).click();
  await list(page).getByRole('searchbox', { name: 'Search posts' }).fill('comma (and');
  await expect(list(page).getByRole('status')).toHaveText('1–1 of 1');
  await list(page).getByRole('searchbox', { name: 'Search posts' }).fill(`part 7`);
  await expect(list(page).getByRole('heading', { level: 3 })).toHaveText([`Capped rental ${stamp} part 7`]);

  // The view survives a reload, and opening a post keeps it.
  await page.reload();
  await expect(list(page).getByRole('searchbox', { name: 'Search posts' })).toHaveValue('part 7');
  await expect(list(page).getByRole('heading', { level: 3 })).toHaveText([`Capped rental ${stamp} part 7`]);
  await list(page)
    .getByRole('link', { name: `Capped rental ${stamp} part 7` })
    .click();
  await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}\?q=part\+7/);
  await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue(`Capped rental ${stamp} part 7`);

  await list(page).getByRole('button', { name: 'Clear filters' }).click();
  await expect(list(page).getByRole('searchbox', { name: 'Search posts' })).toHaveValue('');
  await expect(list(page).getByRole('button', { name: 'All posts' })).toHaveAttribute('aria-pressed', 'true');

  // The site's published posts are other tests' business: these go again.
  const removed = await page.request.delete(
    `/rest/v1/blog_posts?category=eq.${encodeURIComponent(`Rentals ${stamp}`)}`,
    { headers },
  );
  expect(removed.status()).toBe(204);
});

test('a deleted post comes back from Recently deleted, or is deleted forever', async ({ page }) => {
  const stamp = Date.now();
  await signInAsAdmin(page);
  const { anon, admin } = await apiKeys(page);
  const headers = { apikey: anon, Authorization: `Bearer ${admin}`, Prefer: 'return=minimal' };
  const titles = [`Restore me ${stamp}`, `Gone for good ${stamp}`];
  const created = await page.request.post('/rest/v1/blog_posts', {
    headers,
    data: titles.map((title, index) => ({
      title,
      slug: `deleted-${stamp}-${index}`,
      description: 'A post to delete.',
      category: 'Billing',
    })),
  });
  expect(created.status()).toBe(201);
  await page.reload();

  for (const title of titles) {
    await list(page).getByRole('searchbox', { name: 'Search posts' }).fill(title);
    await list(page)
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    await confirmDialog(page, 'Delete this post?', 'Delete post', title);
    await expect(page.getByText('Post deleted successfully!').last()).toBeVisible();
    // Focus is not lost with the row: the search box has it.
    await expect(list(page).getByRole('searchbox', { name: 'Search posts' })).toBeFocused();
    await expect(list(page).getByRole('status')).toHaveText('No posts');
  }

  const deleted = page.getByRole('region', { name: 'Recently deleted' });
  await deleted.getByText(/^Show the \d+ deleted posts$/).click();
  await deleted.getByRole('button', { name: `Restore ${titles[0]}` }).click();
  await expect(page.getByText('Post restored')).toBeVisible();
  await expect(deleted.getByRole('button', { name: `Restore ${titles[0]}` })).toHaveCount(0);
  await list(page).getByRole('searchbox', { name: 'Search posts' }).fill(titles[0]);
  await expect(list(page).getByRole('heading', { level: 3 })).toHaveText([titles[0]]);

  await deleted.getByRole('button', { name: `Delete ${titles[1]} forever` }).click();
  await confirmDialog(page, 'Delete forever?', 'Delete forever', 'This cannot be undone.');
  await expect(page.getByText('Deleted forever')).toBeVisible();
  await expect(deleted.getByRole('button', { name: `Restore ${titles[1]}` })).toHaveCount(0);
  // Its history is gone from the server, not only from the screen.
  const history = await page.request.get(`/rest/v1/content_revisions?select=id&entity_key=eq.deleted-${stamp}-1`, {
    headers,
  });
  expect(await history.json()).toEqual([]);
});
