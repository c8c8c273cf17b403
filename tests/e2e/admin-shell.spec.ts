import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminSections, signInAsAdmin, confirmDialog, expectAxeClean, expectNoHorizontalScroll } from './fixtures';

/**
 * The admin's frame (issue 35): a sidebar grouped by job on wide screens, a slim bar and a
 * drawer on phones, every screen reachable by keyboard, axe clean, no horizontal scrolling, and
 * no public cookie banner. `ADMIN_SCREENSHOTS=dir` also saves what it saw.
 */

const shots = process.env.ADMIN_SCREENSHOTS;
async function photograph(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

/** Presses `key` (at most twelve times) until `target` has focus. */
async function pressUntilFocused(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab') {
  for (let step = 0; step < 12; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sidebar groups the screens by job beside the screen, with the person and Sign Out', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await expect(page.locator('.cookie-banner')).toHaveCount(0);
    await signInAsAdmin(page);

    for (const [group, links] of [
      ['Content', adminSections.content],
      ['Audience', ['Leads', 'Analytics']],
      ['Team', ['Activity', 'Staff']],
      ['You', ['Account']],
    ] as const) {
      await expect(nav(page).getByRole('list', { name: group }).getByRole('link')).toHaveText([...links]);
    }
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    await expect(page.getByText('Signed in as', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    // Side by side: the navigation left of the screen, and both in view at once.
    const sidebar = await nav(page).boundingBox();
    const main = await page.getByRole('main').boundingBox();
    expect(sidebar && main && sidebar.x + sidebar.width <= main.x).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    await expect(page.locator('.cookie-banner')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectAxeClean(page);
    await photograph(page, 'shell-1280');

    // Keyboard: Tab reaches the sidebar's links in order, and Enter opens one.
    await page.getByRole('link', { name: 'Blog Posts' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Pages', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Categories & tags' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Webpage Edit' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/content$/);
    await expect(nav(page).getByRole('link', { name: 'Webpage Edit' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('typed work', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sidebar asks before leaving a post with unsaved changes', async ({ page }) => {
    await signInAsAdmin(page);
    await page.getByRole('textbox', { name: /^Title/ }).fill('Medicare competitive bidding, round 2027');
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await nav(page).getByRole('link', { name: 'Leads' }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue('Medicare competitive bidding, round 2027');
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await nav(page).getByRole('link', { name: 'Leads' }).click();
    await expect(page).toHaveURL(/\/admin\/leads$/);
    expect(questions).toEqual([
      'You have unsaved changes. Leave without saving them?',
      'You have unsaved changes. Leave without saving them?',
    ]);
  });
});

test.describe('the keyboard alone', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('writes and publishes a post: Tab types a tab in the editor, Escape moves on', async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsAdmin(page);
    const stamp = Date.now();
    const title = `Keyboard-written post ${stamp}`;
    await page.getByRole('textbox', { name: /^Title/ }).focus();
    await page.keyboard.type(title);
    // The writing column first: title, description, then the editor.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: /^Description/ })).toBeFocused();
    await page.keyboard.type('Written and published without a mouse, to prove the admin works by keyboard.');

    // Into the editor: its toolbar's controls, then the text, which has a visible focus ring.
    const editor = page.getByRole('textbox', { name: 'Content', exact: true });
    await editor.focus();
    await expect(editor).toHaveCSS('outline-style', 'solid');
    await page.keyboard.type('First line');
    await page.keyboard.press('Tab');
    await expect(editor).toBeFocused();
    await page.keyboard.type('after a tab');
    await expect(editor).toContainText('First line\tafter a tab');
    // Escape leaves the editor for the settings beside it, which open with Published.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('checkbox', { name: 'Published' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Published' })).toBeChecked();

    // Past Publish now and Create Post to the details: the address followed the title.
    await pressUntilFocused(page, page.getByRole('textbox', { name: /^Web address/ }), 'Tab');
    await expect(page.getByRole('textbox', { name: /^Web address/ })).toHaveValue(`keyboard-written-post-${stamp}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Billing');
    // Back up to Create Post.
    await pressUntilFocused(page, page.getByRole('button', { name: 'Create Post' }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Blog post created successfully!')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Existing Posts' }).getByRole('listitem').filter({ hasText: title }),
    ).toContainText('Published');

    // The site's published posts are other tests' business: this one goes again.
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await confirmDialog(page, 'Delete this post?', 'Delete post');
    await expect(page.getByText('Post deleted successfully!')).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a slim bar, and the sidebar as a drawer that the keyboard opens, keeps and closes', async ({ page }) => {
    // Two axe runs and twenty key presses.
    test.setTimeout(60_000);
    await signInAsAdmin(page);
    const bar = await page.locator('.admin-rail').boundingBox();
    expect(bar?.height).toBeLessThanOrEqual(64);
    await expect(nav(page)).toBeHidden();
    await expectNoHorizontalScroll(page);
    await expectAxeClean(page);
    await photograph(page, 'shell-375');

    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expectAxeClean(page);
    await photograph(page, 'shell-375-menu');

    // Focus stays in the drawer (the screen behind is inert) and Escape returns it to Menu.
    for (let step = 0; step < 20; step += 1) {
      await page.keyboard.press(step % 7 === 6 ? 'Shift+Tab' : 'Tab');
      const inside = await page.evaluate(
        () => document.getElementById('admin-drawer')?.contains(document.activeElement) === true,
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    // A link opens its screen and closes the drawer; the backdrop closes it too.
    await menu.click();
    await drawer.getByRole('link', { name: 'Leads' }).click();
    await expect(page).toHaveURL(/\/admin\/leads$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await menu.click();
    const open = await drawer.boundingBox();
    await page.mouse.click((open?.width ?? 300) + 20, 400);
    await expect(drawer).toBeHidden();
    await expectNoHorizontalScroll(page);
  });
});
