import { expect, specLists, test, type Page } from './fixtures';

const HERO_HEADLINE = 'Get paid for every piece of equipment you deliver.';

const primaryNav = (page: Page) => page.getByRole('navigation', { name: 'Primary' });

test.describe('site shell', () => {
  test('home renders the hero headline and the primary navigation', async ({ page }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: HERO_HEADLINE })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Schedule Demo' })).toBeVisible();
    for (const stat of ['500+', '$2.5B+', '99.8%']) {
      await expect(page.getByText(stat, { exact: true })).toBeVisible();
    }

    const nav = primaryNav(page);
    for (const [label, href] of specLists.primaryNavigation) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('button', { name: 'Get Started' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
  });

  test('runtime config element is present and carries an anon key', async ({ page }) => {
    await page.goto('/');

    const config = page.locator('head script#runtime-config[type="application/json"]');
    await expect(config).toHaveCount(1);
    const text = await config.textContent();
    let parsed: unknown;
    expect(() => (parsed = JSON.parse(text ?? '')), 'runtime config must be valid JSON').not.toThrow();
    expect(parsed).toBeInstanceOf(Object);
    const anonKey = (parsed as { supabaseAnonKey?: unknown }).supabaseAnonKey;
    expect(typeof anonKey, 'the server injects supabaseAnonKey').toBe('string');
    expect((anonKey as string).length).toBeGreaterThan(0);
  });

  test('mobile menu opens, then closes when a link is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');

    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = primaryNav(page);
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();

    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    // No horizontal scrolling at phone width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('unknown path shows the not-found page and Return to Home goes to /', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });

    await page.goto('/this-page-does-not-exist');

    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect
      .poll(() => logged.join('\n'))
      .toContain('User attempted to access non-existent route: /this-page-does-not-exist');

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: HERO_HEADLINE })).toBeVisible();
  });
});
