import { essayWithThreeSlips } from '../tests/support/writer-essays';
import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { widths } from './support/outbox';

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`the writer (${name})`, () => {
    test.use({ viewport });

    test('an essay’s misspelling, disagreement and missing article are flagged in place, in Chinese', async ({
      page,
      writer,
    }) => {
      await writer.open();
      await expect(page.getByTestId('writer-empty')).toBeVisible();
      await writer.write(essayWithThreeSlips);
      await writer.check();

      await expect(writer.marks()).toHaveCount(3);
      await expect(writer.listItems()).toHaveCount(3);
      await expect(page.getByTestId('writer-flag-summary')).toContainText('共 3 处');

      // Each slip is underlined where it is; a click shows its explanation in Chinese.
      await writer.mark('go').click();
      await expect(writer.explanation()).toHaveAttribute('data-kind', 'agreement');
      await expect(writer.explanation()).toContainText('主谓不一致');
      await expect(writer.explanation()).toContainText('goes');

      await writer.mark('recieve').click();
      await expect(writer.explanation()).toHaveAttribute('data-kind', 'spelling');
      await expect(writer.explanation()).toContainText('拼错');
      await expect(writer.explanation()).toContainText('receive');

      await writer.mark('car').click();
      await expect(writer.explanation()).toHaveAttribute('data-kind', 'article');
      await expect(writer.explanation()).toContainText('缺少冠词');
      await expect(writer.explanation()).toContainText('a car');

      // The keyboard reaches them too: the previous mark by Shift+Tab shows its explanation.
      await page.keyboard.press('Shift+Tab');
      await expect(writer.mark('recieve')).toBeFocused();
      await expect(writer.explanation()).toHaveAttribute('data-kind', 'spelling');

      // The profile, and no made-up review without a model.
      await expect(page.getByTestId('writer-profile')).toContainText('词数');
      await expect(page.getByTestId('writer-review-unavailable')).toContainText('本站暂未开通 AI 点评');

      expect(await seriousViolations(page, `/writer (${name})`)).toEqual([]);

      // The screen fits the width: nothing scrolls sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test('a logged-in learner’s draft survives a reload', async ({ page, writer, learner }) => {
      void learner;
      await writer.open();
      await expect(writer.saveButton()).toBeVisible();
      const text = `${essayWithThreeSlips}\n\nI wrote this on my ${name === 'phone' ? 'phone' : 'computer'}.`;
      await writer.write(text);
      await writer.saveButton().click();
      await expect(page).toHaveURL(/[?&]draft=\d+/);
      await expect(writer.drafts()).toHaveCount(1);
      await expect(writer.drafts().first()).toContainText('My Weekend');

      await page.reload();
      await expect(writer.input()).toHaveValue(text);
      await expect(writer.drafts()).toHaveCount(1);

      // Opened afresh from the list, then checked as it was.
      await page.getByTestId('writer-new').click();
      await expect(writer.input()).toHaveValue('');
      await page.getByTestId('writer-draft-open').click();
      await expect(writer.input()).toHaveValue(text);
      await writer.check();
      await expect(writer.marks()).toHaveCount(3);
    });
  });
}
