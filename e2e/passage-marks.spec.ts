import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { widths } from './support/outbox';
import { freshClientAddress } from './support/visitors';

// "residents" and "effective" are the passage's CET-4 words (ECDICT lists no easier exam for
// them); "the", "city", "policy" are 中考/高考 words and stay unmarked under 四级.
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

        // Another exam from the chooser: 中考 marks the basic words instead.
        await page.getByTestId('mark-exam-choice').selectOption({ label: '中考' });
        await expect(dict.word('city')).toHaveAttribute('data-marks', 'exam');
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
