import { expect, test } from './fixtures';
import { hideDebugConsole } from './support/debug-console';
import { widths } from './support/outbox';

const TEXT = "We sat on the bank of the river and watched the boats go by.\nThe company's sales pitch was too long.";
const CJK = /[\u4e00-\u9fff]/;

test.beforeEach(({ page }) => hideDebugConsole(page));

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
      await dict.open();
      await dict.read(TEXT);
      for (const word of ['bank', 'pitch']) {
        await dict.word(word).click();
        await panel.expectLoaded(word);
        const strange = panel.root().getByTestId('mark-sense-strange');
        await strange.click();
        await expect(strange).toHaveAttribute('aria-pressed', 'true');
        await panel.close().click();
        await panel.expectClosed();
      }

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
  await dict.open();
  await dict.read(TEXT);
  await dict.word('bank').click();
  await panel.expectLoaded('bank');
  await panel.root().getByTestId('mark-sense-strange').click();
  await expect(panel.root().getByTestId('mark-sense-strange')).toHaveAttribute('aria-pressed', 'true');
  await panel.close().click();
  await page.getByTestId('account-trigger').click();
  await expect(page.getByTestId('account-review')).toContainText('复习');
  await expect(page.getByTestId('review-due-badge')).toHaveText('1');
  await page.getByTestId('account-review').click();
  await expect(page).toHaveURL(/\/review(\?|$)/);
});

test('an anonymous visitor is asked to log in', async ({ page, review }) => {
  await review.goto();
  await expect(page.getByTestId('login-required')).toBeVisible();
});

test('a new learner sees how cards come to be', async ({ learner, review }) => {
  await review.goto();
  await expect(review.empty()).toContainText('还没有要复习的词');
});
