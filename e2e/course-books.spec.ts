import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { importTestPaper } from './support/course-papers';
import { widths } from './support/outbox';
import { hideDebugConsole } from './support/debug-console';
import { tapUntilShown } from './support/taps';

/** The course-book screens: /aiBook/{category}, a book's units, the lessons, resuming. */

const lessonWord = (page: Page) => page.getByTestId('word-card').getAttribute('data-word');

/** Waits for the lesson's progress to be stored (the next answer of set_unit_progress). */
const progressSaved = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/set_unit_progress') && r.request().method() === 'POST');

test.beforeEach(({ page }) => hideDebugConsole(page));

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`course books (${name})`, () => {
    test.use({ viewport });

    test('四级 → the word book → a unit → the word lesson: 认识 and 不认识 land in /Words', async ({ page, learner, words }) => {
      // The first marks of a run load the word book's lemmatiser on the upstream.
      test.setTimeout(60_000);
      await page.goto('/aiBook/cet4');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('四级');
      const book = page.locator('[data-testid="course-book"][data-course="cet4-word"]');
      await expect(book).toBeVisible();
      await expect(book.getByTestId('course-book-facts')).toContainText('个单词');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await book.getByTestId('course-book-link').click();
      await expect(page).toHaveURL(/\/aiBook\/word\/detail\?category=cet4/);
      await expect(page.getByTestId('course-title')).toBeVisible();
      // No header or footer on the book's own pages.
      await expect(page.getByTestId('site-header')).toHaveCount(0);
      await expect(page.getByTestId('site-footer')).toHaveCount(0);
      const unit = page.locator('[data-testid="unit-link"][data-unit="1"]');
      await expect(unit).toHaveAttribute('data-state', 'new');
      await unit.click();

      await expect(page).toHaveURL(/\/aiBook\/word\/class\?category=cet4&unit=1/);
      // The lesson opens on its questions; the word list is a tab away.
      await expect(page.getByTestId('quiz-question')).toBeVisible();
      await expect(page.getByTestId('word-card')).toHaveCount(0);
      await page.getByTestId('lesson-tab-list').click();
      await expect(page.getByTestId('word-card')).toBeVisible();
      // The unit prints as a word sheet.
      const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByTestId('lesson-print').click()]);
      expect(sheet.suggestedFilename()).toMatch(/^语境-.+\.pdf$/);
      await expect(page.getByTestId('lesson-count')).toHaveText(/^1 \/ \d+$/);
      await expect(page.getByTestId('progress-login-notice')).toHaveCount(0);
      // A new learner knows none of the unit yet; each 认识 counts.
      await expect(page.getByTestId('unit-known-share')).toHaveText('本单元已认识 0%');
      const known = await lessonWord(page);
      const savedKnown = page.waitForResponse((r) => r.url().endsWith('/api/set_strange_status'));
      await page.getByTestId('word-known').click();
      expect((await savedKnown).ok()).toBe(true);
      await expect(page.getByTestId('unit-known-share')).not.toHaveText('本单元已认识 0%');
      await expect(page.getByTestId('lesson-count')).toHaveText(/^2 \/ /);
      const unknown = await lessonWord(page);
      expect(unknown).not.toBe(known);
      // The keyboard answers too: 2 is 不认识.
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/set_strange_status'));
      await page.keyboard.press('2');
      expect((await saved).ok()).toBe(true);
      await expect(page.getByTestId('lesson-count')).toHaveText(/^3 \/ /);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await words.goto('/Words', 'familiar');
      await expect.poll(() => words.lemmas(), { timeout: 20_000 }).toContain(known);
      await words.goto('/Words', 'strange');
      await expect.poll(() => words.lemmas(), { timeout: 20_000 }).toContain(unknown);
      // From the course: on the course word list as well.
      await words.goto('/WordsForCourse');
      await expect.poll(async () => (await words.lemmas()).sort(), { timeout: 20_000 }).toEqual([known, unknown].sort());
    });

    test('a sentence lesson: one sentence at a time, words to look up, 分析本句', async ({ page, learner, sentenceBook }) => {
      await page.goto('/aiBook/cet4');
      const book = page.locator('[data-testid="course-book"][data-course="cet4-sentence"]');
      await book.getByTestId('course-book-link').click();
      await page.locator('[data-testid="unit-link"]').first().click();
      await expect(page).toHaveURL(/\/aiBook\/sentence\/class\?/);
      const sentence = page.getByTestId('lesson-sentence');
      await expect(sentence).toBeVisible();
      const first = await sentence.textContent();
      await expect(sentence.getByTestId('word').first()).toBeVisible();

      await page.getByTestId('sentence-next').click();
      await expect(page.getByTestId('lesson-count')).toHaveText(/^2 \/ /);
      await expect(sentence).not.toHaveText(first ?? '');
      await page.keyboard.press('ArrowLeft');
      await expect(sentence).toHaveText(first ?? '');

      const analysed = page.waitForResponse((r) => r.url().endsWith('/api/analyze_sentence'));
      await page.getByTestId('sentence-analysis').click();
      await expect(page.getByTestId('chat-drawer-sentence')).toHaveText(first ?? '');
      expect((await analysed).ok()).toBe(true);
      await expect(page.getByTestId('analysis-translation')).toBeVisible({ timeout: 15_000 });

      // Analysed in a course: in the course sentence book.
      await sentenceBook.goto('/SentencesForCourse');
      await expect(sentenceBook.item((first ?? '').trim())).toHaveCount(1);
    });

    test('a reading lesson: the passage with words looked up in their sentence, read sentence by sentence', async ({
      page,
      learner,
      panel,
      sentBodies,
    }) => {
      await page.goto('/aiBook/reading/class?category=cet4&unit=1');
      const passage = page.getByTestId('reading-passage');
      await expect(passage).toBeVisible();
      const word = passage.getByTestId('word').nth(3);
      const text = (await word.textContent()) ?? '';
      await word.click();
      await panel.expectLoaded();
      const lookups = (await sentBodies('/api/query_word')) as { target_word: string; from: string; pre_context: string }[];
      expect(lookups.at(-1)).toMatchObject({ target_word: text, from: 'course' });
      expect(lookups.at(-1)?.pre_context.length).toBeGreaterThan(0);
      await panel.close().click();

      // The sentence bar: the next sentence is where the learner is, and stored.
      const current = page.getByTestId('reading-current');
      const firstSentence = await current.textContent();
      const saved = progressSaved(page);
      await page.getByRole('button', { name: '下一句' }).click();
      await expect(current).not.toHaveText(firstSentence ?? '');
      expect((await saved).ok()).toBe(true);
      await expect(page.getByTestId('lesson-count')).toHaveText(/^2 \/ /);
      await expect(page.getByTestId('reading-play')).toBeEnabled();
    });

    test('a reading lesson of a paper asks the passage’s questions after it, scores them, misses into review', async ({
      page,
      learner,
    }) => {
      expect(learner.email).toBeTruthy();
      await page.goto('/aiBook/reading/class?category=paper&unit=1');
      await expect(page.getByTestId('reading-passage')).toBeVisible();
      const questions = page.getByTestId('reading-questions').getByTestId('question');
      const count = await questions.count();
      expect(count).toBeGreaterThan(0);
      // One answered, the rest left: each left is wrong.
      await questions.nth(0).getByRole('radio').first().check();
      await page.getByTestId('test-submit').click();
      await expect(page.getByTestId('test-score-value')).toHaveText(/^\d+$/);
      await expect(page.getByTestId('question-result')).toHaveCount(count);
      if (count > 1) await expect(page.getByTestId('test-review-added')).toContainText('加入');
      await expect(page.getByTestId('reading-questions-source')).toContainText('试卷原题');
      // A text that is no exam paper asks a 词汇填空 made from it instead (e2e/reading-gap-fill.spec.ts).
      await page.goto('/aiBook/reading/class?category=cet4&unit=1');
      await expect(page.getByTestId('reading-passage')).toBeVisible();
      await expect(page.getByTestId('reading-questions-source')).toContainText('词汇填空');
    });

    test('resumes a unit where the learner stopped', async ({ page, learner }) => {
      await page.goto('/aiBook/word/class?category=cet4&unit=2');
      await expect(page.getByTestId('lesson-count')).toHaveText(/^第 1 \/ \d+ 题$/);
      await page.getByTestId('lesson-tab-list').click();
      await expect(page.getByTestId('lesson-count')).toHaveText(/^1 \/ \d+$/);
      for (const at of [2, 3, 4]) {
        const saved = progressSaved(page);
        await page.getByTestId('word-next').click();
        await expect(page.getByTestId('lesson-count')).toHaveText(new RegExp(`^${at} / `));
        await saved;
      }
      const stoppedAt = await lessonWord(page);

      await page.getByTestId('lesson-back').click();
      await expect(page).toHaveURL(/\/aiBook\/word\/detail\?category=cet4/);
      const unit = page.locator('[data-testid="unit-link"][data-unit="2"]');
      await expect(unit).toHaveAttribute('data-state', 'started');
      await expect(unit.getByTestId('unit-progress')).toContainText('学到第 4 /');
      const resume = page.getByTestId('course-resume');
      await expect(resume).toHaveAttribute('data-unit', '2');
      await resume.click();

      await expect(page).toHaveURL(/\/aiBook\/word\/class\?category=cet4&unit=2/);
      // The questions resume at the same word, and so does the word list.
      await expect(page.getByTestId('lesson-count')).toHaveText(/^第 4 \/ \d+ 题$/);
      await expect(page.getByTestId('quiz-question')).toHaveAttribute('data-word', stoppedAt ?? '');
      await page.getByTestId('lesson-tab-list').click();
      await expect(page.getByTestId('lesson-count')).toHaveText(/^4 \/ /);
      expect(await lessonWord(page)).toBe(stoppedAt);
      // A fresh load resumes there too.
      await page.reload();
      await page.getByTestId('lesson-tab-list').click();
      await expect(page.getByTestId('lesson-count')).toHaveText(/^4 \/ /);
    });

    test('/zhenti leads to 模拟 papers of every exam: answered, scored and explained, wrong answers into review', async ({
      page,
      learner,
    }) => {
      expect(learner.email).toBeTruthy();
      await page.goto('/zhenti');
      await expect(page).toHaveURL(/\/aiBook\/paper(\?|$)/);
      const book = page.locator('[data-testid="course-book"][data-course="paper-reading-question"]');
      await expect(book).toContainText('模拟卷与真题');
      await page.goto('/aiBook/reading-question/detail?category=paper');
      const tabs = page.getByTestId('level-tab');
      for (const exam of ['考研', '中考', '高考', '四级', '六级', '雅思'])
        await expect(tabs.filter({ hasText: exam })).toHaveCount(1);
      await tabs.filter({ hasText: '四级' }).click();
      await expect(tabs.filter({ hasText: '四级' })).toHaveAttribute('aria-current', 'page');
      await page.getByTestId('unit-link').filter({ hasText: '四级模拟卷' }).first().click();
      await expect(page.getByTestId('lesson-title')).toContainText('四级模拟卷');
      await expect(page.getByTestId('paper-kind')).toHaveText('模拟');
      // The CET-4 reading part: its five sections, each followed by its questions.
      await expect(page.getByTestId('paper-section')).toHaveCount(5);
      await expect(page.getByTestId('shared-options').first()).toBeVisible();
      const questions = page.getByTestId('question');
      await expect(questions).toHaveCount(31);
      await questions.nth(0).getByRole('radio').first().check();
      await page.getByTestId('translation-draft').fill('My own translation.');
      await page.getByTestId('test-submit').click();
      await expect(page.getByTestId('test-score-value')).toHaveText(/^\d+$/);
      // Every question says its answer, the passage's words behind it and why.
      const results = page.getByTestId('question-result');
      await expect(results).toHaveCount(31);
      await expect(results.nth(5)).toContainText('正确答案');
      await expect(results.nth(5).getByTestId('question-evidence')).toContainText('原文依据');
      await expect(page.getByTestId('reference-translation')).not.toBeEmpty();
      await expect(page.getByTestId('translation-draft')).toHaveValue('My own translation.');
      // The wrong answers' words went to the learner's review, in their sentences.
      await expect(page.getByTestId('test-review-added')).toContainText('加入');
    });

    test('an operator’s imported paper appears beside them, marked 真题, and is scored', async ({ page, learner }) => {
      expect(learner.email).toBeTruthy();
      importTestPaper();
      await page.goto('/aiBook/reading-question/detail?category=paper');
      // The first call after an import waits for the books to be built again.
      await expect(page.getByTestId('course-title')).toBeVisible({ timeout: 20_000 });
      await page.getByTestId('level-tab').filter({ hasText: '其他' }).click();
      await expect(page.getByTestId('level-tab').filter({ hasText: '其他' })).toHaveAttribute('aria-current', 'page');
      await page.getByTestId('unit-link').filter({ hasText: 'Cooler Streets' }).click();
      await expect(page.getByTestId('paper-kind')).toHaveText('真题');
      await expect(page.getByTestId('question-passage')).toContainText('Many cities are trying');
      const questions = page.getByTestId('question');
      await expect(questions).toHaveCount(2);
      // The first one right (B), the second wrong (B instead of A).
      await questions
        .nth(0)
        .getByRole('radio', { name: /Make streets cooler/ })
        .check();
      await questions.nth(1).getByRole('radio', { name: /Roofs/ }).check();
      await page.getByTestId('test-submit').click();
      await expect(page.getByTestId('test-score-value')).toHaveText('50');
      const results = page.getByTestId('question-result');
      await expect(results.nth(0)).toHaveAttribute('data-correct', 'true');
      await expect(results.nth(1)).toHaveAttribute('data-correct', 'false');
      await expect(results.nth(1)).toContainText('正确答案 A');
      await expect(results.nth(1)).toContainText('第二段第一句');
    });

    test('an anonymous visitor can study, is told nothing is saved, and is offered the login', async ({ page, shell }) => {
      await page.goto('/aiBook/word/class?category=cet4&unit=1');
      await expect(page.getByTestId('quiz-question')).toBeVisible();
      await page.getByTestId('lesson-tab-list').click();
      await expect(page.getByTestId('word-card')).toBeVisible();
      const notice = page.getByTestId('progress-login-notice');
      await expect(notice).toContainText('不会保存');
      await expect(page.getByTestId('unit-known-share')).toHaveCount(0);
      await page.getByTestId('word-known').click();
      await expect(page.getByTestId('lesson-count')).toHaveText(/^2 \/ /);
      await tapUntilShown(shell.loginDialog(), () => notice.getByRole('button').click({ timeout: 1000 }));
    });
  });
}

test.describe('course-book pages for crawlers', () => {
  test('the category page and the frequent words are plain HTML with links', async ({ request }) => {
    const category = await request.get('/aiBook/cet4');
    expect(category.status()).toBe(200);
    const html = await category.text();
    expect(html).toContain('href="/aiBook/word/detail?category=cet4"');
    expect(html).toContain('href="/frequentWords/cet4/word/1/50"');
    expect(html).not.toContain('noindex');

    const words = await request.get('/frequentWords/cet4/word/1/50');
    expect(words.status()).toBe(200);
    const list = await words.text();
    expect(list).toContain('data-testid="frequent-word"');
    expect(list).toContain('href="/frequentWords/cet4/word/2/50"');
    expect(list).toContain('<link rel="canonical" href="');

    for (const bad of ['/frequentWords/essay/word/1/50', '/frequentWords/cet4/pronoun/1/50', '/frequentWords/cet4/word/0/50']) {
      expect((await request.get(bad)).status(), bad).toBe(404);
    }
    expect((await request.get('/aiBook/word/detail?category=nowhere')).status()).toBe(404);
    expect((await request.get('/aiBook/word/class?category=cet4&unit=0')).status()).toBe(404);
    expect((await request.get('/aiBook/word/class?category=nowhere&unit=1')).status()).toBe(404);
  });

  test('a lesson address without a book offers the categories; a book without a unit, its unit list', async ({ page }) => {
    const chooser = await page.goto('/aiBook/sentence/class');
    expect(chooser?.status()).toBe(200);
    await expect(page.getByTestId('lesson-chooser')).toBeVisible();
    await page.getByTestId('lesson-chooser').getByRole('link', { name: '四级' }).click();
    await expect(page).toHaveURL(/\/aiBook\/cet4$/);

    await page.goto('/aiBook/word/class?category=cet4');
    await expect(page).toHaveURL(/\/aiBook\/word\/detail\?category=cet4$/);
  });
});
