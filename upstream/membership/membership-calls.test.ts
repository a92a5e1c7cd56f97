import { afterEach, describe, expect, it } from 'vitest';
import { minutes } from '../platform/time';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';

let upstream: TestUpstream | undefined;
afterEach(async () => {
  await upstream?.stop();
  upstream = undefined;
});

/** The sandbox pay page's form, submitted as a browser would. */
/** get_remain_vip_num is a GET call. */
const remain = async (u: TestUpstream, token: string) =>
  (await u.request('/api/get_remain_vip_num', { headers: bearer(token) })).body.data;

const submit = (u: TestUpstream, orderId: string, action: 'pay' | 'fail') =>
  u.request(`/sandbox/wechatpay/pay/${orderId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
  });

describe('membership calls', () => {
  it('sells the configured packages, and only to a logged-in user at the table’s price', async () => {
    upstream = await startTestUpstream({ env: { VIP_MONTH_PRICE_FEN: '1990', VIP_MONTH_ORIGINAL_FEN: '2990' } });
    const packages = await upstream.call('get_packages');
    expect(packages.body.data[0]).toEqual({ type: 'month', actual_price: 1990, original_price: 2990, discount: 6.7 });
    expect((await upstream.call('get_pay_qr_code', { money: 1990, type: 'month' })).body.status).toBe('401');
    const token = await logInByEmail(upstream, 'buyer@example.com');
    const wrong = await upstream.call('get_pay_qr_code', { money: 1, type: 'month' }, bearer(token));
    expect(wrong.body.status).toBe('400');
    const order = await upstream.call('get_pay_qr_code', { money: 1990, type: 'month' }, bearer(token));
    expect(order.body.status).toBe('OK');
    expect(order.body.data.code_url).toBe(`/sandbox/wechatpay/pay/${order.body.data.order_id}`);
  });

  it('pays in the sandbox: the page, the notification, the poll, the membership and unlimited uses', async () => {
    upstream = await startTestUpstream();
    const token = await logInByEmail(upstream, 'member@example.com');
    expect(await remain(upstream, token)).toEqual({
      is_vip: false,
      // Without a language model its features are not counted, so they are not listed.
      remain: { query_word: 20, analyze_sentence: 20, photo_text: 20 },
    });

    const { order_id } = (await upstream.call('get_pay_qr_code', { money: 2800, type: 'month' }, bearer(token))).body.data;
    const page = await upstream.request(`/sandbox/wechatpay/pay/${order_id}`);
    expect(page.body).toContain('￥28.00');
    expect(page.body).toContain('语境月度会员');
    expect((await upstream.call('get_pay_status', { order_id }, bearer(token))).body.data).toEqual({
      pay_status: 'NOTPAY',
      amount: 2800,
    });

    const paid = await submit(upstream, order_id, 'pay');
    expect(paid.body).toContain('支付成功');
    expect((await upstream.call('get_pay_status', { order_id }, bearer(token))).body.data).toEqual({
      pay_status: 'SUCCESS',
      amount: 2800,
    });
    const info = (await upstream.call('get_user_info', {}, bearer(token))).body.data;
    expect(info.vip_info).toEqual({ is_vip_now: true, expire_time: '2026-04-02T02:00:00.000Z' });
    expect(await remain(upstream, token)).toEqual({
      is_vip: true,
      remain: { query_word: null, analyze_sentence: null, photo_text: null },
    });
    // Paying twice on the page is refused; nothing more is credited.
    expect((await submit(upstream, order_id, 'pay')).http).toBe(409);

    const cancelled = await upstream.call('cancel_vip', undefined, bearer(token));
    expect(cancelled.body.data).toMatchObject({ vip_info: { is_vip_now: true }, renewal: 'cancelled' });
  });

  it('pays an H5 order in the sandbox: its page, and back to /VipFinish whether paid, failed or cancelled', async () => {
    upstream = await startTestUpstream({ env: { SITE_URL: 'https://yujing.example.com' } });
    const token = await logInByEmail(upstream, 'phone@example.com');
    const h5 = async () => {
      const answer = (await upstream!.call('get_h5_pay_url', { money: 2800, type: 'month' }, bearer(token))).body;
      expect(answer.status, JSON.stringify(answer)).toBe('OK');
      return answer.data as { h5_url: string; order_id: string };
    };
    const back = (orderId: string) => `https://yujing.example.com/VipFinish?order_id=${orderId}&back=%2FBuyVip`;
    const act = (h5Url: string, redirect: string, action: string) =>
      upstream!.request(`${new URL(h5Url).pathname}${new URL(h5Url).search}&redirect_url=${encodeURIComponent(redirect)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `action=${action}`,
      });

    // Cancelled: back to the site, the order still open (WeChat's page says nothing of the outcome).
    const first = await h5();
    expect(first.h5_url).toBe(`https://yujing.example.com/sandbox/wechatpay/pay/${first.order_id}?channel=h5`);
    const page = await upstream.request(
      `/sandbox/wechatpay/pay/${first.order_id}?channel=h5&redirect_url=${encodeURIComponent(back(first.order_id))}`,
    );
    expect(page.body).toContain('￥28.00');
    expect(page.body).toContain('data-testid="sandbox-cancel"');
    const cancelled = await act(first.h5_url, back(first.order_id), 'cancel');
    expect([cancelled.http, cancelled.headers.get('location')]).toEqual([303, back(first.order_id)]);
    expect((await upstream.call('get_pay_status', { order_id: first.order_id }, bearer(token))).body.data.pay_status).toBe(
      'NOTPAY',
    );

    // Failed: back, and the order says FAIL.
    const second = await h5();
    expect((await act(second.h5_url, back(second.order_id), 'fail')).headers.get('location')).toBe(back(second.order_id));
    expect((await upstream.call('get_pay_status', { order_id: second.order_id }, bearer(token))).body.data.pay_status).toBe(
      'FAIL',
    );

    // Never to another site, nor to another page of this one; nothing is paid on such a page.
    const third = await h5();
    for (const elsewhere of [
      `https://evil.example/VipFinish?order_id=${third.order_id}`,
      'https://yujing.example.com/Admin',
      'javascript:alert(1)',
    ]) {
      const refused = await act(third.h5_url, elsewhere, 'pay');
      expect(refused.http, elsewhere).toBe(400);
      expect(refused.body).toContain('只能回到本站的 /VipFinish');
    }
    expect((await upstream.call('get_pay_status', { order_id: third.order_id }, bearer(token))).body.data.pay_status).toBe(
      'NOTPAY',
    );

    // Paid: the notification settles it before the browser is back; the membership is there.
    const paid = await act(third.h5_url, back(third.order_id), 'pay');
    expect([paid.http, paid.headers.get('location')]).toEqual([303, back(third.order_id)]);
    expect((await upstream.call('get_pay_status', { order_id: third.order_id }, bearer(token))).body.data).toEqual({
      pay_status: 'SUCCESS',
      amount: 2800,
    });
    expect((await upstream.call('get_user_info', {}, bearer(token))).body.data.vip_info.is_vip_now).toBe(true);
    const payments = await upstream.db.selectFrom('payments').selectAll().execute();
    expect(payments).toMatchObject([{ order_id: third.order_id, outcome: 'credited', source: 'notification' }]);
    const channels = await upstream.db.selectFrom('orders').select(['id', 'channel']).orderBy('created_at').execute();
    expect(channels.map((o) => o.channel)).toEqual(['h5', 'h5', 'h5']);
  });

  it('answers FAIL and TIMEOUT, and the order’s status only to its owner', async () => {
    upstream = await startTestUpstream();
    const token = await logInByEmail(upstream, 'a@example.com');
    const other = await logInByEmail(upstream, 'b@example.com');
    const failed = (await upstream.call('get_pay_qr_code', { money: 2800, type: 'month' }, bearer(token))).body.data.order_id;
    await submit(upstream, failed, 'fail');
    expect((await upstream.call('get_pay_status', { order_id: failed }, bearer(token))).body.data.pay_status).toBe('FAIL');
    expect((await upstream.call('get_pay_status', { order_id: failed }, bearer(other))).body.status).toBe('404');

    const left = (await upstream.call('get_pay_qr_code', { money: 19_800, type: 'year' }, bearer(token))).body.data.order_id;
    upstream.clock.advance(minutes(16));
    expect((await upstream.call('get_pay_status', { order_id: left }, bearer(token))).body.data.pay_status).toBe('TIMEOUT');
    expect((await upstream.request(`/sandbox/wechatpay/pay/${left}`)).body).toContain('已超时');
  });

  it('lists the user’s own orders, newest first, with what became of each', async () => {
    upstream = await startTestUpstream();
    const token = await logInByEmail(upstream, 'lister@example.com');
    const other = await logInByEmail(upstream, 'someone@example.com');
    const order = async (type: 'month' | 'year', money: number) =>
      (await upstream!.call('get_pay_qr_code', { money, type }, bearer(token))).body.data.order_id as string;
    const paid = await order('month', 2800);
    await submit(upstream, paid, 'pay');
    upstream.clock.advance(minutes(1));
    const failed = await order('year', 19_800);
    await submit(upstream, failed, 'fail');
    upstream.clock.advance(minutes(1));
    const open = await order('month', 2800);

    const list = await upstream.call('get_orders', {}, bearer(token));
    expect(list.body.status).toBe('OK');
    expect(list.body.data.map((o: { order_id: string; pay_status: string }) => [o.order_id, o.pay_status])).toEqual([
      [open, 'NOTPAY'],
      [failed, 'FAIL'],
      [paid, 'SUCCESS'],
    ]);
    expect(list.body.data[2]).toMatchObject({ type: 'month', amount: 2800, channel: 'native' });
    expect(list.body.data[2].settled_at).not.toBeNull();

    // An order left open past its time is shown as timed out, not as still payable.
    upstream.clock.advance(minutes(16));
    const later = (await upstream.call('get_orders', { limit: 1 }, bearer(token))).body.data;
    expect(later).toEqual([expect.objectContaining({ order_id: open, pay_status: 'TIMEOUT' })]);

    expect((await upstream.call('get_orders', {}, bearer(other))).body.data).toEqual([]);
    expect((await upstream.call('get_orders', {})).body.status).toBe('401');
    expect((await upstream.call('get_orders', { limit: 500 }, bearer(token))).body.status).toBe('400');
  });

  it('closes the first order’s sandbox page when the learner switches package, and credits the second once', async () => {
    upstream = await startTestUpstream();
    const token = await logInByEmail(upstream, 'switcher@example.com');
    const first = (await upstream.call('get_pay_qr_code', { money: 2800, type: 'month' }, bearer(token))).body.data.order_id;
    // The page of the first code is open on the phone when the learner switches package.
    expect((await upstream.request(`/sandbox/wechatpay/pay/${first}`)).body).toContain('data-testid="sandbox-pay"');
    upstream.clock.advance(minutes(1));
    const second = await upstream.call('get_pay_qr_code', { money: 19_800, type: 'year', replaces: first }, bearer(token));
    expect(second.body.status).toBe('OK');

    const refused = await submit(upstream, first, 'pay');
    expect(refused.http).toBe(409);
    expect(refused.body).toContain('该订单已关闭（已重新下单），无法支付');
    expect((await upstream.request(`/sandbox/wechatpay/pay/${first}`)).body).not.toContain('data-testid="sandbox-pay"');
    expect((await upstream.call('get_pay_status', { order_id: first }, bearer(token))).body.data.pay_status).toBe('CLOSED');

    expect((await submit(upstream, second.body.data.order_id, 'pay')).body).toContain('支付成功');
    const list = (await upstream.call('get_orders', {}, bearer(token))).body.data;
    expect(list.map((o: { order_id: string; pay_status: string }) => [o.order_id, o.pay_status])).toEqual([
      [second.body.data.order_id, 'SUCCESS'],
    ]);
    const payments = await upstream.db.selectFrom('payments').selectAll().execute();
    expect(payments.map((p) => [p.order_id, p.outcome])).toEqual([[second.body.data.order_id, 'credited']]);
  });

  it('refuses a forged notification on the route WeChat posts to', async () => {
    upstream = await startTestUpstream();
    const forged = await upstream.request('/wechatpay/notify', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': String(Math.floor(upstream.clock.now().getTime() / 1000)),
        'wechatpay-nonce': 'n',
        'wechatpay-signature': 'AAAA',
        'wechatpay-serial': 'X',
      },
      body: JSON.stringify({ event_type: 'TRANSACTION.SUCCESS' }),
    });
    expect(forged.http).toBe(401);
    expect(forged.body).toEqual({ code: 'FAIL', message: '签名或报文校验失败' });
  });

  it('has no sandbox in production', async () => {
    upstream = await startTestUpstream({ env: { ENV_TYPE: 'production' } });
    expect((await upstream.request(`/sandbox/wechatpay/pay/${'a'.repeat(32)}`)).http).toBe(404);
  });
});
