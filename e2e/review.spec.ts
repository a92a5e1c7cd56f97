import { readFile } from 'node:fs/promises';
import Database from 'better-sqlite3';
import { unzipSync } from 'fflate';
import { expect, test } from './fixtures';
import type { DictionaryPage } from './pages/dictionary-page';
import type { WordPanel } from './pages/word-panel';
import { hideDebugConsole } from './support/debug-console';
import { widths } from './support/outbox';

const TEXT = "We sat on the bank of the river and watched the boats go by.\nThe company's sales pitch was too long.";
const CJK = /[\u4e00-\u9fff]/;

test.beforeEach(({ page }) => hideDebugConsole(page));

/** Reads TEXT in the dictionary and marks each word's sense shown 生词 in the word panel. */
async function markStrange({ dict, panel }: { dict: DictionaryPage; panel: WordPanel }, words: string[]) {
  await dict.open();
  await dict.read(TEXT);
  for (const word of words) {
    await dict.word(word).click();
    await panel.expectLoaded(word);
    const strange = panel.root().getByTestId('mark-sense-strange');
    await strange.click();
    await expect(strange).toHaveAttribute('aria-pressed', 'true');
    await panel.close().click();
    await panel.expectClosed();
  }
}

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`review (${name})`, () => {
    test.use({ viewport });

    test('words marked 生词 in the word panel are reviewed in their own sentences, by keyboard, with undo', async ({
      page,
      learner,
      dict,
      panel,
      review,
    }) => {
      await markStrange({ dict, panel }, ['bank', 'pitch']);

      await review.goto();
      const first = await review.expectCard();
      await expect(review.fresh()).toHaveText('2');
      // The learner's own sentence, the word blanked.
      await expect(review.sentence()).toContainText('We sat on the');
      await expect(review.sentence()).toContainText('of the river and watched the boats go by.');
      await expect(review.blank()).not.toContainText('bank');
      await expect(review.answer()).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await page.keyboard.press('Space');
      await expect(review.answer()).toBeVisible();
      await expect(review.blank()).toHaveText('bank');
      await expect(review.word()).toHaveText('bank');
      await expect(review.senseZh()).toContainText(CJK);
      // Each button says when the card would come back.
      await expect(review.interval(1)).toHaveText('1分钟');
      await expect(review.interval(3)).toHaveText('10分钟');
      await expect(review.interval(4)).toHaveText(/天$/);
      if (viewport.width < 768) {
        // The ratings sit at the bottom of the screen, in thumb reach.
        const box = await review.rate(3).boundingBox();
        expect(box && box.y + box.height).toBeGreaterThan(viewport.height * 0.8);
      }

      await page.keyboard.press('3');
      await expect(review.card()).not.toHaveAttribute('data-card-id', first);
      await expect(review.done()).toHaveText('1');
      await expect(review.sentence()).toContainText('sales');

      // Undo brings the first card back, as it was before the rating.
      await expect(review.undo()).toBeVisible();
      await page.keyboard.press('z');
      await expect(review.card()).toHaveAttribute('data-card-id', first);
      await expect(review.done()).toHaveText('0');
      await expect(review.fresh()).toHaveText('2');

      // 简单 sends both away for days, by click this time: the session ends.
      await review.reveal().click();
      await review.rate(4).click();
      await expect(review.card()).not.toHaveAttribute('data-card-id', first);
      await review.reveal().click();
      await review.rate(4).click();
      await expect(review.finished()).toBeVisible();
      await expect(review.finished()).toContainText('今日共复习 2 次');

      // Still so after a reload: the ratings were kept.
      await page.reload();
      await expect(review.finished()).toBeVisible();
    });
  });
}

test('the account menu shows how many cards wait', async ({ page, learner, dict, panel, shell }) => {
  await page.setViewportSize(widths.desktop);
  await markStrange({ dict, panel }, ['bank']);
  await page.getByTestId('account-trigger').click();
  await expect(page.getByTestId('account-review')).toContainText('复习');
  await expect(page.getByTestId('review-due-badge')).toHaveText('1');
  await page.getByTestId('account-review').click();
  await expect(page).toHaveURL(/\/review(\?|$)/);
});

test('the cards export to Anki and to CSV, and the review settings are kept', async ({ page, learner, dict, panel, review }) => {
  await page.setViewportSize(widths.desktop);
  await markStrange({ dict, panel }, ['bank']);
  // The word book and the history say the Chinese of the sense the word was met in.
  await page.goto('/Words');
  await expect(page.locator('[data-testid="word-list-row"][data-lemma="bank"]').getByTestId('word-list-zh')).toContainText(CJK);
  await page.goto('/ContextualDictHistory');
  await expect(page.getByTestId('history-zh').first()).toContainText(CJK);
  await review.goto();
  await review.expectCard();

  const saved = async (testId: string) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
    return { name: download.suggestedFilename(), bytes: new Uint8Array(await readFile((await download.path()) ?? '')) };
  };
  const csv = await saved('review-export-csv');
  expect(csv.name).toMatch(/^语境生词-\d{4}-\d\d-\d\d\.csv$/);
  expect([...csv.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = new TextDecoder().decode(csv.bytes).split('\r\n');
  expect(rows[1]).toMatch(/^bank,n\.,[^,]*[\u4e00-\u9fff]/);
  expect(rows[1]).toContain('We sat on the bank of the river and watched the boats go by.');

  const apkg = await saved('review-export-apkg');
  expect(apkg.name).toMatch(/\.apkg$/);
  const files = unzipSync(apkg.bytes);
  expect(Object.values(JSON.parse(new TextDecoder().decode(files.media)))).toHaveLength(2);
  const collection = new Database(Buffer.from(files['collection.anki2']));
  try {
    const notes = collection.prepare('SELECT flds FROM notes').all() as { flds: string }[];
    expect(notes).toHaveLength(1);
    expect(notes[0].flds.split('\x1f')[0]).toBe('We sat on the {{c1::bank}} of the river and watched the boats go by.');
  } finally {
    collection.close();
  }

  await page.getByTestId('review-settings-toggle').click();
  await expect(page.getByTestId('review-retention')).toHaveValue('0.9');
  await page.getByTestId('review-retention').selectOption('0.85');
  await page.getByTestId('review-new-per-day').fill('5');
  await page.getByTestId('review-settings-save').click();
  await expect(page.getByText('复习设置已保存')).toBeVisible();
  await page.reload();
  await page.getByTestId('review-settings-toggle').click();
  await expect(page.getByTestId('review-retention')).toHaveValue('0.85');
  await expect(page.getByTestId('review-new-per-day')).toHaveValue('5');
});

test('an anonymous visitor is asked to log in', async ({ page, review }) => {
  await review.goto();
  await expect(page.getByTestId('login-required')).toBeVisible();
});

test('a new learner sees how cards come to be', async ({ learner, review }) => {
  await review.goto();
  await expect(review.empty()).toContainText('还没有要复习的词');
});
