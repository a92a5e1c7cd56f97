import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, logInByEmail, startTestUpstream, testClock, type TestUpstream } from '../test-harness';
import { type FakeWechatPay, generateRsaIdentity, startFakeWechatPay } from './fake-wechat-pay';
import { verifySignature } from './wechat-pay';

let fake: FakeWechatPay | undefined;
let upstream: TestUpstream | undefined;
/** A second instance over the same database, when a test runs two. */
let twin: TestUpstream | undefined;
afterEach(async () => {
  await twin?.stop({ keepData: true });
  await upstream?.stop();
  await fake?.close();
  twin = undefined;
  upstream = undefined;
  fake = undefined;
});

/** A free port, so that the notify URL WeChat is given is known before the upstream starts. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

// The merchant's key, one for the file (a key pair takes a core some tenths of a second).
const merchant = generateRsaIdentity();

/** The upstream configured as a merchant of the fake WeChat Pay, which shares its clock. */
async function merchantUpstream() {
  const clock = testClock();
  fake = await startFakeWechatPay({ merchantPublicKey: merchant.publicKey, merchantSerial: merchant.serial, now: clock.now });
  const keys = await mkdtemp(path.join(tmpdir(), 'yujing-pay-keys-'));
  await writeFile(path.join(keys, 'merchant.pem'), merchant.privateKey);
  await writeFile(path.join(keys, 'platform.pem'), fake.platformPublicKey);
  const port = await freePort();
  const env = {
    UPSTREAM_PORT: String(port),
    WECHAT_PAY_API_BASE: fake.baseUrl,
    WECHAT_PAY_MCH_ID: fake.mchId,
    WECHAT_PAY_APP_ID: fake.appId,
    WECHAT_PAY_SERIAL_NO: merchant.serial,
    WECHAT_PAY_PRIVATE_KEY_PATH: path.join(keys, 'merchant.pem'),
    WECHAT_PAY_API_V3_KEY: fake.apiV3Key,
    WECHAT_PAY_PLATFORM_KEY_PATH: path.join(keys, 'platform.pem'),
    WECHAT_PAY_PLATFORM_SERIAL: fake.platformSerial,
    WECHAT_PAY_NOTIFY_URL: `http://127.0.0.1:${port}/wechatpay/notify`,
  };
  upstream = await startTestUpstream({ clock, env });
  return { upstream, fake, merchant, env };
}

describe('WeChat Pay API v3 against a fake WeChat Pay server', () => {
  it('pays a Native order: the code_url, the signed notification, the membership', async () => {
    const { upstream: u, fake: f } = await merchantUpstream();
    const token = await logInByEmail(u, 'native@example.com');
    const order = (await u.call('get_pay_qr_code', { money: 2800, type: 'month' }, bearer(token))).body;
    expect(order.status).toBe('OK');
    expect(order.data.code_url).toMatch(/^weixin:\/\/wxpay\//);
    expect(f.order(order.data.order_id)).toMatchObject({ amountFen: 2800 });

    expect(await f.pay(order.data.order_id)).toBe(204);
    expect((await u.call('get_pay_status', { order_id: order.data.order_id }, bearer(token))).body.data).toEqual({
      pay_status: 'SUCCESS',
      amount: 2800,
    });
    expect((await u.call('get_user_info', {}, bearer(token))).body.data.vip_info.is_vip_now).toBe(true);
  });

  it('credits once whatever WeChat resends, and believes no tampered notification', async () => {
    const { upstream: u, fake: f } = await merchantUpstream();
    const token = await logInByEmail(u, 'replay@example.com');
    const { order_id } = (await u.call('get_pay_qr_code', { money: 19_800, type: 'year' }, bearer(token))).body.data;
    await f.pay(order_id);
    const sent = f.notifications.at(-1)!;
    for (const variant of ['bad signature', 'unknown serial', 'stale timestamp', 'bad ciphertext'] as const) {
      expect(await f.resend(sent, variant), variant).toBe(401);
    }
    const again = await Promise.all(Array.from({ length: 20 }, () => f.resend(sent, 'retry')));
    expect(again.every((status) => status === 204)).toBe(true);
    const info = (await u.call('get_user_info', {}, bearer(token))).body.data;
    expect(info.vip_info.expire_time).toBe('2027-03-02T02:00:00.000Z');
    const payments = await u.db.selectFrom('payments').selectAll().execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ outcome: 'credited', amount_fen: 19_800, source: 'notification' });
  });

  it('finds a payment whose notification never came, by the poll', async () => {
    const { upstream: u, fake: f, env } = await merchantUpstream();
    const token = await logInByEmail(u, 'poll@example.com');
    const { order_id } = (await u.call('get_pay_qr_code', { money: 2800, type: 'month' }, bearer(token))).body.data;
    // The notification is lost on the way (WeChat would retry; the poll does not wait for it).
    await u.stop({ keepData: true });
    expect(await f.pay(order_id)).toBe(0);
    upstream = await startTestUpstream({ clock: u.clock, dir: u.dir, env });
    expect((await upstream.call('get_pay_status', { order_id }, bearer(token))).body.data.pay_status).toBe('SUCCESS');
  });

  it('pays an H5 order: the payer’s address as the upstream sees it, WeChat’s page, the notification, the membership', async () => {
    const { upstream: u, fake: f } = await merchantUpstream();
    const token = await logInByEmail(u, 'h5@example.com');
    // The BFF appends the client's address; a field of the request could not name another.
    const order = (
      await u.call(
        'get_h5_pay_url',
        { money: 2800, type: 'month', payer_client_ip: '198.51.100.1' },
        { ...bearer(token), 'X-Forwarded-For': '203.0.113.9' },
      )
    ).body;
    expect(order.status, JSON.stringify(order)).toBe('OK');
    expect(f.order(order.data.order_id)).toMatchObject({ tradeType: 'MWEB', payerClientIp: '203.0.113.9', amountFen: 2800 });
    expect(order.data.h5_url).toBe(f.order(order.data.order_id)!.h5Url);
    const row = await u.db
      .selectFrom('orders')
      .select(['channel', 'status'])
      .where('id', '=', order.data.order_id)
      .executeTakeFirst();
    expect(row).toEqual({ channel: 'h5', status: 'pending' });

    // The payer pays on WeChat's page and is sent back; WeChat notifies the upstream.
    const back = `http://127.0.0.1:3000/VipFinish?order_id=${order.data.order_id}`;
    const paid = await fetch(`${order.data.h5_url}&redirect_url=${encodeURIComponent(back)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.headers.get('location')).toBe(back);
    expect(f.notifications.at(-1)?.status).toBe(204);
    const payments = await u.db.selectFrom('payments').selectAll().execute();
    expect(payments).toMatchObject([{ order_id: order.data.order_id, outcome: 'credited', source: 'notification' }]);
    expect((await u.call('get_pay_status', { order_id: order.data.order_id }, bearer(token))).body.data).toEqual({
      pay_status: 'SUCCESS',
      amount: 2800,
    });
    expect((await u.call('get_user_info', {}, bearer(token))).body.data.vip_info.is_vip_now).toBe(true);
    expect((await u.call('get_orders', {}, bearer(token))).body.data).toMatchObject([{ channel: 'h5', pay_status: 'SUCCESS' }]);
  });

  it('makes JSAPI page parameters signed with the merchant key', async () => {
    const { upstream: u, merchant } = await merchantUpstream();
    // The JSAPI payer is a WeChat user: logged in through WeChat, with an openid.
    const token = await logInByEmail(u, 'jsapi@example.com');
    const noOpenid = await u.call('get_jsapi_pay_info', { money: 2800, type: 'month' }, bearer(token));
    expect(noOpenid.body.status).toBe('417');
    await u.db.updateTable('users').set({ wechat_openid: 'o-payer-1' }).where('email', '=', 'jsapi@example.com').execute();
    const answer = (await u.call('get_jsapi_pay_info', { money: 2800, type: 'month' }, bearer(token))).body;
    expect(answer.status).toBe('OK');
    const p = answer.data.parameters;
    expect(p).toMatchObject({ appId: fake!.appId, signType: 'RSA', package: expect.stringMatching(/^prepay_id=/) });
    expect(verifySignature(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`, p.paySign, merchant.publicKey)).toBe(
      true,
    );
  });
});

describe('a new order closes the earlier ones at WeChat Pay first', () => {
  type Order = { order_id: string; code_url: string };
  const order = async (u: TestUpstream, token: string, type: 'month' | 'year', replaces?: string) =>
    u.call(
      'get_pay_qr_code',
      { money: type === 'month' ? 2800 : 19_800, type, ...(replaces ? { replaces } : {}) },
      bearer(token),
    );
  const placed = async (u: TestUpstream, token: string, type: 'month' | 'year', replaces?: string): Promise<Order> => {
    const answer = await order(u, token, type, replaces);
    expect(answer.body.status, JSON.stringify(answer.body)).toBe('OK');
    return answer.body.data;
  };
  const orders = async (u: TestUpstream, token: string) =>
    (await u.call('get_orders', {}, bearer(token))).body.data as {
      order_id: string;
      pay_status: string;
      refund_status?: string;
    }[];
  const payments = (u: TestUpstream) => u.db.selectFrom('payments').selectAll().orderBy('id').execute();
  const expiry = async (u: TestUpstream, token: string) =>
    (await u.call('get_user_info', {}, bearer(token))).body.data.vip_info.expire_time as string | null;

  it('switching package closes the first order at WeChat before the second is placed, and lists only the second', async () => {
    const { upstream: u, fake: f } = await merchantUpstream();
    const token = await logInByEmail(u, 'switch@example.com');
    const month = await placed(u, token, 'month');
    const year = await placed(u, token, 'year', month.order_id);

    expect(f.order(month.order_id)?.state).toBe('CLOSED');
    expect(f.order(year.order_id)?.state).toBe('NOTPAY');
    // Closed (and asked about) before the second order was placed.
    const paths = f.requests.map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`);
    expect(paths).toEqual([
      'POST /v3/pay/transactions/native 200',
      `POST /v3/pay/transactions/out-trade-no/${month.order_id}/close 204`,
      `GET /v3/pay/transactions/out-trade-no/${month.order_id} 200`,
      'POST /v3/pay/transactions/native 200',
    ]);
    expect((await u.call('get_pay_status', { order_id: month.order_id }, bearer(token))).body.data.pay_status).toBe('CLOSED');
    // The history: the live order only, as 待支付; the superseded one is gone.
    expect((await orders(u, token)).map((o) => [o.order_id, o.pay_status])).toEqual([[year.order_id, 'NOTPAY']]);

    // Paying the second credits it once.
    expect(await f.pay(year.order_id)).toBe(204);
    expect((await payments(u)).map((p) => [p.order_id, p.outcome])).toEqual([[year.order_id, 'credited']]);
    expect(await expiry(u, token)).toBe('2027-03-02T02:00:00.000Z');
  });

  it('refunds a payment that still reaches a superseded order, once, and never credits it', async () => {
    const { upstream: u, fake: f } = await merchantUpstream();
    const token = await logInByEmail(u, 'superseded@example.com');
    const month = await placed(u, token, 'month');
    u.clock.advance(60_000);
    const year = await placed(u, token, 'year', month.order_id);
    // A payment already under way when the order was closed goes through at WeChat anyway; the
    // refund's first application fails, and is made again when the history is read.
    f.failNext('refund');
    expect(await f.pay(month.order_id, { despiteClosed: true })).toBe(204);
    const transaction = f.order(month.order_id)!.transactionId!;
    expect(await payments(u)).toEqual([expect.objectContaining({ order_id: month.order_id, outcome: 'flagged-closed' })]);
    expect(await expiry(u, token)).toBeNull();
    expect(f.refunds).toHaveLength(0);
    expect(u.logs.some((l) => l.includes(`transaction ${transaction} is refunded`))).toBe(true);

    const listed = await orders(u, token);
    expect(listed.map((o) => [o.order_id, o.pay_status, o.refund_status])).toEqual([
      [year.order_id, 'NOTPAY', undefined],
      [month.order_id, 'REFUND', 'processing'],
    ]);
    expect(f.refunds).toEqual([
      expect.objectContaining({ outTradeNo: month.order_id, transactionId: transaction, refundFen: 2800, totalFen: 2800 }),
    ]);
    // WeChat's retries of the notification, and a restart's sweep, refund nothing more.
    const sent = f.notifications.at(-1)!;
    expect(await Promise.all([f.resend(sent), f.resend(sent)])).toEqual([204, 204]);
    expect(f.refunds).toHaveLength(1);
    expect(await payments(u)).toHaveLength(1);

    f.finishRefund(f.refunds[0]!.outRefundNo);
    expect((await orders(u, token)).find((o) => o.order_id === month.order_id)?.refund_status).toBe('refunded');
    // The live order is paid and credited once.
    await f.pay(year.order_id);
    expect((await payments(u)).map((p) => p.outcome)).toEqual(['flagged-closed', 'credited']);
    expect(await expiry(u, token)).toBe('2027-03-02T02:01:00.000Z');
  });

  it('credits an order paid just before the switch closed it, and refuses the second order instead of a second payment', async () => {
    const { upstream: u, fake: f } = await merchantUpstream();
    const token = await logInByEmail(u, 'race@example.com');
    const month = await placed(u, token, 'month');
    // Paid at WeChat; its notification has not arrived when the learner switches package.
    expect(await f.pay(month.order_id, { notify: false })).toBe(0);
    const refused = await order(u, token, 'year', month.order_id);
    expect(refused.http).toBe(409);
    expect(refused.body).toEqual({ status: 'order_paid', description: '您的上一笔订单已支付成功，会员已开通，无需重复付款' });
    // WeChat refused the close (ORDERPAID); the query found the payment, which was credited.
    expect(f.requests.map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`)).toEqual([
      'POST /v3/pay/transactions/native 200',
      `POST /v3/pay/transactions/out-trade-no/${month.order_id}/close 400`,
      `GET /v3/pay/transactions/out-trade-no/${month.order_id} 200`,
    ]);
    expect((await payments(u)).map((p) => [p.order_id, p.outcome, p.source])).toEqual([[month.order_id, 'credited', 'poll']]);
    expect(await expiry(u, token)).toBe('2026-04-02T02:00:00.000Z');
    // Its late notification credits nothing more.
    expect(await f.resend(f.notifications.at(-1)!)).toBe(204);
    expect(await payments(u)).toHaveLength(1);

    // Paid and credited before the switch (the dialog had not seen it yet): refused the same way.
    const again = await placed(u, token, 'month');
    expect(await f.pay(again.order_id)).toBe(204);
    expect((await order(u, token, 'year', again.order_id)).body.status).toBe('order_paid');
    // A new purchase made knowingly (a new dialog names no order) is taken.
    expect((await order(u, token, 'year')).body.status).toBe('OK');
    expect(await orders(u, token)).toHaveLength(3);
  });

  it('makes no new order while an earlier one may still be paid (WeChat unreachable), then makes it once WeChat answers', async () => {
    const { upstream: u, fake: f } = await merchantUpstream();
    const token = await logInByEmail(u, 'unreachable@example.com');
    const month = await placed(u, token, 'month');
    f.failNext('close');
    f.failNext('query');
    const refused = await order(u, token, 'year', month.order_id);
    expect(refused.body).toEqual({ status: '502', description: '支付服务暂时不可用，请稍后再试' });
    // Nothing new was placed, and the first code can still be paid: once.
    expect(f.requests.filter((r) => r.path === '/v3/pay/transactions/native')).toHaveLength(1);
    expect(await orders(u, token)).toEqual([expect.objectContaining({ order_id: month.order_id, pay_status: 'NOTPAY' })]);

    // The close fails but the query answers: the order is still open at WeChat, so still no new one.
    f.failNext('close');
    expect((await order(u, token, 'year', month.order_id)).body.status).toBe('502');

    const year = await placed(u, token, 'year', month.order_id);
    expect(f.order(month.order_id)?.state).toBe('CLOSED');
    expect(f.order(year.order_id)?.state).toBe('NOTPAY');
  });

  it('leaves one payable order when two tabs on two instances order at once', async () => {
    const { upstream: u, fake: f, env } = await merchantUpstream();
    // A second instance over the same database, a merchant of the same WeChat Pay.
    twin = await startTestUpstream({ clock: u.clock, dir: u.dir, env: { ...env, UPSTREAM_PORT: '0' } });
    const token = await logInByEmail(u, 'tabs@example.com');
    const answers = await Promise.all([
      order(u, token, 'month'),
      order(twin, token, 'year'),
      order(u, token, 'year'),
      order(twin, token, 'month'),
    ]);
    expect(answers.map((a) => a.body.status)).toEqual(['OK', 'OK', 'OK', 'OK']);
    const ids = answers.map((a) => a.body.data.order_id as string);
    const states = ids.map((id) => f.order(id)?.state);
    expect(states.filter((s) => s === 'NOTPAY')).toHaveLength(1);
    expect(states.filter((s) => s === 'CLOSED')).toHaveLength(3);
    const pending = await u.db.selectFrom('orders').select('id').where('status', '=', 'pending').execute();
    expect(pending).toEqual([{ id: ids[states.indexOf('NOTPAY')] }]);
    expect(await orders(twin, token)).toHaveLength(1);
  });
});
