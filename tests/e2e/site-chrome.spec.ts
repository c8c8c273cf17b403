import { expect, expectAxeClean, h1, h2, test, type Page, withConsent } from './fixtures';

/**
 * The chrome of the public pages: scrolling, the cookie banner's states, the mobile menu and the
 * logo carousel.
 */

test.describe('scrolling', () => {
  test.beforeEach(async ({ page }) => {
    await withConsent(page);
  });

  test('a URL hash scrolls to its element; a new page starts at the top', async ({ page }) => {
    await page.goto('/privacy-policy#privacy-8');
    await expect(page.getByRole('heading', { name: "8. Children's Privacy" })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(h2(page, 'No Open Positions at This Time')).toBeAttached();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('cookie banner', () => {
  const TEXT =
    'We use cookies to enhance your browsing experience, serve personalized content, and analyze our traffic. By clicking Accept All, you consent to our use of cookies.';

  const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });
  const stored = (page: Page) => page.evaluate(() => window.localStorage.getItem('cookieConsent'));

  /** Answers the banner with `button`: the banner goes and `value` is stored. */
  async function answer(page: Page, button: string, value: string) {
    await banner(page).getByRole('button', { name: button }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await stored(page)).toBe(value);
  }

  /** Reloaded, the page shows again (its `heading`) without the banner. */
  async function staysAnsweredOnReload(page: Page, heading: string) {
    await page.reload();
    await expect(h1(page, heading)).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  }

  test('shows while consent is unset, with the exact text and the policy link', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).locator('p')).toHaveText(`${TEXT} Learn more about our Cookie Policy`);
    expect(await stored(page)).toBeNull();

    await banner(page).getByRole('link', { name: 'Learn more about our Cookie Policy' }).click();
    await expect(page).toHaveURL(/\/cookie-policy$/);
    await expect(banner(page)).toBeVisible();
  });

  /** Each way to answer the banner: where, which control, what is stored, and the page's h1 when a reload is checked. */
  const ANSWERS = [
    {
      title: 'Accept All stores accepted and the banner stays away',
      path: '/',
      control: 'Accept All',
      value: 'accepted',
      reloadHeading: 'Get paid for every piece of equipment you deliver.',
    },
    { title: 'Decline stores declined', path: '/about', control: 'Decline', value: 'declined' },
    {
      title: 'the close icon stores declined',
      path: '/about',
      control: 'Close cookie banner',
      value: 'declined',
      reloadHeading: 'About ClaimBridge',
    },
  ];

  for (const { title, path, control, value, reloadHeading } of ANSWERS) {
    test(title, async ({ page }) => {
      await page.goto(path);
      await answer(page, control, value);
      if (reloadHeading) await staysAnsweredOnReload(page, reloadHeading);
    });
  }

  test('on a 375x667 phone it keeps its text and controls in a fifth of the view (it took a third)', async ({
    page,
  }) => {
    const view = { width: 375, height: 667 };
    await page.setViewportSize(view);
    await page.goto('/');
    await expect(banner(page).locator('p')).toHaveText(`${TEXT} Learn more about our Cookie Policy`);
    const box = await banner(page).boundingBox();
    expect(box?.height).toBeLessThanOrEqual(view.height * 0.2);
    const fontSize = await banner(page)
      .locator('p')
      .evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(12);
    await expect(banner(page).getByRole('link', { name: 'Learn more about our Cookie Policy' })).toBeInViewport({
      ratio: 1,
    });
    // The buttons stay easy to tap: 36 px (WCAG 2.5.8 asks for 24).
    for (const name of ['Decline', 'Accept All', 'Close cookie banner']) {
      const button = banner(page).getByRole('button', { name });
      await expect(button).toBeInViewport({ ratio: 1 });
      const size = await button.boundingBox();
      expect(Math.min(size?.width ?? 0, size?.height ?? 0), name).toBeGreaterThanOrEqual(36);
    }
    await expectAxeClean(page, '.cookie-banner');
  });

  test('the page can scroll its last line clear of the banner', async ({ page }) => {
    await page.goto('/about');
    await expect(h1(page, 'About ClaimBridge')).toBeVisible();
    // The banner shows once the page is hydrated, and the room it leaves with it: scroll after
    // that (and again on each try, on a busy machine the page may still be settling).
    await expect(banner(page)).toBeVisible();
    const copyright = page.getByText(/^© \d{4} /);
    await expect(async () => {
      await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
      });
      const [bannerBox, copyrightBox] = await Promise.all([banner(page).boundingBox(), copyright.boundingBox()]);
      expect(bannerBox).not.toBeNull();
      expect(copyrightBox).not.toBeNull();
      expect((copyrightBox?.y ?? 0) + (copyrightBox?.height ?? 0)).toBeLessThanOrEqual(bannerBox?.y ?? 0);
    }).toPass();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test.beforeEach(async ({ page }) => {
    await withConsent(page);
  });

  test('opens and closes with the toggle and Escape; Get Started closes it and opens the dialog', async ({ page }) => {
    await page.goto('/services');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Primary' });

    await toggle.click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Blog' }).focus();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await nav.getByRole('button', { name: 'Get Started' }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('dialog', { name: 'Connect with us' })).toBeVisible();
  });
});

test.describe('logo carousel', () => {
  test.beforeEach(async ({ page }) => {
    await withConsent(page);
  });

  const carousel = (page: Page) => page.getByRole('region', { name: 'Customer logos' });
  const index = (page: Page) => carousel(page).getAttribute('data-index');

  test('advances on its own, pauses with its control and steps with the keyboard', async ({ page }) => {
    await page.goto('/');
    await page.mouse.move(0, 0);
    await expect.poll(() => index(page), { timeout: 5000 }).toBe('1');

    const pause = carousel(page).getByRole('button', { name: 'Pause logo carousel' });
    await pause.focus();
    await page.keyboard.press('Enter');
    await expect(carousel(page).getByRole('button', { name: 'Play logo carousel' })).toBeFocused();
    const paused = await index(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(carousel(page).getByRole('button', { name: 'Next logo' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => index(page)).toBe(String((Number(paused) + 1) % 7));
    await page.waitForTimeout(3500);
    await expect.poll(() => index(page)).toBe(String((Number(paused) + 1) % 7));
  });

  test('does not move on its own under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(carousel(page).getByRole('button', { name: 'Play logo carousel' })).toBeVisible();
    await page.waitForTimeout(3500);
    expect(await index(page)).toBe('0');
  });
});
