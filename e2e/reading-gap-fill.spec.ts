import { expect, test } from './fixtures';
import { widths } from './support/outbox';
import { hideDebugConsole } from './support/debug-console';

/*
 * A reading unit of a library text (no exam paper) asks a 词汇填空 made from its own sentences:
 * the learner fills the blanks, by keyboard too, hands in, sees the score, and the miss goes into
 * their review.
 */

test.beforeEach(({ page }) => hideDebugConsole(page));

const unit = { category: 'cet4', course_id: 'cet4-reading', unit: 1 };

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`a reading lesson's gap-fill (${name})`, () => {
    test.use({ viewport });

    test('answers the gap-fill of a library passage and sees the score; the miss goes into review', async ({
      page,
      learner,
      readingLesson,
    }) => {
      test.setTimeout(90_000);
      expect(learner.email).toBeTruthy();
      await readingLesson.goto(unit.category, unit.unit);
      await expect(readingLesson.passage()).toBeVisible();
      const questions = await readingLesson.gapFill(unit.course_id, unit.unit);
      expect(questions.length).toBeGreaterThanOrEqual(3);
      expect(questions.every((q) => q.right)).toBe(true);

      const section = readingLesson.section();
      await expect(section.getByRole('heading', { name: `本文练习（${questions.length} 题）` })).toBeVisible();
      await expect(readingLesson.source()).toContainText('词汇填空');
      await expect(readingLesson.questions()).toHaveCount(questions.length);
      // Each question shows its blank, and four words.
      await expect(section.getByTestId('question-blank')).toHaveCount(questions.length);
      await expect(readingLesson.questions().first().getByRole('radio')).toHaveCount(4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // The first by keyboard: to its right word, and Space chooses it.
      const [first, second, ...rest] = questions;
      await readingLesson.option(first.number, first.right).focus();
      await page.keyboard.press('Space');
      await expect(readingLesson.option(first.number, first.right)).toBeChecked();
      // The second wrong, the rest right.
      const wrongKey = second.options.find((o) => o.key !== second.right)?.key ?? '';
      await readingLesson.option(second.number, wrongKey).check();
      for (const q of rest) await readingLesson.option(q.number, q.right).check();

      await readingLesson.submit().click();
      const expected = Math.round((100 * (questions.length - 1)) / questions.length);
      await expect(readingLesson.score()).toHaveText(String(expected));
      await expect(page.getByTestId('test-score')).toContainText(`答对 ${questions.length - 1} / ${questions.length} 题`);
      await expect(readingLesson.results()).toHaveCount(questions.length);
      // The miss: the right word fills its blank, the sentence and the word's Chinese are shown.
      const missed = readingLesson.results().nth(1);
      await expect(missed).toHaveAttribute('data-correct', 'false');
      const word = second.options.find((o) => o.key === second.right)?.text ?? '';
      await expect(readingLesson.questions().nth(1).getByTestId('question-blank')).toHaveText(word);
      await expect(missed.getByTestId('question-evidence')).toContainText(second.stem.replace('____', word));
      await expect(missed).toContainText(`原文用的是 ${word}`);
      await expect(readingLesson.reviewAdded()).toContainText('1 个关键词');
    });
  });
}
