import { readFile } from 'node:fs/promises';
import Database from 'better-sqlite3';
import { unzipSync } from 'fflate';
import { expect, test } from './fixtures';
import type { DictionaryPage } from './pages/dictionary-page';
import type { WordPanel } from './pages/word-panel';
import { hideDebugConsole } from './support/debug-console';
import { clickWord, sentence } from './support/reading-text';
import { widths } from './support/outbox';

const TEXT = "We sat on the bank of the river and watched the boats go by.\nThe company's sales pitch was too long.";
const CJK = /[\u4e00-\u9fff]/;

test.beforeEach(({ page }) => hideDebugConsole(page));

/** Reads TEXT in the dictionary and marks each word's sense shown 生词 in the word panel. */
async function markStrange({ dict, panel }: { dict: DictionaryPage; panel: WordPanel }, words: string[]) {
  await dict.open();
  await dict.read(TEXT);
  for (const word of words) {
    await dict.openWord(word);
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

      // The statistics show the day's reviews (the undone one not counted), drawn as charts.
      await page.goto('/review/stats');
      await expect(page.getByTestId('stats-today')).toHaveText('2');
      await expect(page.getByTestId('stats-streak')).toHaveText('1 天');
      await expect(page.getByTestId('stats-total')).toHaveText('2');
      // Bars are drawn: today's reviews, and the cards falling due.
      await expect(page.getByTestId('stats-days').locator('.recharts-bar-rectangle').first()).toBeVisible();
      await expect(page.getByTestId('stats-forecast').locator('.recharts-bar-rectangle').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
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
  // The personal centre says what waits, and leads to the statistics.
  await page.goto('/Admin');
  await expect(page.getByTestId('review-summary')).toContainText('待复习');
  await page.getByTestId('admin-review-stats').click();
  await expect(page).toHaveURL(/\/review\/stats(\?|$)/);
  await expect(page.getByTestId('review-stats')).toBeVisible();
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
  // A learner with few reviews is scheduled by FSRS's defaults until their own log can be fitted.
  await expect(page.getByTestId('review-memory')).toContainText(/使用 FSRS 默认参数；复习满 400 次后（已复习 \d+ 次）/);
  await page.getByTestId('review-retention').selectOption('0.85');
  await page.getByTestId('review-new-per-day').fill('5');
  await page.getByTestId('review-settings-save').click();
  await expect(page.getByText('复习设置已保存')).toBeVisible();
  await page.reload();
  await page.getByTestId('review-settings-toggle').click();
  await expect(page.getByTestId('review-retention')).toHaveValue('0.85');
  await expect(page.getByTestId('review-new-per-day')).toHaveValue('5');
});

test('a text shows how much of it the learner knows and marks a word waiting for review, which the word panel reviews', async ({
  page,
  learner,
  dict,
  panel,
}) => {
  await page.setViewportSize(widths.desktop);
  await markStrange({ dict, panel }, ['bank']);
  // The dictionary's reading mode: the marks were read again after the mark.
  await expect(page.getByTestId('known-share')).toContainText(/本文已认识 \d+%/);
  await expect(page.getByTestId('mark-due')).toHaveText('待复习 1');
  await expect(page.getByTestId('due-list')).toHaveText('bank');
  await expect(dict.word('bank')).toHaveAttribute('data-marks', /\bdue\b/);
  await expect(dict.word('river')).not.toHaveAttribute('data-marks', /\bdue\b/);

  // A reading page: the share, and the waiting word marked over the server's text.
  const story = await page.request.post('/api/query_word', {
    data: {
      pre_context: 'The ',
      target_word: 'piano',
      post_context: ' appeared at the railway station one Monday in early spring.',
      from: 'ShortStoryArticle',
    },
  });
  const gloss = ((await story.json()) as { result: { gloss: { sense_id: string }[] }[] }).result[0].gloss[0];
  const marked = await page.request.post('/api/set_strange_status', {
    data: {
      word: 'piano',
      strange: 1,
      sense_id: String(gloss.sense_id),
      pre_context: 'The ',
      post_context: ' appeared at the railway station one Monday in early spring.',
    },
  });
  expect(((await marked.json()) as { data: { card_id: number } }).data.card_id).toBeGreaterThan(0);
  await page.goto('/ShortStoryArticle/the-piano-at-the-station');
  await expect(page.getByTestId('reading-known')).toContainText(/本文已认识 \d+%/, { timeout: 30_000 });
  await expect(page.getByTestId('reading-due')).toContainText('待复习的词 1 个');
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...((CSS.highlights.get('reading-mark-due') as Iterable<Range> | undefined) ?? [])].map((r) =>
          r.toString().toLowerCase(),
        ),
      ),
    )
    .toContain('piano');

  // Met while reading, the word is reviewed from the word panel.
  await clickWord(page, sentence(page, 'The piano appeared at the railway station'), 'piano');
  await panel.expectLoaded('piano');
  await expect(panel.root().getByTestId('waiting-card')).toContainText('还记得吗');
  await panel.root().getByTestId('waiting-card-remembered').click();
  await expect(panel.root().getByTestId('waiting-card-done')).toHaveText('已记录，10分钟后再复习');
});

test('an anonymous visitor is asked to log in', async ({ page, review }) => {
  await review.goto();
  await expect(page.getByTestId('login-required')).toBeVisible();
});

test('a new learner sees how cards come to be', async ({ learner, review }) => {
  await review.goto();
  await expect(review.empty()).toContainText('还没有要复习的词');
});
