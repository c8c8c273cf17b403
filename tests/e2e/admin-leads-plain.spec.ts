import { readFile } from 'node:fs/promises';
import {
  declineCookies,
  expect,
  insertWhitepaperLead,
  signInAsAdmin,
  test,
  inviteStaff,
  horizontalOverflow,
  relayLeadWithoutCaptcha,
} from './fixtures';

/**
 * The lead page in plain words (issue 35): the pipeline on top, every answer once under a
 * label (no form keys, no ISO times), notes as a dated thread by person, the assignee picked
 * from the staff, and a CSV with one column per field and plain times. The passcode signs in,
 * so its notes are by "Passcode"; the staff member to assign is invited with its token.
 */

test.beforeEach(({ page }) => declineCookies(page));

/** A medium date and a short time, as the admin's browser writes them (e.g. "Dec 6, 2026, 2:03 PM"). */
const READABLE_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;

test('a lead reads in plain words; notes are a dated thread; the assignee is one of the staff; the CSV has a column per field', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const email = `ada-${stamp}@careline.example`;
  const botEmail = `bot-${stamp}@spam.example`;
  const assignee = `Priya Shah ${stamp}`;

  // A contact lead posted without a captcha: the relay keeps it, flagged as spam, with its payload.
  await relayLeadWithoutCaptcha(request, stamp, botEmail);

  await signInAsAdmin(page);
  await inviteStaff(page, request, { email: `priya.${stamp}@example.com`, role: 'editor', displayName: assignee });
  // As the whitepaper form stores a lead: four answers in one text, a labelled line each.
  await insertWhitepaperLead(page, request, {
    company_name: `CareLine Mobility ${stamp}`,
    first_name: 'Ada',
    last_name: 'Okafor',
    email,
    phone: '555-0100',
    company_size: '10-50',
    revenue: '7',
    current_challenges:
      'How can we help: Prior authorization backlog\nClaims per month: 1,400\nCurrent software: Brightree\nProducts: CPAP, oxygen',
  });

  await page.goto('/admin/leads');
  await page.getByLabel('Search leads').fill(String(stamp));
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'View Ada Okafor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ada Okafor' });

  // The pipeline comes first, then what they sent.
  const status = dialog.getByLabel('Status', { exact: true });
  const sent = dialog.getByRole('heading', { name: 'What they sent' });
  await expect(status).toBeVisible();
  expect((await status.boundingBox())?.y ?? Infinity).toBeLessThan((await sent.boundingBox())?.y ?? 0);
  const details = dialog.locator('dl');
  const answer = (label: string) => details.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(answer('How can we help?')).toHaveText('Prior authorization backlog');
  await expect(answer('How many users')).toHaveText('10-50');
  await expect(answer('Years in business')).toHaveText('7');
  await expect(answer('Claims per month')).toHaveText('1,400');
  await expect(answer('Current software')).toHaveText('Brightree');
  await expect(answer('Products')).toHaveText('CPAP, oxygen');
  await expect(answer('Received')).toHaveText(READABLE_TIME);
  await expect(details).not.toContainText('company_size');
  await expect(details.getByText(email)).toHaveCount(1);

  // Two notes: a thread, oldest first, each with who and when.
  const note = dialog.getByLabel('Add a note');
  const added = dialog.getByRole('status').filter({ hasText: 'Note added.' });
  await note.fill('Called; wants a demo next week.');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(added).toBeVisible();
  await expect(note).toHaveValue('');
  await note.fill('=Demo booked for Tuesday, 10am');
  await note.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Add note' })).toBeFocused();
  await page.keyboard.press('Enter');
  const thread = dialog.getByRole('list').filter({ has: page.locator('.leads-note') });
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  const [first, second] = [thread.getByRole('listitem').nth(0), thread.getByRole('listitem').nth(1)];
  await expect(first).toContainText('Called; wants a demo next week.');
  await expect(second).toContainText('=Demo booked for Tuesday, 10am');
  for (const item of [first, second]) {
    await expect(item.locator('.leads-note__author')).toHaveText('Passcode');
    await expect(item.locator('time')).toHaveText(READABLE_TIME);
  }

  // The assignee is one of the staff.
  const assigneeField = dialog.getByLabel('Assignee');
  await expect(assigneeField.locator('option', { hasText: assignee })).toHaveCount(1);
  await expect(assigneeField).toHaveValue('');
  await assigneeField.selectOption({ label: assignee });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Status and assignee of Ada Okafor saved.`, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText(assignee);

  // The contact lead: each value once, under a label; no tokens, no form keys.
  await page.getByRole('tab', { name: 'Spam' }).click();
  await page.getByRole('row').filter({ hasText: botEmail }).getByRole('button', { name: 'View Bot Botson' }).click();
  const contact = page.getByRole('dialog', { name: 'Bot Botson' });
  await expect(contact.locator('dt', { hasText: 'How can we help?' })).toBeVisible();
  await expect(contact.locator('dl')).not.toContainText(/howCanWeHelp|recaptcha|yourName|T\d{2}:\d{2}/);
  await expect(contact.getByText(botEmail)).toHaveCount(1);
  await expect(contact.getByText('000', { exact: true })).toHaveCount(1);
  await expect(contact.getByText('No notes yet.')).toBeVisible();
  // No sideways scrolling on a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await horizontalOverflow(page);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await contact.getByRole('button', { name: 'Close' }).click();

  // The CSV: a column per field, plain local times, the thread in one cell.
  await page.getByRole('tab', { name: 'Inbox' }).click();
  await expect(row).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path()) ?? '', 'utf8');
  const [header, line, ...rest] = csv.trimEnd().split('\r\n');
  expect(header?.split(',')).toEqual([
    'Type',
    'Received',
    'Status',
    'Assignee',
    'Spam reason',
    'Flagged as spam',
    'Updated',
    'Name',
    'Company',
    'Email',
    'Phone',
    'How can we help?',
    'How many users',
    'Years in business',
    'Claims per month',
    'Current software',
    'Products',
    'Notes',
  ]);
  expect(rest).toEqual([]);
  const time = String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2}`;
  expect(line).toMatch(
    new RegExp(
      `^Whitepaper,${time},New,${assignee},,,${time},Ada Okafor,CareLine Mobility ${stamp},${email},555-0100,` +
        `Prior authorization backlog,10-50,7,"1,400",Brightree,"CPAP, oxygen",` +
        `"${time} Passcode: Called; wants a demo next week.\n${time} Passcode: =Demo booked for Tuesday, 10am"$`,
    ),
  );
});
