import { deflateSync } from 'node:zlib';
import {
  type APIRequestContext,
  apiKeys as keys,
  declineCookies,
  dropFile,
  expect,
  type Locator,
  openAdminSection,
  type Page,
  test,
} from './fixtures';

/**
 * /admin/media (issue 22) against a fresh server: an image generated here is dropped on the
 * upload zone (progress shown), listed with its thumbnail, size and measured dimensions; its alt
 * text is saved and kept; Copy URL puts its public URL on the clipboard; once a post refers to
 * it the library says where, and deleting it needs "Delete anyway"; a second image, chosen with
 * the keyboard through the file button, is unused and deleted: gone from the grid and storage.
 */

test.beforeEach(({ page }) => declineCookies(page));

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of width x height: a diagonal gradient (so it compresses to a few hundred bytes). */
function png(width: number, height: number, tint: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      rows.set([(x * 6) & 255, (y * 8) & 255, tint], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What the library shows for a size in bytes (media-format.ts formatFileSize). */
function shownSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  return `${kb >= 9.95 ? kb.toFixed(0) : kb.toFixed(1)} KB`;
}

const signIn = (page: Page) => openAdminSection(page, 'Media', /\/admin\/media$/, 'Media Library');

/** The card of the image with these dimensions (the test's images have sizes nothing else has). */
const cardOf = (page: Page, dimensions: string) =>
  page.getByRole('list', { name: 'Images' }).getByRole('listitem').filter({ hasText: dimensions });

/** The storage name of a card's image (the card shows its file name): from its thumbnail's address. */
async function storageName(card: Locator): Promise<string> {
  const src = (await card.locator('img').getAttribute('src')) ?? '';
  return decodeURIComponent(/\/blog-images\/([^?]+)/.exec(src)?.[1] ?? '');
}

async function activity(request: APIRequestContext, anon: string, admin: string, name: string) {
  const response = await request.get(
    `/rest/v1/admin_activity?entity=eq.media&entity_id=eq.${encodeURIComponent(name)}&select=action,summary&order=id`,
    { headers: { apikey: anon, Authorization: `Bearer ${admin}` } },
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as { action: string; summary: string }[];
}

test.describe('admin media library', () => {
  test('upload, alt text, copy URL, usage, delete', async ({ page, request, context, baseURL }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL ?? '').origin });
    const stamp = Date.now();
    const first = png(41, 29, 120);
    const second = png(37, 23, 200);
    await signIn(page);
    const { anon, admin } = await keys(page);

    // Dropped on the zone; the upload is held a moment so its progress bar can be seen.
    await page.route('**/storage/v1/object/blog-images/**', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.fallback();
    });
    await dropFile(
      page.getByTestId('media-drop-zone'),
      { name: 'denial-trend.png', type: 'image/png', bytes: first },
      /admin-drop--active/,
    );
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Uploading denial-trend.png' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose images' })).toBeDisabled();
    await expect(page.getByText('Image uploaded!', { exact: true })).toBeVisible();
    await expect(page.getByText('denial-trend.png is in the library, 41 × 29 px. Copy its URL below.')).toBeVisible();
    await page.unroute('**/storage/v1/object/blog-images/**');

    // In the grid under its file name (stored under a random name with the original extension),
    // with its size, dimensions, date, unused.
    const card = cardOf(page, '41 × 29 px');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText('denial-trend.png');
    const name = await storageName(card);
    expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
    await expect(card).toContainText(shownSize(first.length));
    await expect(card).toContainText(String(new Date().getFullYear()));
    await expect(card.getByText('Not used', { exact: true })).toBeVisible();
    // The thumbnail comes from the image transformation endpoint, and loads.
    const thumbnail = card.locator('img');
    await expect(thumbnail).toHaveAttribute(
      'src',
      new RegExp(`/storage/v1/render/image/public/blog-images/${name}\\?width=320&height=240`),
    );
    await expect(thumbnail).toHaveAttribute('loading', 'lazy');
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    const publicUrl = `${new URL(baseURL ?? '').origin}/storage/v1/object/public/blog-images/${name}`;
    const stored = await request.get(publicUrl);
    expect(stored.status()).toBe(200);
    expect(Buffer.from(await stored.body()).equals(first)).toBe(true);

    // Alt text: saved with the image, still there after a reload.
    const alt = card.getByRole('textbox', { name: 'Alt text' });
    await alt.fill('Denials by payer, last 12 months');
    await card.getByRole('button', { name: 'Save alt text of denial-trend.png' }).click();
    await expect(page.getByText('Alt text saved', { exact: true })).toBeVisible();
    await page.reload();
    await expect(cardOf(page, '41 × 29 px').getByRole('textbox', { name: 'Alt text' })).toHaveValue(
      'Denials by payer, last 12 months',
    );
    await expect(
      cardOf(page, '41 × 29 px').getByRole('img', { name: 'Denials by payer, last 12 months' }),
    ).toBeVisible();

    // Copy URL: the public URL on the clipboard.
    await cardOf(page, '41 × 29 px').getByRole('button', { name: 'Copy URL of denial-trend.png' }).click();
    await expect(page.getByText('URL copied!', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicUrl);

    // A draft post uses it: the library says where, and deleting it asks for "Delete anyway".
    const title = `E2E Oxygen denials ${stamp}`;
    const created = await request.post('/rest/v1/blog_posts', {
      headers: { apikey: anon, Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      data: {
        title,
        slug: `e2e-oxygen-denials-${stamp}`,
        description: 'Where oxygen claims are denied.',
        category: 'Billing',
        content: `<p>Trend:</p><p><img src="${publicUrl}" alt="Denials by payer"></p>`,
      },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    const used = cardOf(page, '41 × 29 px');
    await expect(used.getByText('Used in 1 post', { exact: true })).toBeVisible();
    await expect(used.getByRole('listitem').filter({ hasText: `Post “${title}” (draft): content` })).toBeVisible();
    await used.getByRole('button', { name: 'Delete denial-trend.png' }).click();
    const warning = page.getByRole('dialog', { name: 'This image is in use' });
    await expect(warning).toContainText('Deleting it leaves a broken image in this place:');
    await expect(warning).toContainText(`Post “${title}” (draft): content`);
    await expect(warning.getByRole('button', { name: 'Delete anyway' })).toBeEnabled();
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toHaveCount(0);
    await expect(cardOf(page, '41 × 29 px')).toHaveCount(1);

    // A second image, chosen from the keyboard through the file button.
    const choose = page.getByRole('button', { name: 'Choose images' });
    await choose.focus();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), choose.press('Enter')]);
    await chooser.setFiles({ name: 'old-chart.png', mimeType: 'image/png', buffer: second });
    await expect(page.getByText('old-chart.png is in the library, 37 × 23 px. Copy its URL below.')).toBeVisible();
    const spare = cardOf(page, '37 × 23 px');
    await expect(spare.getByText('Not used', { exact: true })).toBeVisible();
    await expect(spare.getByRole('heading', { level: 3 })).toHaveText('old-chart.png');
    const spareName = await storageName(spare);
    const spareUrl = `/storage/v1/object/public/blog-images/${spareName}`;
    expect((await request.get(spareUrl)).status()).toBe(200);

    // Unused: a plain confirmation, then gone from the grid and from storage.
    await spare.getByRole('button', { name: 'Delete old-chart.png' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete image?' });
    await expect(confirm).toContainText('It is not used in any post or page.');
    await confirm.getByRole('button', { name: 'Delete image' }).click();
    await expect(page.getByText('Image deleted', { exact: true })).toBeVisible();
    await expect(cardOf(page, '37 × 23 px')).toHaveCount(0);
    await expect(cardOf(page, '41 × 29 px')).toHaveCount(1);
    expect((await request.get(spareUrl)).status()).toBe(400);

    // Every action is in the activity log.
    expect((await activity(request, anon, admin, name)).map((entry) => entry.action)).toEqual(['media_upload', 'save']);
    const spareLog = await activity(request, anon, admin, spareName);
    expect(spareLog.map((entry) => entry.action)).toEqual(['media_upload', 'media_delete']);
    expect(spareLog[1]?.summary).toBe(`Deleted ${spareName} (not used anywhere)`);
  });

  test('an image uploaded elsewhere is measured when shown, and its size saved', async ({ page, request }) => {
    await signIn(page);
    const { anon, admin } = await keys(page);
    const name = `e2e-elsewhere-${Date.now()}.png`;
    const uploaded = await request.post(`/storage/v1/object/blog-images/${name}`, {
      headers: { apikey: anon, Authorization: `Bearer ${admin}`, 'Content-Type': 'image/png' },
      data: png(53, 19, 40),
    });
    expect(uploaded.status()).toBe(200);
    await page.reload();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
    await expect(card).toContainText('53 × 19 px');
    const rows = await request.get(`/rest/v1/media_assets?object_name=eq.${name}&select=width,height,alt_text`, {
      headers: { apikey: anon, Authorization: `Bearer ${admin}` },
    });
    expect(await rows.json()).toEqual([{ width: 53, height: 19, alt_text: '' }]);
  });

  test('a file that is not an image is refused before upload', async ({ page }) => {
    await signIn(page);
    const choose = page.getByRole('button', { name: 'Choose images' });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), choose.click()]);
    await chooser.setFiles({ name: 'claims.csv', mimeType: 'text/csv', buffer: Buffer.from('claim,amount\n1,20\n') });
    await expect(page.getByText('Upload failed', { exact: true })).toBeVisible();
    await expect(page.getByText('claims.csv is not a PNG, JPG, WEBP or GIF image.')).toBeVisible();
  });
});
