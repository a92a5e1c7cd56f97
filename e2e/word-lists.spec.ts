import { expect, test } from './fixtures';
import { widths } from './support/outbox';
import { lookUp, type Lookup } from './support/visitors';
import { tapUntilShown } from './support/taps';

// Words whose lemma is the form itself, each in a sentence of its own.
const river: Lookup = { pre: 'It rained all day. We sat on the bank of the ', word: 'river', post: ' until dark.' };
const salary: Lookup = { pre: 'She deposited her ', word: 'salary', post: ' at the bank.' };
const station: Lookup = { pre: 'We ran to the ', word: 'station', post: ' in the rain.' };
const company: Lookup = { pre: 'He wants to run a ', word: 'company', post: ' one day.', from: 'course' };

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`the lookup history (${name})`, () => {
    test.use({ viewport });

    test('lists the lookups newest first, each in its sentence, and reopens one in the word panel', async ({
      page,
      learner,
      history,
      panel,
    }) => {
      for (const lookup of [river, salary, station]) await lookUp(page, lookup);

      await history.goto();
      await expect(history.list()).toBeVisible();
      expect(await history.words()).toEqual(['station', 'salary', 'river']);
      // Only the word's own sentence, with the word marked in it.
      const riverItem = history.item('river');
      await expect(riverItem.getByTestId('history-sentence')).toHaveText('We sat on the bank of the river until dark.');
      await expect(riverItem.locator('mark')).toHaveText('river');
      await expect(page.getByRole('heading', { name: '今天' })).toBeVisible();
      // No footer on this screen.
      await expect(page.getByTestId('site-footer')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // Reopening shows the answer given then and is not counted as a new lookup.
      const remaining = async () =>
        ((await (await page.request.get('/api/get_remain_vip_num')).json()) as { data: { remain: { query_word: number } } }).data
          .remain.query_word;
      const before = await remaining();
      await history.item('salary').click();
      await panel.expectLoaded('salary');
      expect(await remaining()).toBe(before);
      await history.goto();
      await expect(history.items()).toHaveCount(3);
      expect(await history.words()).toEqual(['station', 'salary', 'river']);
    });

    test('a user with no lookups is invited to the dictionary', async ({ page, learner, history }) => {
      await history.goto();
      await expect(history.empty()).toContainText('还没有查词记录');
      await history.empty().getByRole('link').click();
      await expect(page).toHaveURL(/\/ContextualDict(\?|$)/);
    });

    test('an anonymous visitor is asked to log in', async ({ page, history, shell }) => {
      await history.goto();
      await expect(history.loginRequired()).toBeVisible();
      // A click that lands before the page has hydrated does nothing; try again until it opens.
      // Once the dialog is on its way (its code loads on first open, slower on a busy machine),
      // it covers the button: then only wait for it.
      await tapUntilShown(shell.loginDialog(), () => page.getByTestId('login-required-button').click({ timeout: 1000 }));
    });
  });

  test.describe(`the word lists (${name})`, () => {
    test.use({ viewport });

    test('marking 生词 and 熟词 moves words between the filters and survives a reload', async ({ page, learner, words }) => {
      for (const lookup of [river, salary, station]) await lookUp(page, lookup);

      await words.goto('/Words');
      await words.expectLemmas(['river', 'salary', 'station']);
      await expect(page.getByTestId('site-footer')).toHaveCount(0);
      await words.showFilter('strange');
      await expect(words.empty()).toContainText('还没有标记为生词的单词');

      await words.showFilter('all');
      await words.markStrange('river').click();
      await expect(words.markStrange('river')).toHaveAttribute('aria-pressed', 'true');
      await words.markFamiliar('salary').click();
      await expect(words.markFamiliar('salary')).toHaveAttribute('aria-pressed', 'true');
      await expect(words.markStrange('salary')).toHaveAttribute('aria-pressed', 'false');

      await words.showFilter('strange');
      await words.expectLemmas(['river']);
      await words.showFilter('familiar');
      await words.expectLemmas(['salary']);
      await expect(page).toHaveURL(/filter=familiar/);

      await page.reload();
      await expect(words.tab('familiar')).toHaveAttribute('aria-selected', 'true');
      await words.expectLemmas(['salary']);

      // Marked 生词 from the 熟词 list, the word leaves it at once.
      await words.markStrange('salary').click();
      await expect(words.empty()).toContainText('还没有标记为熟词的单词');
      await words.showFilter('strange');
      await words.expectLemmas(['river', 'salary']);
      await page.reload();
      await words.expectLemmas(['river', 'salary']);
    });

    test('a failed mark is undone and says so', async ({ page, learner, words }) => {
      await lookUp(page, river);
      await words.goto('/Words');
      await words.expectLemmas(['river']);

      await page.route('**/api/set_strange_status', (route) => route.abort('connectionfailed'));
      await words.markStrange('river').click();
      await expect(page.getByTestId('toast-error').filter({ hasText: 'river 标记失败' })).toBeVisible();
      await expect(words.markStrange('river')).toHaveAttribute('aria-pressed', 'false');
      await page.unroute('**/api/set_strange_status');

      await page.reload();
      await expect(words.markStrange('river')).toHaveAttribute('aria-pressed', 'false');
    });

    test('each source shows its own words; a word opens in its sentence and plays', async ({ page, learner, words, panel }) => {
      await lookUp(page, station);
      await lookUp(page, company);

      await words.goto('/WordsForCourse');
      await words.expectLemmas(['company']);
      await words.goto('/WordsForContextualDict');
      await words.expectLemmas(['station']);
      await words.goto('/Words');
      await words.expectLemmas(['company', 'station']);

      const row = words.row('station');
      await expect(row.getByTestId('word-list-sentence')).toBeHidden();
      await row.getByTestId('word-list-sentence-toggle').click();
      await expect(row.getByTestId('word-list-sentence')).toHaveText('We ran to the station in the rain.');
      await expect(row.getByTestId('word-list-sentence').locator('mark')).toHaveText('station');

      await expect(row.getByRole('button', { name: '朗读 station' })).toBeVisible();

      await row.getByTestId('word-list-word').click();
      await panel.expectLoaded('station');
    });

    test('an anonymous visitor is asked to log in', async ({ words }) => {
      await words.goto('/WordsForContextualDict');
      await expect(words.loginRequired()).toBeVisible();
    });
  });
}
