import {
  anonKey,
  expect,
  h1,
  insertWhitepaperLead,
  signInAsAdmin,
  test,
  type APIRequestContext,
  type Page,
  expectAxeClean,
  expectNoHorizontalScroll,
} from './fixtures';

/**
 * Analytics over time (issue 35): views, visitors, leads and conversion by day or week in a
 * chart that is read by pointer, keyboard or table; the range's top pages and sources; pages not
 * found and bots counted apart; axe clean and no sideways scrolling on a wide screen and a phone.
 */

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const stamp = Date.now();

/** What one test seeds, named apart from every other test's. */
function seedNames(width: number) {
  const tag = `${stamp}w${width}`;
  return {
    tag,
    /** A session id as the site makes them ("session_{time}_{letters and digits}"), this test's own. */
    session: (who: string) => `session_${stamp}_w${width}${who}`,
    page: `/e2e-analytics-${tag}`,
    source: `e2e-${tag}.example`,
    missing: `/e2e-missing-${tag}`,
    bot: `AnalyticsE2eBot${tag}`,
  };
}
type SeedNames = ReturnType<typeof seedNames>;

/** Records a page view as the site does (anon key, the session's own header); it must be created. */
async function recordView(request: APIRequestContext, anon: string, row: Record<string, unknown>) {
  const recorded = await request.post('/rest/v1/page_analytics', {
    headers: {
      apikey: anon,
      Authorization: `Bearer ${anon}`,
      Prefer: 'return=minimal',
    },
    data: {
      device_type: 'desktop',
      browser: 'Chrome',
      user_agent: CHROME,
      ...row,
    },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
}

const shots = process.env.ADMIN_SCREENSHOTS;
async function photograph(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** Five people on a page of ours from a site of ours, a bot, a page nobody found, and a lead. */
async function seed(page: Page, request: APIRequestContext, names: SeedNames) {
  const anon = await anonKey(page);
  for (let person = 0; person < 5; person += 1) {
    await recordView(request, anon, {
      session_id: names.session(`p${person}`),
      page_path: names.page,
      referrer: `https://${names.source}/links`,
    });
  }
  await recordView(request, anon, {
    session_id: names.session('bot'),
    page_path: names.page,
    user_agent: `Mozilla/5.0 (compatible; ${names.bot}/1.0; +https://bot.example)`,
  });
  await recordView(request, anon, {
    session_id: names.session('lost'),
    page_path: names.missing,
    not_found: true,
  });
  await insertWhitepaperLead(page, request, {
    company_name: 'Analytics Oxygen Supply',
    first_name: 'Riley',
    email: `riley.${names.tag}@oxygen.example`,
    phone: '555-0100',
  });
}

const chart = (page: Page) => page.getByRole('group', { name: /^Views and visitors by (day|week)\./ });

async function openAnalytics(page: Page) {
  await page.getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(h1(page, 'Analytics')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(chart(page)).toBeVisible();
}

test('the site marks a page nobody found, and a post that does not exist, as not found', async ({ page }) => {
  for (const path of [`/no-such-page-${stamp}`, `/blog/no-such-post-${stamp}`]) {
    const recorded = page.waitForRequest(
      (request) => request.url().includes('/rest/v1/page_analytics') && request.method() === 'POST',
    );
    await page.goto(path);
    const request = await recorded;
    expect(request.postDataJSON()).toMatchObject({ page_path: path, not_found: true });
    expect((await request.response())?.status()).toBe(201);
  }
  // A page that exists is not.
  const recorded = page.waitForRequest(
    (request) => request.url().includes('/rest/v1/page_analytics') && request.method() === 'POST',
  );
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  expect((await recorded).postDataJSON()).toMatchObject({ page_path: '/blog', not_found: false });
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('views, visitors and leads by day and by week, top pages and sources, bots and pages not found apart', async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000);
      const names = seedNames(viewport.width);
      await signInAsAdmin(page);
      await seed(page, request, names);
      if (viewport.width < 1000) await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await openAnalytics(page);

      // The totals: a dash, never "0s" or "0%", where nothing was measured.
      const stats = page.locator('.admin-stats');
      for (const term of ['Page views', 'Visitors', 'Leads', 'Conversion', 'Avg. time on page', 'Avg. scroll depth']) {
        await expect(stats.getByText(term, { exact: true })).toBeVisible();
      }
      await expect(stats.locator('dd').nth(2)).not.toHaveText('0');
      await expect(stats.locator('dd').nth(3)).toHaveText(/^(\d+(\.\d)?%|—)$/);

      // Our page and source, counted once per person; the bot and the missing page are not there.
      const pages = page.getByRole('table', { name: 'The most viewed pages' });
      const ours = pages.getByRole('row').filter({ hasText: names.page });
      await expect(ours.getByRole('cell')).toHaveText([names.page, '5', '5', '—', '—']);
      await expect(pages.getByRole('row').filter({ hasText: names.missing })).toHaveCount(0);
      const sources = page.getByRole('table', {
        name: 'Where visitors came from',
      });
      await expect(sources.getByRole('row').filter({ hasText: names.source }).getByRole('cell')).toHaveText([
        names.source,
        '5',
        '5',
      ]);

      // Counted apart, folded away until opened.
      const missing = page.getByRole('table', { name: 'Pages not found' });
      await expect(missing).toBeHidden();
      await page.getByText('Pages not found (', { exact: false }).click();
      await expect(missing.getByRole('row').filter({ hasText: names.missing })).toBeVisible();
      await page.getByText('Bots and scripts (', { exact: false }).click();
      await expect(
        page.getByRole('table', { name: 'Bots and scripts' }).getByRole('row').filter({ hasText: names.bot }),
      ).toBeVisible();

      // The chart, by keyboard: focus reads today, Home the first day of the range.
      await expect(page.getByRole('list', { name: 'Lines' }).getByRole('listitem')).toHaveText(['Views', 'Visitors']);
      await chart(page).focus();
      const readout = page.locator('.analytics-chart__readout');
      await expect(readout).toHaveText(/^\w+day, \w+ \d+, \d{4}: [\d,]+ views?, [\d,]+ visitors?, [\d,]+ leads?, /);
      const today = await readout.textContent();
      expect(today).not.toMatch(/: 0 views/);
      await page.keyboard.press('Home');
      await expect(readout).not.toHaveText(today ?? '');
      await page.keyboard.press('End');
      await expect(readout).toHaveText(today ?? '');

      await expect(page.locator('.analytics-chart__plot svg')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAxeClean(page);
      await photograph(page, `analytics-day-${viewport.width}`);

      // By week: the chart and its table follow; the same people this week.
      await page.getByRole('radio', { name: 'Week' }).check();
      await expect(page.getByRole('group', { name: /^Views and visitors by week\./ })).toBeVisible();
      await page.getByText('Numbers by week').click();
      const weeks = page.getByRole('table', {
        name: 'Views, visitors, leads and conversion by week',
      });
      await expect(weeks.getByRole('row').last()).toContainText('Week of');
      await expect(weeks.getByRole('row')).not.toHaveCount(1);

      // Leads and conversion are charts of their own.
      await page.getByRole('radio', { name: 'Leads' }).check();
      await expect(page.getByRole('group', { name: /^Leads by week\./ })).toBeVisible();
      await page.getByRole('radio', { name: 'Conversion' }).check();
      await expect(page.getByRole('group', { name: /^Conversion by week\./ })).toBeVisible();

      // A range of our own: the period says so, and a range that ends before it starts is refused.
      await page.getByLabel('Period').selectOption('7');
      await expect(page.getByLabel('Period')).toHaveValue('7');
      await page.getByLabel('From', { exact: true }).fill('2026-01-10');
      await expect(page.getByLabel('Period')).toHaveValue('custom');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('group', { name: /^Conversion by week\./ })).toBeVisible();

      await expectNoHorizontalScroll(page);
      await expectAxeClean(page);
    });
  });
}
