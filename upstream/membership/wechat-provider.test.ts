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
afterEach(async () => {
  await upstream?.stop();
  await fake?.close();
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

/** The upstream configured as a merchant of the fake WeChat Pay, which shares its clock. */
async function merchantUpstream() {
  const clock = testClock();
  const merchant = generateRsaIdentity();
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
