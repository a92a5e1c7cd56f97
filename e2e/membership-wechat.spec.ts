import { expect, test } from './fixtures';
import { widths } from './support/outbox';

/**
 * Paying inside WeChat's browser (JSAPI): the order dialog asks the upstream for the page's pay
 * parameters and hands them to WeChat's bridge. The bridge here is a stand-in injected before the
 * page starts, which records what it was given and answers as WeChat would once told to; the
 * payment itself is made on the sandbox's pay page, so the order is settled as a real one is.
 */
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Mobile/15E148 MicroMessenger/8.0.50(0x1800323a) NetType/WIFI Language/zh_CN';

declare global {
  interface Window {
    payRequests: { name: string; parameters: Record<string, string> }[];
    answerPay: (errMsg: string) => void;
  }
}

test.describe('paying inside WeChat', () => {
  test.use({ viewport: widths.phone, userAgent: WECHAT_UA });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      window.payRequests = [];
      let pending: ((answer: unknown) => void) | undefined;
      window.answerPay = (errMsg) => pending?.({ err_msg: errMsg });
      Object.defineProperty(window, 'WeixinJSBridge', {
        value: {
          invoke(name: string, parameters: Record<string, string>, callback: (answer: unknown) => void) {
            window.payRequests.push({ name, parameters });
            pending = callback;
          },
        },
      });
    });
  });

  test('a WeChat user pays the month package with WeChat’s pay sheet', async ({ page, membership, shell }) => {
    // The in-app login (snsapi_userinfo), through the sandbox's authorise page, back to /BuyVip.
    await page.goto('/Login/wechat?client_type=inside_wechat&back=%2FBuyVip');
    await expect(page).toHaveURL(/\/sandbox\/wechat\/authorize\?.*scope=snsapi_userinfo/);
    await page.getByTestId('wechat-sandbox-nickname').fill('微信里的同学');
    await page.getByTestId('wechat-sandbox-agree').click();
    await shell.expectLoggedInAs('微信里的同学');
    await expect(page).toHaveURL(/\/BuyVip/);

    await membership.buyOnPage('month');
    const order = membership.orderDialog();
    // Inside WeChat: its pay button, no QR code.
    await expect(order.getByTestId('order-qr')).toHaveCount(0);

    // A cancelled sheet leaves the learner free to try again.
    const first = page.waitForResponse('**/api/get_jsapi_pay_info');
    await order.getByTestId('order-wechat-pay').click();
    await first;
    await expect.poll(() => page.evaluate(() => window.payRequests.length)).toBe(1);
    await page.evaluate(() => window.answerPay('get_brand_wcpay_request:cancel'));
    await expect(membership.orderStatus()).toHaveText('已取消支付，可再次点击支付');

    const second = page.waitForResponse('**/api/get_jsapi_pay_info');
    await order.getByTestId('order-wechat-pay').click();
    const answer = (await (await second).json()) as { status: string; data: { order_id: string } };
    expect(answer.status).toBe('OK');
    await expect.poll(() => page.evaluate(() => window.payRequests.length)).toBe(2);
    const { name, parameters } = await page.evaluate(() => window.payRequests[1]);
    expect(name).toBe('getBrandWCPayRequest');
    expect(parameters).toEqual({
      appId: expect.any(String),
      timeStamp: expect.stringMatching(/^\d{10}$/),
      nonceStr: expect.stringMatching(/^\w{16,32}$/),
      package: expect.stringMatching(/^prepay_id=wx\w+$/),
      signType: 'RSA',
      paySign: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
    });

    // The learner pays in WeChat; WeChat says ok; the poll confirms and the membership begins.
    const origin = new URL(page.url()).origin;
    await membership.settleInSandbox(`${origin}/sandbox/wechatpay/pay/${answer.data.order_id}`, 'pay');
    await page.evaluate(() => window.answerPay('get_brand_wcpay_request:ok'));
    const congrats = membership.congrats();
    await expect(congrats).toBeVisible({ timeout: 10_000 });
    await expect(congrats.getByTestId('congrats-amount')).toHaveText('¥28');
    await congrats.getByRole('button', { name: '返回' }).click();
    await expect(congrats).toHaveCount(0);

    await page.goto('/Admin');
    await expect(page.getByTestId('admin-vip-status')).toHaveText(/^会员，有效期至 \d{4}-\d{2}-\d{2}$/);
    // The cancelled order stays open (it times out unpaid); the paid one is the JSAPI order.
    await expect(page.locator('[data-testid="admin-order"][data-status="SUCCESS"]')).toHaveCount(1);
  });

  test('a learner logged in by e-mail inside WeChat is told to bind, and can pay by QR code instead', async ({
    page,
    learner,
    membership,
  }) => {
    void learner;
    await page.goto('/BuyVip');
    await membership.buyOnPage('month');
    const order = membership.orderDialog();
    await order.getByTestId('order-wechat-pay').click();
    await expect(membership.orderStatus()).toHaveText('无法发起支付：未绑定登录账号，请使用密码登录并绑定');
    expect(await page.evaluate(() => window.payRequests.length)).toBe(0);
    await expect(order.getByTestId('order-bind-wechat')).toHaveAttribute('href', '/Profil');
    await order.getByTestId('order-qr-instead').click();
    await expect(order.getByTestId('order-qr')).toBeVisible();
    await expect(order.getByText('请使用微信扫码支付')).toBeVisible();
  });
});
