import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { DictionaryPage } from './pages/dictionary-page';
import { widths } from './support/outbox';
import { freshClientAddress } from './support/visitors';

/**
 * The shell's overlays on the one responsive frame (components/ui/overlay.tsx): beside the
 * clicked word on desktop, a bottom sheet on a phone, with focus, Escape and scroll locking; and
 * none of them in a page's first load.
 */

const SHORT = 'We sat on the bank of the river and watched the boats go by.';
// Long enough to scroll on any screen, with a "bank" on every line.
const LONG = Array.from({ length: 40 }, (_, i) => `Line ${i + 1}: we sat on the bank of the river and watched the boats.`).join(
  '\n',
);

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const focusInside = (root: Locator) => root.evaluate((el) => el.contains(document.activeElement));
const scrollLocked = (page: Page) => page.locator('body').evaluate((body) => body.hasAttribute('data-scroll-locked'));

/** Opens the dictionary and reads `text` in it (each test asks for a `learner` of its own: each lookup spends a free use). */
async function openDictionary(dict: DictionaryPage, text: string) {
  await dict.open();
  await dict.read(text);
}

test.describe('word popup on desktop', () => {
  test.use({ viewport: widths.desktop });

  test('sits beside the clicked word, leaving the word and its line in view', async ({ page, dict, panel, learner }) => {
    await openDictionary(dict, SHORT);
    const word = dict.word('bank');
    await word.click();
    await panel.expectLoaded('bank');
    await expect(panel.root()).toHaveAttribute('data-layout', 'popup');

    const w = await boxOf(word);
    const p = await boxOf(panel.root());
    // Below the word (or above it), never over it, and close to it.
    const below = p.y >= w.y + w.height - 1;
    const above = p.y + p.height <= w.y + 1;
    expect(below || above).toBe(true);
    expect(below ? p.y - (w.y + w.height) : w.y - (p.y + p.height)).toBeLessThan(24);
    // Horizontally where the word is, and on screen.
    expect(p.x).toBeLessThanOrEqual(w.x + w.width);
    expect(p.x + p.width).toBeGreaterThanOrEqual(w.x);
    expect(p.x).toBeGreaterThanOrEqual(0);
    expect(p.x + p.width).toBeLessThanOrEqual(widths.desktop.width);
    expect(p.y + p.height).toBeLessThanOrEqual(widths.desktop.height);
    // Nothing covers the word: it is what the page shows at its centre.
    const onTop = await word.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(onTop).toBe(true);
    // A popup, not a modal: the page behind is neither dimmed nor locked.
    expect(await scrollLocked(page)).toBe(false);
  });

  test('near the bottom of the screen it opens above the word', async ({ page, dict, panel, learner }) => {
    await page.setViewportSize({ width: 1280, height: 640 });
    await openDictionary(dict, LONG);
    // The lowest "bank" still fully on screen.
    const banks = dict.words().filter({ hasText: /^bank$/ });
    const tops = await banks.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().bottom));
    const index = tops.findLastIndex((bottom) => bottom < 640 - 12);
    expect(index).toBeGreaterThan(2);
    const word = banks.nth(index);
    await word.click();
    await panel.expectLoaded('bank');
    const w = await boxOf(word);
    const p = await boxOf(panel.root());
    expect(p.y + p.height).toBeLessThanOrEqual(w.y + 1);
    expect(p.y).toBeGreaterThanOrEqual(0);
  });

  test('keeps Tab inside, closes on Escape and gives the word its focus back', async ({ page, dict, panel, learner }) => {
    await openDictionary(dict, SHORT);
    await dict.word('bank').focus();
    await page.keyboard.press('Enter');
    await panel.expectLoaded('bank');
    expect(await focusInside(panel.root())).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(panel.root())).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInside(panel.root())).toBe(true);
    }
    await page.keyboard.press('Escape');
    await panel.expectClosed();
    await expect(dict.word('bank')).toBeFocused();
  });

  test('a click on another word moves the popup there', async ({ page, dict, panel, learner }) => {
    await openDictionary(dict, SHORT);
    await dict.word('bank').click();
    await panel.expectLoaded('bank');
    await dict.word('boats').click();
    await panel.expectLoaded('boats');
    const w = await boxOf(dict.word('boats'));
    const p = await boxOf(panel.root());
    expect(p.x).toBeLessThanOrEqual(w.x + w.width);
    expect(p.x + p.width).toBeGreaterThanOrEqual(w.x);
    expect(p.y >= w.y + w.height - 1 || p.y + p.height <= w.y + 1).toBe(true);
  });
});

test.describe('word panel on a 375 px phone', () => {
  test.use({ viewport: widths.phone });

  test('is a bottom sheet across the screen that locks page scrolling until it closes', async ({
    page,
    dict,
    panel,
    learner,
  }) => {
    await openDictionary(dict, LONG);
    const word = dict.word('bank', 2);
    await word.click();
    await panel.expectLoaded('bank');
    await expect(panel.root()).toHaveAttribute('data-layout', 'drawer');

    // The sheet slides up for 300 ms as it opens: its place is read once it has arrived.
    await expect
      .poll(async () => {
        const box = await boxOf(panel.root());
        return Math.abs(box.y + box.height - widths.phone.height);
      })
      .toBeLessThanOrEqual(1);
    const p = await boxOf(panel.root());
    expect(Math.round(p.x)).toBe(0);
    expect(Math.round(p.width)).toBe(widths.phone.width);
    expect(p.height).toBeLessThanOrEqual(widths.phone.height * 0.85 + 1);

    // Locked: the wheel over the dimmed page moves nothing.
    expect(await scrollLocked(page)).toBe(true);
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(widths.phone.width / 2, 20);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    // Focus stays in the sheet, and comes back to the word when it closes.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(panel.root())).toBe(true);
    }
    await page.keyboard.press('Escape');
    await panel.expectClosed();
    await expect(word).toBeFocused();
    expect(await scrollLocked(page)).toBe(false);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
  });
});

test.describe('first load', () => {
  // An anonymous visitor with a free-use count of its own (they are counted per address too).
  test.use({ viewport: widths.desktop, extraHTTPHeaders: { 'x-forwarded-for': freshClientAddress() } });

  /**
   * The text of every script the page fetches, in order (`all`), and of those it asked for
   * before its load event (`firstLoad`): what comes later (code preloaded while the browser is
   * idle, or fetched on demand) is not part of the first load.
   */
  function recordScripts(page: Page): { all: string[]; firstLoad: string[] } {
    const recorded = { all: [] as string[], firstLoad: [] as string[] };
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      const early = !loaded;
      void request
        .response()
        .then((response) => response?.text())
        .then((text = '') => {
          recorded.all.push(text);
          if (early) recorded.firstLoad.push(text);
        })
        .catch(() => {});
    });
    return recorded;
  }

  // Strings only the code of these parts contains (data-testid values, zod's and Radix's names,
  // TanStack Query's message for a hook without a client).
  const markers = {
    wordPanel: 'word-panel-loading',
    settings: '"settings-overlay"',
    login: '"login-dialog"',
    quota: '"quota-dialog"',
    zod: 'ZodObject',
    radix: 'DismissableLayer',
    query: 'No QueryClient set',
  };
  const has = (scripts: string[], marker: string) => scripts.some((s) => s.includes(marker));

  for (const path of ['/', '/AboutUs', '/ContextualDict']) {
    test(`${path} loads no overlay, no zod and no Radix, nor a query library it does not use`, async ({ page }) => {
      const scripts = recordScripts(page);
      await page.goto(path);
      // Every script asked for before the load event has arrived by then; give the bodies a moment.
      await page.waitForTimeout(1000);
      expect(scripts.firstLoad.length).toBeGreaterThan(3);
      for (const [part, marker] of Object.entries(markers)) {
        // The dictionary asks queries from the start: its reading mode's passage marks render on
        // the server when the link brings a text.
        if (part === 'query' && path === '/ContextualDict') continue;
        expect(has(scripts.firstLoad, marker), `${part} in the first load of ${path}`).toBe(false);
      }
    });
  }

  test('the word panel’s code comes once the reader reaches for a word, settings’ once opened', async ({ page, dict, panel }) => {
    const scripts = recordScripts(page);
    await dict.open();
    await page.waitForTimeout(1000);
    expect(has(scripts.all, markers.wordPanel)).toBe(false);

    await dict.read(SHORT);
    await dict.word('river').click();
    await panel.expectLoaded('river');
    expect(has(scripts.all, markers.wordPanel)).toBe(true);
    await page.keyboard.press('Escape');

    expect(has(scripts.all, markers.settings)).toBe(false);
    await page.getByTestId('settings-button').click();
    await expect(page.getByTestId('settings-overlay')).toBeVisible();
    expect(has(scripts.all, markers.settings)).toBe(true);
  });
});
