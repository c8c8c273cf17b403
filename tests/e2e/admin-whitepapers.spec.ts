import { readFile } from 'node:fs/promises';
import {
  type APIRequestContext,
  apiKeys as keys,
  declineCookies,
  dropFile,
  expect,
  openAdminSection,
  type Page,
  submitWhitepaperLeadForm,
  test,
  confirmDialog,
} from './fixtures';

/**
 * /admin/whitepapers (issue 9) against a fresh server: a PDF generated here is uploaded with its
 * page count read in the browser, listed on /whitepapers, downloaded byte for byte from
 * /downloads after the lead form, edited (featured, file replaced), then deleted with its stored
 * object while its lead stays. A PNG named .pdf is refused by the form and by the server.
 */

test.beforeEach(({ page }) => declineCookies(page));

/** A valid PDF with `pages` pages (one line of Helvetica each) and a correct xref table. */
function buildPdf(pages: number, heading: string): Buffer {
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(' ')}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  for (let page = 1; page <= pages; page += 1) {
    const text = `BT /F1 18 Tf 72 720 Td (${heading} - page ${page} of ${pages}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + (page - 1) * 2} 0 R >>`,
      `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    );
  }
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = Buffer.byteLength(body, 'latin1');
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The first bytes of a PNG: what a screenshot renamed to .pdf starts with. */
const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const signIn = (page: Page) => openAdminSection(page, 'Whitepapers', /\/admin\/whitepapers$/, 'Whitepapers');

/** The stored row of a paper, read as a visitor. */
async function paperRow(request: APIRequestContext, anon: string, title: string) {
  const response = await request.get(`/rest/v1/whitepapers?title=eq.${encodeURIComponent(title)}&select=*`, {
    headers: { apikey: anon, Authorization: `Bearer ${anon}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: string; file_path: string | null; pages: number | null; featured: boolean }[];
}

const publicObject = (request: APIRequestContext, path: string) =>
  request.get(`/storage/v1/object/public/whitepapers/${path}`);

async function submitLeadForm(page: Page, email: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const answers: [string, string][] = [
    ['Company name', 'Summit Home Medical'],
    ['Your name', 'Whitney Paper'],
    ['Work email', email],
    ['Phone', '(555) 010-4242'],
    ['How can we help?', 'Denied oxygen claims'],
    ['How many users?', '10-25'],
    ['Years in business', '12'],
    ['Claims per month', '1500'],
    ['Current software', 'Brightree'],
    ['Tell us about your products', 'Oxygen concentrators and CPAP'],
  ];
  await submitWhitepaperLeadForm(page, dialog, answers);
  await expect(page).toHaveURL(/\/downloads$/, { timeout: 10_000 });
}

test.describe('admin whitepapers', () => {
  test('a PNG named .pdf is refused by the form and by the server', async ({ page, request }) => {
    await signIn(page);
    // Keyboard: the Choose PDF button opens the file picker.
    const choose = page.getByRole('button', { name: 'Choose PDF' });
    await choose.focus();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), choose.press('Enter')]);
    await chooser.setFiles({ name: 'claims-chart.pdf', mimeType: 'application/pdf', buffer: PNG_BYTES });
    await expect(page.getByText('Not a PDF', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'not a PDF' })).toBeVisible();
    await expect(page.getByText('claims-chart.pdf', { exact: true })).toHaveCount(0);

    // The server judges the bytes too, whatever the declared type.
    const { admin } = await keys(page);
    const upload = await request.post('/storage/v1/object/whitepapers/claims-chart.pdf', {
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/pdf' },
      data: PNG_BYTES,
    });
    expect(upload.status()).toBe(400);
    expect(await upload.json()).toMatchObject({ statusCode: '415', error: 'invalid_mime_type' });
  });

  test('upload, list publicly, download after the lead form, edit and feature, delete', async ({ page, request }) => {
    test.setTimeout(150_000);
    const stamp = Date.now();
    const title = `E2E CMN Checklist ${stamp}`;
    const email = `whitepaper-${stamp}@example.com`;
    const pdf = buildPdf(3, 'CMN and DWO checklist');
    await signIn(page);
    const { anon } = await keys(page);

    // Create: the page count comes from the PDF, the size is shown.
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    await page.getByRole('combobox', { name: /^Category/ }).fill('Compliance');
    await page.getByRole('textbox', { name: /^Description/ }).fill('Which CMN and DWO fields auditors check first.');
    // Dropped on the drag-and-drop zone.
    await dropFile(
      page.locator('.admin-drop'),
      { name: 'cmn-checklist.pdf', type: 'application/pdf', bytes: pdf },
      /admin-drop--active/,
    );
    await expect(page.getByText('cmn-checklist.pdf', { exact: true })).toBeVisible();
    await expect(page.getByText(/^\d+(\.\d)? K?B · 3 pages$/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Pages/ })).toHaveValue('3');
    await page.getByRole('button', { name: 'Create Whitepaper' }).click();
    await expect(page.getByText('Whitepaper created', { exact: true })).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Compliance');
    await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();
    await expect(row).toContainText('File uploaded');
    const [created] = await paperRow(request, anon, title);
    expect(created?.pages).toBe(3);
    const firstPath = created?.file_path ?? '';
    expect(firstPath).toMatch(/^e2e-cmn-checklist-\d+-[0-9a-f]{8}\.pdf$/);
    expect(Buffer.from(await (await publicObject(request, firstPath)).body()).equals(pdf)).toBe(true);

    // Public: the card with its page count and Download PDF; the lead form; the same bytes from /downloads.
    await page.goto('/whitepapers');
    const card = page.getByRole('listitem').filter({ hasText: title });
    await expect(card).toContainText('3 pages');
    await card.getByRole('button', { name: 'Download PDF' }).click();
    await submitLeadForm(page, email);
    const downloadCard = page.getByRole('listitem').filter({ hasText: title });
    const download = downloadCard.getByRole('button', { name: 'Download PDF' });
    await expect(download).toBeEnabled({ timeout: 15_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(`${title}.pdf`);
    expect((await readFile(await file.path())).equals(pdf)).toBe(true);

    // Edit: featured, a new description and a replacement 2-page PDF; the old object goes.
    await page.goto('/admin/whitepapers');
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);
    await expect(page.getByText(`Current file: ${firstPath}`)).toBeVisible();
    await page.getByRole('checkbox', { name: /^Featured/ }).check();
    await page
      .getByRole('textbox', { name: /^Description/ })
      .fill('The CMN and DWO fields auditors check first, in order.');
    const replacement = buildPdf(2, 'CMN and DWO checklist, second edition');
    await page
      .locator('#whitepaper-file')
      .setInputFiles({ name: 'cmn-v2.pdf', mimeType: 'application/pdf', buffer: replacement });
    await expect(page.getByRole('textbox', { name: /^Pages/ })).toHaveValue('2');
    // The upload is held a moment so its progress bar can be seen.
    await page.route('**/storage/v1/object/whitepapers/**', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Update Whitepaper' }).click();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await expect(page.getByText('Whitepaper updated', { exact: true })).toBeVisible();
    await expect(row).toContainText('Featured');
    await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
    const [edited] = await paperRow(request, anon, title);
    expect(edited?.featured).toBe(true);
    const secondPath = edited?.file_path ?? '';
    expect(secondPath).not.toBe(firstPath);
    expect((await publicObject(request, firstPath)).status()).toBe(400);
    expect(Buffer.from(await (await publicObject(request, secondPath)).body()).equals(replacement)).toBe(true);

    await page.goto('/whitepapers');
    await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Featured');

    // Delete: confirmed, the card and the object are gone, the lead stays.
    await page.goto('/admin/whitepapers');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await confirmDialog(page, 'Delete this whitepaper?', 'Delete whitepaper', title);
    await expect(page.getByText('Whitepaper deleted', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await paperRow(request, anon, title)).toEqual([]);
    const gone = await publicObject(request, secondPath);
    expect(gone.status()).toBe(400);
    expect(await gone.json()).toMatchObject({ statusCode: '404' });

    await page.getByRole('link', { name: 'Leads', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: email }).first()).toBeVisible();

    await page.goto('/whitepapers');
    await expect(page.getByRole('heading', { name: 'Request Custom Research' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  });
});
