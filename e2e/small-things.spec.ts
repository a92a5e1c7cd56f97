import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { widths } from './support/outbox';
import { freshClientAddress } from './support/visitors';

/*
 * The small things a learner notices (issue 35): a quiet console on the pages a visitor lands on,
 * a way past the menu for the keyboard, and a suggestion for a misspelt word.
 */

/** The console's errors and the /api answers of 400 and above, from now on. */
function watchFaults(page: Page): { errors: string[]; failed: string[] } {
  const errors: string[] = [];
  const failed: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('response', (answer) => {
    const { pathname } = new URL(answer.url());
    if (pathname.startsWith('/api/') && answer.status() >= 400) failed.push(`${answer.status()} ${pathname}`);
  });
  return { errors, failed };
}

test.describe('an anonymous visit', () => {
  test.use({ viewport: widths.desktop });

  for (const path of ['/', '/ShortStoryArticle/the-lost-umbrella', '/aiBook/cet4']) {
    test(`${path} logs no console error and gets no 4xx from /api`, async ({ page, shell }) => {
      const faults = watchFaults(page);
      await page.goto(path);
      // Hydrated, and the header has learnt that nobody is logged in.
      await expect(shell.loginButton()).toBeVisible();
      // The shell's services load as the page hydrates and may ask once more meanwhile.
      await page.waitForLoadState('networkidle');
      expect(faults.failed).toEqual([]);
      expect(faults.errors).toEqual([]);
    });
  }
});

test.describe('the keyboard', () => {
  test.use({ viewport: widths.desktop });

  for (const path of ['/', '/ShortStoryArticle/the-lost-umbrella']) {
    test(`on ${path} the first Tab reaches 跳到正文, and Enter takes the focus to the main content`, async ({ page, shell }) => {
      await page.goto(path);
      await expect(shell.loginButton()).toBeVisible();
      const skip = page.getByTestId('skip-link');
      // Hidden until focused.
      expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
      await page.keyboard.press('Tab');
      await expect(skip).toBeFocused();
      await expect(skip).toHaveText('跳到正文');
      expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(20);
      await page.keyboard.press('Enter');
      await expect(page.locator('main#main')).toBeFocused();
      // The next Tab goes on inside the main content, past the header.
      await page.keyboard.press('Tab');
      const inMain = await page.evaluate(() => !!document.activeElement?.closest('main'));
      expect(inMain).toBe(true);
    });
  }

  test('in the lookup form the text box comes before 开始查词, which is still drawn above it', async ({ page, dict }) => {
    await dict.open();
    await dict.input().fill('The plane took off.');
    await dict.input().focus();
    await page.keyboard.press('Tab');
    // 清空 (shown once there is text), then 开始查词.
    await expect(page.getByTestId('clear-text')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dict.readButton()).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(dict.input()).toBeFocused();
    // The look is unchanged: the bar with 开始查词 sits above the text box.
    const bar = await dict.readButton().boundingBox();
    const box = await dict.input().boundingBox();
    expect(bar && box && bar.y + bar.height <= box.y).toBe(true);
  });
});

test.describe('a misspelt word', () => {
  test.use({ viewport: widths.desktop, extraHTTPHeaders: { 'x-forwarded-for': freshClientAddress() } });

  test('is answered with 你要找的是不是 and the words it may be, each a lookup of its own', async ({ dict, panel }) => {
    await dict.open();
    await dict.read('I will recieve the parcel tomorrow.');
    await dict.word('recieve').click();
    await expect(panel.notFound()).toBeVisible({ timeout: 15_000 });
    const suggestions = panel.root().getByTestId('spelling-suggestions');
    await expect(suggestions).toContainText('你要找的是不是：');
    const first = suggestions.getByTestId('spelling-suggestion').first();
    await expect(first).toHaveText('receive');
    await first.click();
    await panel.expectLoaded('receive');
    await expect(panel.notFound()).toHaveCount(0);
    await expect(panel.selectedTab()).toHaveText('receive');
    await expect(panel.firstGloss()).toBeVisible();
  });
});
