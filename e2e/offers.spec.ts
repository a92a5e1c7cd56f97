import { expect, test } from './fixtures';
import { expertEmail } from './support/expert';
import { widths } from './support/outbox';
import { logInAs } from './support/visitors';

/*
 * Offers follow what is switched on (issue 35). The browser tests' stack has no language model,
 * so no page sells or promises the model's features, and the operator's page says why.
 */

const modelOffers = /AI ?作文点评|向 ?AI ?老师|AI ?整句翻译|AI 翻译|完整翻译/;

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`offers without a model (${name})`, () => {
    test.use({ viewport });

    test('the membership pages, the free trial, the home page and /AboutUs offer no model feature', async ({ page }) => {
      for (const path of ['/BuyVip', '/VipDetails', '/UseForFree', '/AboutUs', '/']) {
        await page.goto(path, { waitUntil: 'networkidle' });
        expect(await page.locator('body').innerText(), path).not.toMatch(modelOffers);
      }
      await page.goto('/BuyVip');
      // What is sold is what the product delivers: the dictionary, the analysis and photo to text.
      await expect(page.getByTestId('vip-benefits').locator('li')).toHaveCount(3);
      await expect(page.getByTestId('vip-benefits')).toContainText('不限次数语境查词');
    });

    test('the tools are in the menu and on the home page', async ({ page }) => {
      await page.goto('/');
      const tools = page.getByTestId('portal-tools');
      for (const label of ['写作助手', '词汇量测试', '拍照识字', '上传书籍', '考试高频词', '复习'])
        await expect(tools.getByRole('link', { name: label })).toBeVisible();
      await tools.getByRole('link', { name: '拍照识字' }).click();
      await expect(page).toHaveURL(/\/ContextualDict#photo-text$/);
      await expect(page.getByTestId('photo-choose')).toBeVisible();
    });
  });
}

test('the operator sees which engines are on; a learner is refused', async ({ page, browser }) => {
  await logInAs(page, expertEmail);
  await page.goto('/operator');
  const model = page.locator('[data-engine="language_model"]');
  await expect(model).toContainText('未开启');
  await expect(model).toContainText('LLM_BASE_URL');
  await expect(page.locator('[data-engine="wechat_pay"]')).toContainText('沙箱');

  const learner = await browser.newPage();
  await logInAs(learner, `learner-${Date.now()}@e2e.yujing.test`);
  await learner.goto('/operator');
  await expect(learner.getByTestId('engines-forbidden')).toBeVisible();
  await learner.close();
});
