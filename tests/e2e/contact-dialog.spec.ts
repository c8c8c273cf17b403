import { expect, type Locator, type Page, specLists, test, withConsent } from './fixtures';

/**
 * The contact dialog against the real server: a labelled modal, its failed checks (honeypot, too
 * fast, bad email, no captcha), and the success path through the captcha and lead-relay functions.
 */

test.describe('contact dialog', () => {
  const ANSWERS: [string, string][] = [
    ['Company name', 'Summit Home Medical'],
    ['Your name', 'Dana Whitfield'],
    ['Work email', 'dana@summithomemedical.com'],
    ['Phone', '(615) 555-0187'],
    ['How can we help?', 'Our CPAP resupply denials doubled this quarter.'],
    ['How many users?', '5-10'],
    ['Years in business', '12'],
    ['Claims per month', '1,400'],
    ['Current software', 'Spreadsheets'],
    ['Tell us about your products', 'CPAP and supplies, oxygen, hospital beds'],
  ];

  let leadRequests: string[];

  test.beforeEach(async ({ page }) => {
    await withConsent(page);
    leadRequests = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/functions/v1/lead-relay')) {
        leadRequests.push(request.url());
      }
    });
  });

  async function openDialog(page: Page) {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Connect with us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect with us' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  async function fill(dialog: Locator, overrides: Record<string, string> = {}) {
    for (const [label, value] of ANSWERS) {
      await dialog.getByLabel(label, { exact: true }).fill(overrides[label] ?? value);
    }
  }

  /**
   * Submits the way a script would, past the disabled button and the browser's constraint
   * validation (the captcha's own checkbox is required until it is solved).
   */
  async function submit(dialog: Locator) {
    await dialog.locator('form').evaluate((form: HTMLFormElement) => {
      form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    });
  }

  async function expectRejected(page: Page, dialog: Locator, title: string, description: string) {
    const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(toasts.getByText(title, { exact: true })).toBeVisible();
    await expect(toasts.getByText(description, { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Company name')).toHaveValue('Summit Home Medical');
    await expect(dialog.getByLabel('Tell us about your products')).toHaveValue(
      'CPAP and supplies, oxygen, hospital beds',
    );
    expect(leadRequests).toEqual([]);
  }

  /** Submits once the 3-second too-fast check has passed; the submit is still rejected. */
  async function expectRejectedInTime(page: Page, dialog: Locator, title: string, description: string) {
    await page.waitForTimeout(3100);
    await submit(dialog);
    await expectRejected(page, dialog, title, description);
  }

  test('is a labelled modal: 2xl wide, scrolls past 90% of the viewport, traps focus, closes on Escape', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    const dialog = await openDialog(page);
    const opener = page.getByRole('button', { name: 'Connect with us' });

    const box = await dialog.evaluate((el) => {
      const style = getComputedStyle(el);
      return { maxWidth: style.maxWidth, maxHeight: style.maxHeight, overflowY: style.overflowY, height: el.clientHeight, scrollHeight: el.scrollHeight };
    });
    expect(box.maxWidth).toBe('672px');
    expect(box.maxHeight).toBe('540px');
    expect(box.overflowY).toBe('auto');
    expect(box.scrollHeight).toBeGreaterThan(box.height);

    for (const [label] of ANSWERS) {
      await expect(dialog.getByLabel(label, { exact: true })).toHaveAttribute('required', '');
    }
    await expect(dialog.getByLabel('Work email')).toHaveAttribute('type', 'email');
    await expect(dialog.getByLabel('Phone')).toHaveAttribute('type', 'tel');
    // The honeypot: not required, out of sight, out of the tab order and the accessibility tree.
    const trap = dialog.locator('input[name="website"]');
    await expect(trap).not.toHaveAttribute('required', '');
    await expect(trap).toHaveAttribute('tabindex', '-1');
    expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    expect((await trap.boundingBox())?.x ?? 0).toBeLessThan(0);

    await expect(dialog.getByLabel('Company name')).toBeFocused();
    const submitButton = dialog.getByRole('button', { name: "Let's Connect" });
    await expect(submitButton).toBeDisabled();

    // Shift+Tab from the first control wraps to the last; Tab from the last wraps to the first.
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a filled honeypot is rejected: Submission failed', async ({ page }) => {
    const dialog = await openDialog(page);
    await fill(dialog);
    await dialog.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
      input.value = 'https://spam.example';
    });
    await expectRejectedInTime(page, dialog, 'Submission failed', 'Please try again later.');
  });

  test('a submit within 3 seconds of opening is rejected: Please slow down', async ({ page }) => {
    const dialog = await openDialog(page);
    await fill(dialog);
    await submit(dialog);
    await expectRejected(page, dialog, 'Please slow down', 'Please take a moment to review your information.');
  });

  test('an email without a dot after the @ is rejected: Invalid email', async ({ page }) => {
    const dialog = await openDialog(page);
    await fill(dialog, { 'Work email': 'dana@summithomemedical' });
    await expectRejectedInTime(page, dialog, 'Invalid email', 'Please enter a valid email address.');
  });

  test('without a completed captcha the button stays disabled and a submit is rejected: Please verify', async ({
    page,
  }) => {
    // Keep the captcha unsolved whether or not the challenge endpoint is up.
    await page.route('**/functions/v1/captcha-challenge**', (route) => route.abort());
    const dialog = await openDialog(page);
    await fill(dialog);
    await expect(dialog.getByRole('button', { name: "Let's Connect" })).toBeDisabled();
    await expectRejectedInTime(page, dialog, 'Please verify', 'Please complete the reCAPTCHA verification.');
  });

  test('with a solved captcha the lead is sent to the relay, confirmed, cleared and the dialog closes', async ({
    page,
  }) => {
    const challenge = await page.request.get('/functions/v1/captcha-challenge');
    test.skip(!challenge.ok(), 'the captcha challenge endpoint is not available on this server');

    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/functions/v1/lead-relay'),
    );
    const dialog = await openDialog(page);
    await fill(dialog);
    const button = dialog.getByRole('button', { name: "Let's Connect" });
    await expect(button).toBeEnabled({ timeout: 20_000 });
    await page.waitForTimeout(3100);
    await button.click();

    const request = await sent;
    const payload = JSON.parse(request.postData() ?? '{}') as Record<string, string>;
    expect(payload).toMatchObject({
      companyName: 'Summit Home Medical',
      yourName: 'Dana Whitfield',
      email: 'dana@summithomemedical.com',
      aboutProducts: 'CPAP and supplies, oxygen, hospital beds',
      source: 'ClaimBridge website contact form',
    });
    expect(Object.keys(payload)).toEqual(specLists.webhookPayloadKeys);
    expect(payload.recaptchaToken?.length).toBeGreaterThan(10);
    expect(new Date(payload.timestamp ?? '').toISOString()).toBe(payload.timestamp);

    const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(toasts.getByText('Message sent!', { exact: true })).toBeVisible();
    await expect(
      toasts.getByText("Your message has been sent. We'll get back to you within 24 hours.", { exact: true }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Connect with us' }).click();
    await expect(dialog.getByLabel('Company name')).toHaveValue('');
    await expect(dialog.getByRole('button', { name: "Let's Connect" })).toBeDisabled();
  });
});
