import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { widths } from './support/outbox';

/**
 * Takes the whole test as a learner who knows short words: 认识 to words of up to six letters
 * (by key 1 or by button, alternately), 不认识 to longer ones; in the meaning checks the first
 * option, or 不认识 for every other one.
 */
async function takeTest(page: Page) {
  await page.getByTestId('assessment-start').click();
  const test = page.getByTestId('assessment-test');
  await expect(test).toBeVisible();
  for (let n = 0; n < 60; n++) {
    const result = page.getByTestId('assessment-result');
    const word = page.getByTestId('assessment-word');
    await expect(word.or(result)).toBeVisible();
    if (await result.isVisible()) return;
    const progress = await page.getByTestId('assessment-progress').textContent();
    const text = (await word.textContent())?.trim() ?? '';
    if (await page.getByTestId('assessment-yes').isVisible()) {
      const yes = text.length <= 6;
      if (n % 2 === 0) await page.keyboard.press(yes ? '1' : '2');
      else await page.getByTestId(yes ? 'assessment-yes' : 'assessment-no').click();
    } else {
      await expect(page.getByTestId('assessment-option')).toHaveCount(4);
      if (n % 2 === 0) await page.getByTestId('assessment-option').first().click();
      else await page.getByTestId('assessment-dont-know').click();
    }
    // The next item (or the result) is on screen before the next answer.
    await expect(page.getByTestId('assessment-progress').or(result)).not.toHaveText(progress ?? '');
  }
  await expect(page.getByTestId('assessment-result')).toBeVisible();
}

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`vocabulary assessment (${name})`, () => {
    test.use({ viewport });
    // 54 answers through the browser, and the first result waits for the course books to be built.
    test.describe.configure({ timeout: 180_000 });

    test('a visitor takes the test and sees an estimate, the exam levels and the books to start with', async ({ page }) => {
      await page.goto('/assessment');
      await expect(page.getByRole('heading', { name: '词汇量测试' })).toBeVisible();
      await takeTest(page);
      await expect(page.getByTestId('assessment-size')).toHaveText(/^[\d,]+\s*词$/);
      await expect(page.getByTestId('assessment-range')).toContainText('之间');
      await expect(page.getByTestId('assessment-exam')).toHaveCount(9);
      const book = page.getByTestId('assessment-book').first();
      await expect(book).toBeVisible();
      await expect(book.getByRole('link').first()).toHaveAttribute('href', /^\/aiBook\/word\/detail\?category=/);
      await expect(page.getByTestId('assessment-login-invite')).toBeVisible();
      // Nothing spills sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await book.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/aiBook\/word\/detail\?category=/);
    });

    test('quitting early goes back to the start', async ({ page }) => {
      await page.goto('/assessment');
      await page.getByTestId('assessment-start').click();
      await expect(page.getByTestId('assessment-progress')).toHaveText(/^0\//);
      await page.keyboard.press('1');
      await expect(page.getByTestId('assessment-progress')).toHaveText(/^1\//);
      page.once('dialog', (dialog) => dialog.accept());
      await page.getByTestId('assessment-quit').click();
      await expect(page.getByTestId('assessment-intro')).toBeVisible();
    });

    test("a logged-in learner's result is kept and shows in the personal centre", async ({ page, learner }) => {
      void learner;
      await page.goto('/assessment');
      await takeTest(page);
      await expect(page.getByTestId('assessment-kept')).toBeVisible();
      const size = (await page.getByTestId('assessment-size').textContent())?.replace(/\s*词$/, '').trim();
      await page.goto('/Admin');
      await expect(page.getByTestId('assessment-summary-size')).toHaveText(size ?? '');
    });
  });
}
