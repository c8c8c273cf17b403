import {
  expect,
  expectAxeClean,
  expectNoHorizontalScroll,
  type Locator,
  type Page,
  test,
  withConsent,
} from './fixtures';

/**
 * How the public pages lay out at a phone's and a desktop's width (issue 37's polish): email
 * addresses break only after their '@', the cookie policy's table fits a phone, the whitepaper
 * cards of a row line up. The cookie banner's size is in site-chrome.spec.ts.
 */

/** The text of each line `element` shows, top to bottom (measured character by character). */
function visibleLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        const line = lines.find((candidate) => Math.abs(candidate.top - rect.top) < rect.height / 2);
        if (line) line.text += text[i];
        else lines.push({ top: rect.top, text: text[i] });
      }
    }
    return lines.sort((a, b) => a.top - b.top).map((line) => line.text.trim());
  });
}

/** `address` in `element`'s lines is whole on one line, or split right after its '@'. */
async function expectUnbrokenOrSplitAtAt(element: Locator, address: string) {
  const shown = (await visibleLines(element)).join('\n');
  const at = address.lastIndexOf('@') + 1;
  const splitAtAt = `${address.slice(0, at)}\n${address.slice(at)}`;
  expect(shown.includes(address) || shown.includes(splitAtAt), `${JSON.stringify(shown)} breaks ${address}`).toBe(true);
}

async function configuredEmail(page: Page): Promise<string> {
  return page.evaluate(() => {
    const text = document.getElementById('runtime-config')?.textContent ?? '{}';
    return (JSON.parse(text) as { company: { email: string } }).company.email;
  });
}

test.beforeEach(async ({ page }) => {
  await withConsent(page);
});

for (const width of [320, 375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the email address breaks only after its @ on /contact and on the /careers button', async ({ page }) => {
      await page.goto('/contact');
      const email = await configuredEmail(page);
      const cardLink = page.locator('.contact-card').getByRole('link', { name: email });
      await expectUnbrokenOrSplitAtAt(cardLink, email);
      // With room for four columns, the email card widens to the whole address.
      if (width >= 1280) expect(await visibleLines(cardLink)).toEqual([email]);
      await expectNoHorizontalScroll(page);

      await page.goto('/careers');
      const button = page.getByRole('link', {
        name: `Send your resume to ${email}`,
      });
      await expectUnbrokenOrSplitAtAt(button, email);
      // A phone's button starts the whole address on a line of its own; a desktop's has one line.
      if (width === 375) expect((await visibleLines(button)).at(-1)).toBe(email);
      if (width >= 1280) expect(await visibleLines(button)).toEqual([`Send your resume to ${email}`]);
      await expectNoHorizontalScroll(page);
    });

    test("the cookie policy's storage table shows every cell without scrolling sideways", async ({ page }) => {
      await page.goto('/cookie-policy');
      const region = page.getByRole('region', {
        name: 'Browser storage this site sets',
      });
      await region.scrollIntoViewIfNeeded();
      const { clientWidth, scrollWidth } = await region.evaluate((element) => ({
        clientWidth: element.clientWidth,
        scrollWidth: element.scrollWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      for (const cell of await region.getByRole('cell').all()) await expect(cell).toBeInViewport({ ratio: 0 });
      const purpose = region.getByRole('cell', {
        name: 'Keeps staff signed in to the admin area',
      });
      if (width < 640) {
        // A phone shows each row as labelled lines: the column's name beside the value.
        expect(await purpose.evaluate((cell) => getComputedStyle(cell, '::before').content)).toContain('Purpose');
        const [cellBox, regionBox] = await Promise.all([purpose.boundingBox(), region.boundingBox()]);
        expect(cellBox?.width).toBeGreaterThan((regionBox?.width ?? 0) * 0.9);
      } else {
        await expect(region.getByRole('columnheader', { name: 'Purpose' })).toBeVisible();
      }
      await expectNoHorizontalScroll(page);
      await expectAxeClean(page, '.storage-table');
    });
  });
}

test.describe('whitepaper cards', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the titles, descriptions and buttons of a row line up', async ({ page }) => {
    await page.goto('/whitepapers');
    const cards = page.locator('.whitepaper-card');
    await expect(cards.first()).toBeVisible();
    const tops = (part: string) =>
      cards.evaluateAll(
        (elements, selector) =>
          elements.map((card) => {
            const element = card.querySelector(selector);
            return {
              row: Math.round(card.getBoundingClientRect().top),
              top: element ? Math.round(element.getBoundingClientRect().top) : null,
            };
          }),
        part,
      );
    // The seed's first row has Featured papers beside one that is not (their badges wrap).
    for (const part of ['.card__title', '.card__text', '.card__footer']) {
      const byRow = new Map<number, Set<number | null>>();
      for (const { row, top } of await tops(part)) byRow.set(row, (byRow.get(row) ?? new Set()).add(top));
      expect(byRow.size, 'more than one row of cards').toBeGreaterThan(1);
      for (const [row, partTops] of byRow) expect([...partTops], `${part} in the row at ${row}px`).toHaveLength(1);
    }
  });
});
