import { expect, test } from './fixtures';
import { widths } from './support/outbox';
import { hideDebugConsole } from './support/debug-console';

/*
 * A word lesson asks before it tells: the questions come first, no word's Chinese is on the
 * screen before its question is answered, and every miss goes into a logged-in learner's review.
 */

test.beforeEach(({ page }) => hideDebugConsole(page));

const unit = { course_id: 'cet4-word', unit: 5 };
const lesson = `/aiBook/word/class?category=cet4&unit=${unit.unit}`;

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`a word lesson (${name})`, () => {
    test.use({ viewport });

    test('asks before it tells, scores the unit, and puts the miss into review', async ({ page, learner, wordQuiz, review }) => {
      test.setTimeout(120_000);
      expect(learner.email).toBeTruthy();
      await page.goto(lesson);
      const words = await wordQuiz.unitWords(unit.course_id, unit.unit);
      expect(words.length).toBeGreaterThan(4);
      await expect(wordQuiz.count()).toHaveText(`第 1 / ${words.length} 题`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // The first question: no Chinese of this word, nor of any word still to come.
      const first = await wordQuiz.current();
      expect(first.word).toBe(words[0].word);
      expect(await wordQuiz.showsMeaningOf(words)).toEqual([]);
      await wordQuiz.answer(words, true);
      // Answered, its meaning is shown; the later words' still are not.
      expect(await wordQuiz.showsMeaningOf(words.slice(0, 1))).not.toEqual([]);
      expect(await wordQuiz.showsMeaningOf(words.slice(1))).toEqual([]);
      await wordQuiz.next();

      // The second: answered wrong, the answer is shown.
      await expect(wordQuiz.count()).toHaveText(`第 2 / ${words.length} 题`);
      const second = await wordQuiz.current();
      expect(await wordQuiz.showsMeaningOf(words.slice(1))).toEqual([]);
      await wordQuiz.answer(words, false);
      if (second.kind !== 'recall' && second.kind !== 'choice') {
        await expect(page.getByTestId('quiz-answer')).toContainText('正确答案');
      }
      await wordQuiz.next();

      // The rest right, each kind in turn.
      const kinds = new Set([first.kind, second.kind]);
      for (let i = 2; i < words.length; i++) {
        await expect(wordQuiz.count()).toHaveText(`第 ${i + 1} / ${words.length} 题`);
        const now = await wordQuiz.current();
        kinds.add(now.kind);
        // A choice shows the word's meaning as one option, and no later word's.
        expect(await wordQuiz.showsMeaningOf(words.slice(i + 1))).toEqual([]);
        await wordQuiz.answer(words, true);
        await wordQuiz.next();
      }
      // The kinds are mixed (a blank needs a sentence from the library, which not every word has).
      for (const kind of ['recall', 'choice', 'spell']) expect(kinds).toContain(kind);

      await expect(wordQuiz.score()).toHaveText(`答对 ${words.length - 1} / ${words.length}`);
      await expect(wordQuiz.missed().locator('li')).toHaveCount(1);
      await expect(wordQuiz.missed().locator('li')).toHaveAttribute('data-word', second.word);
      await expect(wordQuiz.reviewNote()).toHaveText('已加入复习 1 个词');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // 再练一遍错题: the missed word alone, asked again.
      await page.getByTestId('quiz-retry').click();
      await expect(wordQuiz.count()).toHaveText('第 1 / 1 题');
      expect((await wordQuiz.current()).word).toBe(second.word);

      // The missed word waits in review.
      await review.goto();
      await review.expectCard();
      await page.keyboard.press('Space');
      await expect(review.word()).toHaveText(second.word);
    });
  });
}

test('an anonymous learner is told that misses go into review after logging in', async ({ page, wordQuiz }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(widths.phone);
  await page.goto(lesson);
  const words = await wordQuiz.unitWords(unit.course_id, unit.unit);
  for (let i = 0; i < words.length; i++) {
    await expect(wordQuiz.count()).toHaveText(`第 ${i + 1} / ${words.length} 题`);
    await wordQuiz.answer(words, i !== 0);
    await wordQuiz.next();
  }
  await expect(wordQuiz.score()).toHaveText(`答对 ${words.length - 1} / ${words.length}`);
  await expect(wordQuiz.reviewNote()).toHaveText('登录后错题会加入复习');
});
