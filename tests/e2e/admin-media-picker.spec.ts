import {
  apiKeys,
  declineCookies,
  expect,
  type Locator,
  type Page,
  signInAsAdmin,
  test,
  expectAxeClean,
  horizontalOverflow,
} from './fixtures';

/**
 * The media picker wherever an image goes (issue 35), against a fresh server: from Page SEO's
 * Image tab an image is uploaded in place, described (alt text is required) and used: its URL
 * and alt text fill the spec's fields, and the library keeps its file name and alt text; in the
 * Webpage Content editor the image button opens the picker and the chosen image is inserted with
 * its alt text. The open picker is axe clean at 1280 and 375 px, without sideways scrolling.
 */

test.beforeEach(({ page }) => declineCookies(page));

/** A 6 × 4 RGB PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAYAAAAECAIAAAAiZtkUAAAAPElEQVR4nA3IQQEAMAgDscpBBCKQUyX3RkRFIGvLM5IoMcJixQmpqWYaN9tc/zJlxtisOf8KFSY4bLjwABCwH+Ff0QADAAAAAElFTkSuQmCC',
  'base64',
);

const PUBLIC_IMAGE = /\/storage\/v1\/object\/public\/blog-images\/([0-9a-f-]{36}\.png)$/;

/** Opens Page SEO > Add New Page (signed in). */
async function openNewPageSeo(page: Page): Promise<Locator> {
  await page.goto('/admin/pages');
  await expect(page.getByRole('heading', { level: 1, name: 'Page SEO Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Add New Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add or Edit Page SEO Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Opens the picker from the Page SEO dialog's Image tab. */
async function openFeaturedImagePicker(page: Page): Promise<Locator> {
  const seo = await openNewPageSeo(page);
  await seo.getByRole('tab', { name: 'Image' }).click();
  await seo.getByRole('button', { name: 'Choose image for Featured Image' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('searchbox', { name: 'Search images' })).toBeFocused();
  return picker;
}

/** Stores an image in the library as an upload would: the bytes, then its file name and alt text. */
async function libraryImage(page: Page, originalName: string, altText: string): Promise<string> {
  const { anon, admin } = await apiKeys(page);
  const headers = { apikey: anon, Authorization: `Bearer ${admin}` };
  const name = `${crypto.randomUUID()}.png`;
  const uploaded = await page.request.post(`/storage/v1/object/blog-images/${name}`, {
    headers: { ...headers, 'Content-Type': 'image/png' },
    data: PNG,
  });
  expect(uploaded.status()).toBe(200);
  const described = await page.request.post('/rest/v1/media_assets', {
    headers: { ...headers, 'Content-Type': 'application/json' },
    data: { object_name: name, original_name: originalName, alt_text: altText, width: 6, height: 4 },
  });
  expect(described.status()).toBe(201);
  return name;
}

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Page SEO: upload in place, alt text required, the URL and alt text filled', async ({ page }) => {
    const fileName = `featured-${Date.now()}.png`;
    await signInAsAdmin(page);
    const picker = await openFeaturedImagePicker(page);
    await expect(picker.getByText('PNG, JPG, WEBP up to 10MB')).toBeVisible();
    await expect(picker.getByRole('button', { name: 'Use this image' })).toBeDisabled();
    await expectAxeClean(page, '.media-picker');

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      picker.getByRole('button', { name: 'Upload image' }).click(),
    ]);
    await chooser.setFiles({ name: fileName, mimeType: 'image/png', buffer: PNG });
    await expect(picker.getByRole('status').filter({ hasText: `${fileName} is uploaded and selected.` })).toBeVisible();
    const alt = picker.getByRole('textbox', { name: /^Alt text/ });
    await expect(alt).toBeFocused();
    await expect(alt).toHaveValue('');
    // Listed by its file name, selected; "Use this image" waits for alt text.
    await expect(picker.getByRole('radio', { name: new RegExp(`^${fileName}`) })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(picker.getByRole('button', { name: 'Use this image' })).toBeDisabled();
    await expect(picker.getByText('Add alt text to use this image.')).toBeVisible();
    await expectAxeClean(page, '.media-picker');

    await alt.fill('Denied oxygen claims by month');
    await picker.getByRole('button', { name: 'Use this image' }).click();
    await expect(picker).toHaveCount(0);

    const seo = page.getByRole('dialog', { name: 'Add or Edit Page SEO Settings' });
    const url = seo.getByRole('textbox', { name: 'Featured Image URL' });
    await expect(url).toHaveValue(PUBLIC_IMAGE);
    await expect(seo.getByRole('textbox', { name: 'Featured Image Alt Text' })).toHaveValue(
      'Denied oxygen claims by month',
    );
    await expect(seo.getByRole('button', { name: 'Choose image for Featured Image' })).toBeFocused();
    const preview = seo.locator('.media-picker-field__preview img');
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);

    // The library keeps the file name and the alt text with the image.
    const name = PUBLIC_IMAGE.exec(await url.inputValue())?.[1] ?? '';
    const { anon, admin } = await apiKeys(page);
    const rows = await page.request.get(
      `/rest/v1/media_assets?object_name=eq.${name}&select=original_name,alt_text,width,height`,
      { headers: { apikey: anon, Authorization: `Bearer ${admin}` } },
    );
    expect(await rows.json()).toEqual([
      { original_name: fileName, alt_text: 'Denied oxygen claims by month', width: 6, height: 4 },
    ]);

    // Opened again, it finds the image by its alt text, and it is the one selected.
    await seo.getByRole('button', { name: 'Choose image for Featured Image' }).click();
    await page.getByRole('searchbox', { name: 'Search images' }).fill('oxygen claims by month');
    const again = page.getByRole('dialog', { name: 'Choose an image' });
    await expect(again.getByRole('radio')).toHaveCount(1);
    await expect(again.getByRole('radio')).toHaveAttribute('aria-checked', 'true');
    await expect(again.getByRole('status')).toContainText('matches “oxygen claims by month”');

    // Escape closes the picker only; the Page SEO dialog stays, its fields unchanged.
    await page.keyboard.press('Escape');
    await expect(again).toHaveCount(0);
    await expect(seo).toBeVisible();
    await expect(seo.getByRole('button', { name: 'Choose image for Featured Image' })).toBeFocused();
  });

  test('Social tab: the OG image is chosen from the library by keyboard', async ({ page }) => {
    await signInAsAdmin(page);
    const fileName = `og-card-${Date.now()}.png`;
    const name = await libraryImage(page, fileName, 'ClaimBridge billing dashboard');
    const seo = await openNewPageSeo(page);
    await seo.getByRole('tab', { name: 'Social' }).click();
    await seo.getByRole('button', { name: 'Choose image for OG Image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await page.keyboard.type(fileName);
    await expect(picker.getByRole('radio')).toHaveCount(1);
    await page.keyboard.press('Tab'); // the Upload image button
    await page.keyboard.press('Tab'); // the grid's one tab stop
    await expect(picker.getByRole('radio')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(picker.getByRole('textbox', { name: /^Alt text/ })).toHaveValue('ClaimBridge billing dashboard');
    await picker.getByRole('button', { name: 'Use this image' }).click();
    await expect(seo.getByRole('textbox', { name: 'OG Image URL' })).toHaveValue(
      new RegExp(`/storage/v1/object/public/blog-images/${name}$`),
    );
    // The Twitter image has its own button and is left as it was.
    await seo.getByText('Twitter Card', { exact: true }).click();
    await expect(seo.getByRole('textbox', { name: 'Twitter Image URL' })).toHaveValue('');
    await expect(seo.getByRole('button', { name: 'Choose image for Twitter Image' })).toBeVisible();
  });

  test('Webpage Content: the image button inserts the chosen image with its alt text', async ({ page }) => {
    await signInAsAdmin(page);
    const fileName = `content-${Date.now()}.png`;
    const name = await libraryImage(page, fileName, 'Claim turnaround chart');
    await page.goto('/admin/content');
    await expect(page.getByRole('heading', { level: 1, name: 'Webpage Content Editor' })).toBeVisible();
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const editor = page.locator('.ql-editor');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');

    await page.locator('.ql-toolbar .ql-image').click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await expect(picker).toBeVisible();
    await picker.getByRole('searchbox', { name: 'Search images' }).fill(fileName);
    await picker.getByRole('radio', { name: new RegExp(`^${fileName}`) }).click();
    await expect(picker.getByRole('textbox', { name: /^Alt text/ })).toHaveValue('Claim turnaround chart');
    await picker.getByRole('button', { name: 'Use this image' }).click();
    await expect(picker).toHaveCount(0);

    const inserted = editor.locator(`img[src$="/blog-images/${name}"]`);
    await expect(inserted).toHaveAttribute('alt', 'Claim turnaround chart');
    await expect(editor).toBeFocused();
    // Left unsaved: the seeded pages stay as other specs expect them.
    await page.getByRole('button', { name: 'Cancel' }).click();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the open picker is axe clean and does not scroll sideways', async ({ page }) => {
    await signInAsAdmin(page);
    await libraryImage(
      page,
      `phone-${Date.now()}-with-a-rather-long-file-name-for-a-small-screen.png`,
      'A narrow test',
    );
    await page.goto('/admin/content');
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await page.locator('.ql-toolbar .ql-image').click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByRole('radio').first().click();
    await expect(picker.getByRole('textbox', { name: /^Alt text/ })).toBeVisible();
    await expectAxeClean(page, '.media-picker');
    const overflow = await horizontalOverflow(page);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await picker.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth)).toBeLessThanOrEqual(0);
  });
});
