import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { widths } from './support/outbox';
import { clickWord, sentence } from './support/reading-text';
import { freshClientAddress } from './support/visitors';

// "residents" and "effective" are the passage's CET-4 words (ECDICT lists no easier exam for
// them); "the", "city", "policy" are 中考/高考 words and stay unmarked under 四级. Under 中考,
// "welcomed" and "doubted" are marked, while "the" and "city", though ECDICT tags them 中考, are
// basic words every learner knows (lib/client/passage/passage-marks.ts isExamWord).
const PASSAGE =
  'The government announced a new policy to reduce pollution in the city. Many residents welcomed the decision, ' +
  'although some experts doubted whether it would be effective. We look forward to seeing the results.';

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`passage marks in the contextual dictionary (${name})`, () => {
    test.use({ viewport });

    test.describe('a visitor', () => {
      test.use({ extraHTTPHeaders: { 'x-forwarded-for': freshClientAddress() } });

      test('turns on 考试词 (四级) and sees the CET-4 words marked and counted; phrases are a member feature', async ({
        page,
        dict,
        sentBodies,
      }) => {
        // Many steps and an accessibility scan on a machine shared with other builds.
        test.slow();
        await dict.open();
        await dict.read(PASSAGE);
        const marks = page.getByTestId('passage-marks');
        await expect(marks).toHaveAttribute('data-state', 'ready');
        // One parse for the text, as sent.
        expect(await sentBodies('/api/parse_text')).toEqual([{ text: PASSAGE }]);

        // Nothing is marked until the reader asks.
        await expect(page.locator('[data-testid="word"][data-marks]')).toHaveCount(0);
        const exam = page.getByTestId('mark-exam');
        await expect(exam).toHaveAttribute('aria-pressed', 'false');
        await page.getByTestId('mark-exam-choice').selectOption({ label: '四级' });
        await expect(exam).toHaveAttribute('aria-pressed', 'true');

        await expect(dict.word('residents')).toHaveAttribute('data-marks', 'exam');
        await expect(dict.word('effective')).toHaveAttribute('data-marks', 'exam');
        await expect(dict.word('city')).not.toHaveAttribute('data-marks');
        await expect(page.locator('[data-testid="word"][data-marks~="exam"]')).toHaveCount(2);
        await expect(page.getByTestId('legend-exam')).toContainText('四级词 2 个');
        // The mark is drawn: a tinted background.
        const tint = await dict.word('residents').evaluate((el) => getComputedStyle(el).backgroundColor);
        expect(tint).not.toBe('rgba(0, 0, 0, 0)');

        // Another exam from the chooser: 中考 marks its own words instead, not the basic ones.
        await page.getByTestId('mark-exam-choice').selectOption({ label: '中考' });
        await expect(dict.word('welcomed')).toHaveAttribute('data-marks', 'exam');
        await expect(dict.word('doubted')).toHaveAttribute('data-marks', 'exam');
        await expect(dict.word('city')).not.toHaveAttribute('data-marks');
        await expect(dict.word('the')).not.toHaveAttribute('data-marks');
        await expect(dict.word('residents')).not.toHaveAttribute('data-marks');

        // The keyboard turns the marks off again.
        await exam.focus();
        await page.keyboard.press('Enter');
        await expect(exam).toHaveAttribute('aria-pressed', 'false');
        await expect(page.locator('[data-testid="word"][data-marks]')).toHaveCount(0);

        // 生词 needs a login; phrases need membership, and the toggle says so instead of marking nothing.
        await expect(page.getByTestId('mark-strange-login')).toHaveText('登录后标出生词');
        await page.getByTestId('mark-phrases').focus();
        await page.keyboard.press('Enter');
        const withheld = page.getByTestId('phrases-withheld');
        await expect(withheld).toContainText('会员功能');
        await expect(withheld.getByRole('link', { name: '开通会员' })).toHaveAttribute('href', '/vip');
        await expect(page.locator('[data-marks~="phrase"]')).toHaveCount(0);

        expect(await seriousViolations(page, name, '[data-testid="passage-marks"]')).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);

        // Clicking a word still looks it up (the word panel opens).
        await dict.word('residents').click();
        await expect(dict.word('residents')).toHaveAttribute('data-current', 'true');
      });

      test('a failed parse says so in Chinese and leaves the text clickable', async ({ page, dict }) => {
        await page.route('**/api/parse_text', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
        await dict.open();
        await dict.read(PASSAGE);
        const error = page.getByTestId('marks-error');
        await expect(error).toContainText('文章分析失败');
        await expect(error).toContainText('仍可点击单词查词');
        await expect(page.getByTestId('mark-exam')).toBeDisabled();
        await expect(dict.word('residents')).toBeVisible();
        await dict.word('residents').click();
        await expect(dict.word('residents')).toHaveAttribute('data-current', 'true');
      });
    });

    test('a member turns on 词组 and sees the expressions underlined and listed with their Chinese', async ({
      page,
      dict,
      learner,
      membership,
    }) => {
      test.slow();
      expect(learner.email).toContain('@');
      await dict.open();
      // The learner buys a month in the WeChat Pay sandbox (e2e/vip-finish.spec.ts does the same).
      const order = await page.request.post('/api/get_pay_qr_code', { data: { money: 2800, type: 'month' } });
      const { data } = (await order.json()) as { data: { code_url: string; order_id: string } };
      await membership.settleInSandbox(new URL(data.code_url, page.url()).href, 'pay');
      await expect
        .poll(async () => {
          const status = await page.request.post('/api/get_pay_status', { data: { order_id: data.order_id } });
          return ((await status.json()) as { data?: { pay_status: string } }).data?.pay_status;
        })
        .toBe('SUCCESS');
      await page.reload();
      await expect(dict.screen()).toHaveAttribute('data-ready', 'true');

      await dict.read(PASSAGE);
      await expect(page.getByTestId('passage-marks')).toHaveAttribute('data-state', 'ready');
      const phrases = page.getByTestId('mark-phrases');
      await expect(phrases).not.toContainText('会员');
      await phrases.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('phrases-withheld')).toHaveCount(0);
      for (const word of ['look', 'forward', 'to']) {
        await expect(
          dict
            .words()
            .filter({ hasText: new RegExp(`^${word}$`) })
            .last(),
        ).toHaveAttribute('data-marks', 'phrase');
      }
      await expect(dict.word('results')).not.toHaveAttribute('data-marks');
      const legend = page.getByTestId('legend-phrases');
      await expect(legend).toContainText('词组 1 个');
      await expect(legend).toContainText(/look forward to\s*\S*[\u4e00-\u9fff]/);
      // The spaces inside the expression are underlined with it.
      await expect(dict.text().locator('span[data-marks="phrase"]')).toHaveCount(2);
    });

    test('a learner who marked a word 生词 sees it marked and listed', async ({ page, dict, learner }) => {
      expect(learner.email).toContain('@');
      const marked = await page.request.post('/api/set_strange_status', {
        data: { word: 'residents', lemma: 'resident', strange: 1, from: 'ContextualDict' },
      });
      expect(marked.status()).toBe(200);
      expect(((await marked.json()) as { status: string }).status).toBe('OK');

      await dict.open();
      await dict.read(PASSAGE);
      await expect(page.getByTestId('passage-marks')).toHaveAttribute('data-state', 'ready');
      const strange = page.getByTestId('mark-strange');
      await expect(strange).toBeEnabled();
      await strange.focus();
      await page.keyboard.press('Enter');
      await expect(strange).toHaveAttribute('aria-pressed', 'true');
      await expect(dict.word('residents')).toHaveAttribute('data-marks', 'strange');
      await expect(page.locator('[data-testid="word"][data-marks~="strange"]')).toHaveCount(1);
      await expect(page.getByTestId('legend-strange')).toContainText('生词 1 个');
      await expect(page.getByTestId('strange-list')).toHaveText('resident');

      // With 四级 on as well, the word carries both marks.
      await page.getByTestId('mark-exam-choice').selectOption({ label: '四级' });
      await expect(dict.word('residents')).toHaveAttribute('data-marks', 'exam strange');
      // A learner who is not a member is told what phrases need.
      await page.getByTestId('mark-phrases').focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('phrases-withheld')).toContainText('会员');
    });
  });
}

// A reading page: the shipped library's whole first book, drawn over the server's text.
const BOOK = '/Article/carroll-alice';

/** The text of each range a passage mark is drawn with, and how far into the book they reach. */
const highlighted = (page: Page, name: string) =>
  page.evaluate((highlight) => {
    const ranges = [...((CSS.highlights.get(highlight) as Iterable<Range> | undefined) ?? [])];
    const spans = [...document.querySelectorAll('[data-testid="article-text"] p > span[id]')];
    const sentenceOf = (r: Range) => spans.indexOf((r.startContainer.parentElement as Element).closest('span[id]') as Element);
    return {
      texts: ranges.map((r) => r.toString()),
      // How far into the book the marks reach (0–1): the book is parsed piece by piece.
      reach: ranges.length ? Math.max(...ranges.map(sentenceOf)) / (spans.length - 1) : 0,
    };
  }, name);

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`passage marks on a reading page (${name})`, () => {
    test.use({ viewport, extraHTTPHeaders: { 'x-forwarded-for': freshClientAddress() } });

    test('a visitor opens 标注 and sees the whole book’s CET-4 words marked over the text, which still reads', async ({
      page,
      panel,
      sentBodies,
    }) => {
      // A whole book is parsed in pieces, on a machine shared with other builds.
      test.setTimeout(90_000);
      await page.goto(BOOK);
      await expect(page.getByTestId('article-reader')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
      // Nothing is parsed until the reader asks.
      expect(await sentBodies('/api/parse_text')).toEqual([]);
      const open = page.getByTestId('article-marks');
      await expect(open).toHaveAttribute('aria-expanded', 'false');
      await open.click();
      await expect(open).toHaveAttribute('aria-expanded', 'true');
      const marks = page.getByTestId('reading-marks');
      await expect(marks).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
      // Pieces of at most 20,000 characters, one after another, together the whole text.
      const sent = (await sentBodies('/api/parse_text')) as { text: string }[];
      expect(sent.length).toBeGreaterThan(1);
      for (const body of sent) expect(body.text.length).toBeLessThanOrEqual(20_000);
      expect(sent[0].text).toMatch(/^CHAPTER I\. Down the Rabbit-Hole\n\nAlice was beginning to get very tired/);

      await page.getByTestId('mark-exam-choice').selectOption({ label: '四级' });
      await expect(page.getByTestId('mark-exam')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('legend-exam')).toContainText(/四级词 \d+ 个/);
      await expect.poll(async () => (await highlighted(page, 'reading-mark-exam')).texts.length).toBeGreaterThan(20);
      const exam = await highlighted(page, 'reading-mark-exam');
      // Each mark is a whole word of the text, and the marks reach the book's last pages.
      for (const text of exam.texts) expect(text).toMatch(/^[A-Za-z][A-Za-z'’-]*$/);
      expect(exam.reach).toBeGreaterThan(0.9);
      // The legend lists the words for whoever cannot see the colours.
      await expect(page.getByTestId('legend-exam').getByRole('listitem').first()).toHaveText(/^[a-z]/);

      // Phrases are a member's: a visitor is told so, and nothing is drawn.
      await page.getByTestId('mark-phrases').click();
      await expect(page.getByTestId('phrases-withheld')).toContainText('会员');
      expect((await highlighted(page, 'reading-mark-phrase')).texts).toEqual([]);

      // Folded away, the marks stay; the text's words still look up.
      await open.click();
      await expect(marks).toBeHidden();
      expect((await highlighted(page, 'reading-mark-exam')).texts.length).toBe(exam.texts.length);
      await clickWord(page, sentence(page, 'Alice was beginning to get very tired'), 'tired');
      await panel.expectLoaded('tired');
      await page.keyboard.press('Escape');
      // Turned off, they go.
      await open.click();
      await page.getByTestId('mark-exam').click();
      await expect.poll(async () => (await highlighted(page, 'reading-mark-exam')).texts.length).toBe(0);
      expect(await seriousViolations(page, 'reading marks', '[data-testid="article-bar"]')).toEqual([]);
    });
  });
}

test.describe('passage marks on a reading page, for a learner (desktop)', () => {
  test.use({ viewport: widths.desktop });

  test('a word the learner marked 生词 is drawn wherever it is in the book, and listed', async ({ page, learner }) => {
    test.setTimeout(90_000);
    expect(learner.email).toContain('@');
    const marked = await page.request.post('/api/set_strange_status', {
      data: { word: 'rabbit', lemma: 'rabbit', strange: 1, from: 'Article' },
    });
    expect(((await marked.json()) as { status: string }).status).toBe('OK');
    await page.goto(BOOK);
    await expect(page.getByTestId('article-reader')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
    await page.getByTestId('article-marks').click();
    await expect(page.getByTestId('reading-marks')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    const strange = page.getByTestId('mark-strange');
    await strange.focus();
    await page.keyboard.press('Enter');
    await expect(strange).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('legend-strange')).toContainText('生词 1 个');
    await expect(page.getByTestId('strange-list')).toHaveText('rabbit');
    await expect.poll(async () => (await highlighted(page, 'reading-mark-strange')).texts.length).toBeGreaterThan(10);
    const drawn = await highlighted(page, 'reading-mark-strange');
    // Every form of the word and nothing else: the trained tagger reads "the Rabbit's" as rabbit + 's,
    // so the possessive is drawn too.
    for (const text of drawn.texts) expect(text.toLowerCase()).toMatch(/^rabbit(s|-hole|['’]s)?$/);
  });
});
