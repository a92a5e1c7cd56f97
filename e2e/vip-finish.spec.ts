import type { Page } from '@playwright/test';
import { extendMembership } from '../lib/contract/membership';
import { formatBeijingDate } from '../lib/client/membership/pay-model';
import { expect, test } from './fixtures';
import { seriousViolations, seriousViolationsOnPausedClock } from './support/axe';
import { widths } from './support/outbox';

/**
 * /charge (the desktop purchase entry) and /VipFinish (where a payment inside WeChat comes back
 * to) against the real servers and the WeChat Pay sandbox. The e2e server's month package is
 * ¥28 (2800 fen).
 */

const monthExpiry = () => formatBeijingDate(extendMembership('month', null, new Date()));

/** An order of the page's user, as WeChat's pay sheet would have made it; answers its id and sandbox pay page. */
async function placeOrder(page: Page, type: 'month' | 'year') {
  const money = type === 'month' ? 2800 : 19_800;
  const answer = await page.request.post('/api/get_pay_qr_code', { data: { money, type } });
  const { data } = (await answer.json()) as { data: { code_url: string; order_id: string } };
  return { orderId: data.order_id, payPage: new URL(data.code_url, page.url()).href };
}

test.describe('/charge on a desktop', () => {
  test.use({ viewport: widths.desktop });

  test('shows the packages, buys the month in the confirm-order dialog; /VipFinish then shows the membership', async ({
    page,
    learner,
    membership,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/charge');
    await expect(page.getByRole('heading', { name: '会员充值' })).toBeVisible();
    await expect(page.getByTestId('buy-vip-status')).toContainText('非会员');
    const month = page.getByTestId('package-month');
    await expect(month.getByTestId('package-price')).toHaveText('¥28');
    await expect(page.getByTestId('package-year').getByTestId('package-price')).toHaveText('¥198');
    expect(await seriousViolations(page, '/charge')).toEqual([]);

    await month.getByRole('button', { name: /立即购买/ }).click();
    const order = membership.orderDialog();
    await expect(order).toHaveAttribute('data-layout', 'dialog');
    await expect(order.getByTestId('order-total')).toHaveText('¥28');
    await expect(order.getByText('请使用微信扫码支付')).toBeVisible();
    await membership.settleInSandbox(await membership.payPageUrl(), 'pay');
    await expect(membership.orderStatus()).toHaveText('支付成功', { timeout: 10_000 });
    await membership.congrats().getByRole('button', { name: '返回' }).click();
    await expect(order).toHaveCount(0);
    await expect(page.getByTestId('buy-vip-status')).toContainText(`会员，有效期至 ${monthExpiry()}`);

    // Rendered on the server with the membership as the upstream has it.
    const html = await (await page.request.get('/VipFinish')).text();
    expect(html).toContain('会员已开通');
    expect(html).toContain(`会员，有效期至 ${monthExpiry()}`);

    await page.goto('/VipFinish');
    const finish = page.getByTestId('vip-finish');
    await expect(finish).toHaveAttribute('data-state', 'member');
    await expect(finish.getByTestId('vip-finish-status')).toHaveText(`会员，有效期至 ${monthExpiry()}`);
    await expect(finish.getByTestId('vip-finish-back')).toHaveAttribute('href', '/');
    expect(await seriousViolations(page, '/VipFinish (member)')).toEqual([]);
    await finish.getByTestId('vip-finish-admin').click();
    await expect(page).toHaveURL(/\/Admin(\?|$)/);
    await expect(page.getByTestId('admin-vip-status')).toHaveText(`会员，有效期至 ${monthExpiry()}`);
  });

  test('a visitor is asked to log in before buying', async ({ page }) => {
    await page.goto('/charge');
    await expect(page.getByTestId('buy-vip-login')).toBeVisible();
    await page
      .getByTestId('package-month')
      .getByRole('button', { name: /登录后购买/ })
      .click();
    await expect(page.getByTestId('login-dialog')).toBeVisible();
  });
});

test.describe('/VipFinish on a phone', () => {
  test.use({ viewport: widths.phone });

  test('says 支付结果确认中 while the payment settles, then shows the membership', async ({ page, learner, membership }) => {
    await page.goto('/VipFinish?back=/VipDetails');
    const finish = page.getByTestId('vip-finish');
    await expect(finish).toHaveAttribute('data-state', 'settling');
    await expect(finish).toContainText('支付结果确认中');
    await expect(finish.getByTestId('vip-finish-status')).toHaveText('当前状态：非会员');
    // No accessibility scan here: the page asks for only 30 s of real time, and a scan on a busy
    // machine can take most of that; the settling state is scanned under the paused clock below.

    // The payment made in WeChat's pay sheet: an order of this user, paid in the sandbox.
    await membership.settleInSandbox((await placeOrder(page, 'month')).payPage, 'pay');

    await expect(finish).toHaveAttribute('data-state', 'member', { timeout: 10_000 });
    await expect(finish.getByTestId('vip-finish-status')).toHaveText(`会员，有效期至 ${monthExpiry()}`);
    await expect(finish.getByTestId('vip-finish-back')).toHaveAttribute('href', '/VipDetails');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test('stops asking after 30 s and says the result is not confirmed; 重新查询 asks again', async ({ page, learner }) => {
    // Two scans with the clock run a millisecond at a time: on a loaded 2-core machine they
    // took 40–50 s together.
    test.setTimeout(120_000);
    let asked = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/get_user_info') asked++;
    });
    // The page's time moves only as the test runs it: an accessibility scan on a busy machine can
    // take most of 30 s of real time, and the page would give up during it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto('/VipFinish');
    const finish = page.getByTestId('vip-finish');
    await expect(finish).toHaveAttribute('data-state', 'settling');
    // The server renders 'settling' before the page hydrates; the 30 s wait starts when the
    // hydrated page asks on arrival, so the clock is run only after that first request.
    await expect.poll(() => asked).toBeGreaterThan(0);
    expect(await seriousViolationsOnPausedClock(page, '/VipFinish (settling)')).toEqual([]);

    const before = asked;
    await page.clock.runFor(10_000);
    await expect.poll(() => asked).toBeGreaterThan(before);
    await page.clock.runFor(21_000);
    await expect(finish).toHaveAttribute('data-state', 'unconfirmed');
    await expect(finish).toContainText('暂未确认到支付结果');
    await expect(finish.getByTestId('vip-finish-status')).toHaveText('当前状态：非会员');
    expect(await seriousViolationsOnPausedClock(page, '/VipFinish (unconfirmed)')).toEqual([]);

    // Given up: no more asking.
    const givenUp = asked;
    await page.clock.runFor(10_000);
    expect(asked).toBe(givenUp);

    // A new round of 30 s: real time again is plenty for one click and one request.
    await page.clock.resume();
    await finish.getByTestId('vip-finish-retry').click();
    await expect(finish).toHaveAttribute('data-state', 'settling');
    await expect.poll(() => asked).toBeGreaterThan(givenUp);
  });

  test('with ?order_id= a member’s renewal is confirmed by its payment, with the new expiry and the amount', async ({
    page,
    learner,
    membership,
  }) => {
    await page.goto('/');
    await membership.settleInSandbox((await placeOrder(page, 'month')).payPage, 'pay');
    const memberUntil = extendMembership('month', null, new Date()).toISOString();

    const renewal = await placeOrder(page, 'year');
    await page.goto(`/VipFinish?order_id=${renewal.orderId}`);
    const finish = page.getByTestId('vip-finish');
    // Already a member, yet this payment has not settled.
    await expect(finish).toHaveAttribute('data-state', 'settling');
    await expect(finish.getByTestId('vip-finish-status')).toHaveText(
      `当前状态：会员，有效期至 ${formatBeijingDate(memberUntil)}`,
    );

    await membership.settleInSandbox(renewal.payPage, 'pay');
    await expect(finish).toHaveAttribute('data-state', 'member', { timeout: 10_000 });
    await expect(finish.getByTestId('vip-finish-amount')).toHaveText('已支付 ¥198');
    await expect(finish.getByTestId('vip-finish-status')).toHaveText(
      `会员，有效期至 ${formatBeijingDate(extendMembership('year', memberUntil, new Date()))}`,
    );
  });

  test('with ?order_id= a failed payment says 支付失败 and offers to buy again', async ({ page, learner, membership }) => {
    await page.goto('/');
    const failed = await placeOrder(page, 'month');
    await page.goto(`/VipFinish?order_id=${failed.orderId}&back=/AboutUs`);
    const finish = page.getByTestId('vip-finish');
    await expect(finish).toHaveAttribute('data-state', 'settling');
    await membership.settleInSandbox(failed.payPage, 'fail');
    await expect(finish).toHaveAttribute('data-state', 'failed', { timeout: 10_000 });
    await expect(finish.getByRole('heading')).toHaveText('支付失败');
    await expect(finish.getByTestId('vip-finish-buy')).toHaveAttribute('href', '/BuyVip');
    await expect(finish.getByTestId('vip-finish-back')).toHaveAttribute('href', '/AboutUs');
    expect(await seriousViolations(page, '/VipFinish (failed)')).toEqual([]);
  });

  test('a visitor gets the login prompt', async ({ page }) => {
    await page.goto('/VipFinish');
    await expect(page.getByTestId('vip-finish-login')).toContainText('登录后查看会员开通结果');
    await expect(page.getByTestId('vip-finish')).toHaveCount(0);
  });
});
