import { extendMembership } from '../lib/contract/membership';
import { formatBeijingDate } from '../lib/client/membership/pay-model';
import { expect, test } from './fixtures';

/**
 * Paying in a phone browser outside WeChat (WeChat Pay H5): no QR code for the phone to scan
 * itself, but 前往微信支付, which leaves for the pay page of the order's h5_url (here the
 * sandbox's) with `&redirect_url=` naming /VipFinish, where the browser comes back to whatever
 * the payer did there. The e2e server's month package is ¥28.
 */
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.5 Mobile/15E148 Safari/604.1';

const monthExpiry = () => formatBeijingDate(extendMembership('month', null, new Date()));

/** The sandbox's pay page of an H5 order, come back to /VipFinish. */
const sandboxH5Page = /\/sandbox\/wechatpay\/pay\/[0-9a-f]{32}\?channel=h5&redirect_url=/;
/** /VipFinish as an H5 payment comes back to it. */
const finishPage = /\/VipFinish\?order_id=[0-9a-f]{32}&back=%2FBuyVip\S*&via=h5/;

test.describe('paying in a phone browser outside WeChat (H5)', () => {
  test.use({ viewport: { width: 375, height: 812 }, userAgent: PHONE_UA });

  test('the month package, paid on WeChat’s H5 page, comes back to the membership', async ({ page, learner, membership }) => {
    void learner;
    await page.goto('/BuyVip');
    await membership.buyOnPage('month');
    const order = membership.orderDialog();
    await expect(order.getByTestId('order-total')).toHaveText('¥28');
    // A phone cannot scan its own screen: no QR code, a way to WeChat instead.
    await expect(order.getByTestId('order-qr')).toHaveCount(0);
    await expect(membership.orderStatus()).toHaveText('将打开微信完成支付，支付后自动返回本站查看结果');

    await order.getByTestId('order-h5-pay').click();
    await expect(page).toHaveURL(sandboxH5Page);
    // WeChat's documented way back: the URL-encoded address of /VipFinish appended to h5_url.
    const payPage = new URL(page.url());
    const back = new URL(payPage.searchParams.get('redirect_url')!);
    expect(back.pathname).toBe('/VipFinish');
    expect(back.searchParams.get('order_id')).toBe(payPage.pathname.split('/').at(-1));
    expect(back.searchParams.get('via')).toBe('h5');
    // 继续阅读 leads back to the purchase page (with the share_account every page carries).
    expect(back.searchParams.get('back')).toMatch(/^\/BuyVip(\?share_account=\d+)?$/);
    await expect(page.getByTestId('sandbox-pay-amount')).toHaveText('￥28.00');

    await page.getByTestId('sandbox-pay').click();
    await expect(page).toHaveURL(finishPage);
    const finish = page.getByTestId('vip-finish');
    await expect(finish).toHaveAttribute('data-state', 'member');
    await expect(page.getByRole('heading', { name: '会员已开通' })).toBeVisible();
    await expect(page.getByTestId('vip-finish-status')).toHaveText(`会员，有效期至 ${monthExpiry()}`);
    await expect(page.getByTestId('vip-finish-amount')).toHaveText('已支付 ¥28');

    await page.goto('/Admin');
    await expect(page.getByTestId('admin-vip-status')).toHaveText(`会员，有效期至 ${monthExpiry()}`);
  });

  test('a payment cancelled on WeChat’s page says 支付未完成 on return, and the learner pays again', async ({
    page,
    learner,
    membership,
  }) => {
    void learner;
    await page.goto('/BuyVip');
    await membership.buyOnPage('month');
    await membership.orderDialog().getByTestId('order-h5-pay').click();
    await expect(page).toHaveURL(sandboxH5Page);
    await page.getByTestId('sandbox-cancel').click();

    // Back without paying: WeChat's return says nothing, so the learner is asked, then told.
    await expect(page).toHaveURL(finishPage);
    const finish = page.getByTestId('vip-finish');
    await expect(finish).toHaveAttribute('data-state', 'confirm');
    await expect(page.getByRole('heading', { name: '请确认微信支付是否已完成' })).toBeVisible();
    await page.getByTestId('vip-finish-paid').click();
    await expect(finish).toHaveAttribute('data-state', 'unpaid');
    await expect(page.getByRole('heading', { name: '支付未完成' })).toBeVisible();
    await expect(page.getByTestId('vip-finish-status')).toHaveText('当前状态：非会员');

    // 重新支付: the purchase page again, a new order, paid this time.
    await page.getByTestId('vip-finish-buy').click();
    await expect(page).toHaveURL(/\/BuyVip(\?share_account=\d+)?$/);
    await membership.buyOnPage('month');
    await membership.orderDialog().getByTestId('order-h5-pay').click();
    await expect(page).toHaveURL(sandboxH5Page);
    await page.getByTestId('sandbox-pay').click();
    await expect(finish).toHaveAttribute('data-state', 'member');
    await expect(page.getByTestId('vip-finish-status')).toHaveText(`会员，有效期至 ${monthExpiry()}`);
  });
});
