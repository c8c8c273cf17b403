import { anonKeyOf, declineCookies, expect, hydrated, SERVICE_ROLE_KEY, test } from './fixtures';

/**
 * A landing page's lead form arrives rendered by the server, so a visitor can type into it
 * before the app's code has loaded. What they typed must survive the app taking over the form
 * (hydration), and be what is sent.
 */

test.beforeEach(({ page }) => declineCookies(page));

const ANSWERS: [string, string][] = [
  ['Company name', 'Harbor Respiratory Supply'],
  ['Your name', 'Marisol Vega'],
  ['Work email', 'marisol@harborrespiratory.example'],
  ['Phone', '(757) 555-0118'],
  ['How can we help?', 'Our oxygen rentals stall at the 36-month cap and we bill the wrong modifiers.'],
  ['How many users?', '6'],
  ['Years in business', '14'],
  ['Claims per month', '1,200'],
  ['Current software', 'Brightree'],
  ['Tell us about your products', 'Oxygen concentrators, portable oxygen, nebulizers'],
];

test("what a visitor types before the app's code arrives is kept and sent", async ({ page, request }) => {
  const route = `/early-typing-${String(Date.now())}`;
  const headers = {
    apikey: await anonKeyOf(request),
    Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
    'Content-Type': 'application/json',
  };
  const created = await request.post('/rest/v1/block_pages', {
    headers,
    data: {
      route,
      name: 'Oxygen cap review',
      published: true,
      blocks: [
        {
          id: 'review',
          kind: 'lead-form',
          data: { anchor: 'review', title: 'Book an oxygen billing review', submitLabel: 'Book my review' },
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  await expect.poll(async () => (await request.get(route)).status(), { timeout: 10_000 }).toBe(200);

  // The app's scripts are held back until the visitor has typed everything.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(route, { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Book an oxygen billing review' });
  for (const [label, value] of ANSWERS) await form.getByLabel(label, { exact: true }).fill(value);
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);

  release();
  await hydrated(page);
  // The form is the app's once its captcha widget shows.
  await expect(form.getByRole('checkbox')).toBeVisible({ timeout: 20_000 });
  for (const [label, value] of ANSWERS) await expect(form.getByLabel(label, { exact: true })).toHaveValue(value);
  const send = form.getByRole('button', { name: 'Book my review' });
  await expect(send).toBeEnabled({ timeout: 20_000 });
  await page.waitForTimeout(3100);
  await send.click();
  await expect(page.getByText('Message sent!').first()).toBeVisible();

  const source = `ClaimBridge landing page ${route}`;
  const leads = await request.get(
    `/rest/v1/leads?select=company_name,email,products:payload->>aboutProducts&source=eq.${encodeURIComponent(source)}`,
    { headers },
  );
  expect(await leads.json()).toEqual([
    {
      company_name: 'Harbor Respiratory Supply',
      email: 'marisol@harborrespiratory.example',
      products: 'Oxygen concentrators, portable oxygen, nebulizers',
    },
  ]);
  expect((await request.delete(`/rest/v1/block_pages?route=eq.${route}`, { headers })).status()).toBe(204);
});
