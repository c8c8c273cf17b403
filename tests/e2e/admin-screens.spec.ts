import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin, axeViolations, horizontalOverflow } from './fixtures';

/**
 * Every admin screen (issue 35), as the passcode (who sees them all) opens it: axe finds nothing
 * at 1280 and at 375 px, and nothing scrolls sideways on a phone. Each screen is checked once it
 * has loaded (no "Loading..." line left).
 */

const SCREENS: ReadonlyArray<readonly [path: string, heading: string]> = [
  ['/admin/blog', 'Blog Posts'],
  ['/admin/site-pages', 'Pages'],
  ['/admin/content', 'Webpage Content Editor'],
  ['/admin/pages', 'Page SEO Management'],
  ['/admin/whitepapers', 'Whitepapers'],
  ['/admin/media', 'Media'],
  ['/admin/leads', 'Leads'],
  ['/admin/analytics', 'Analytics'],
  ['/admin/activity', 'Activity'],
  ['/admin/staff', 'Staff'],
  ['/admin/account', 'Account'],
];

for (const [width, height] of [
  [1280, 800],
  [375, 812],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('every admin screen is axe clean and fits the width', async ({ page }) => {
      test.setTimeout(120_000);
      await signInAsAdmin(page);
      const problems: string[] = [];
      for (const [path, heading] of SCREENS) {
        // From the sidebar's own links would do too; the address keeps the loop short.
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: false })).toBeVisible();
        await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`${path}: ${overflow}px wider than the screen`);
        problems.push(...(await axeViolations(page)).map((violation) => `${path}: ${violation}`));
      }
      expect(problems).toEqual([]);
    });
  });
}
