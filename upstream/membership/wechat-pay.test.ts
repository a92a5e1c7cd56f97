import { createPublicKey } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeWechatPay, generateRsaIdentity, startFakeWechatPay } from './fake-wechat-pay';
import {
  createWechatPayClient,
  type PaidTransaction,
  rfc3339Beijing,
  verifySignature,
  type VerificationFailure,
  WechatPayApiError,
  type WechatPayClient,
  WechatPayVerificationError,
} from './wechat-pay';

const merchant = generateRsaIdentity();
const stranger = generateRsaIdentity();

describe('the client against the fake WeChat Pay server', () => {
  let fake: FakeWechatPay;
  let client: WechatPayClient;
  let receiver: http.Server;
  let notifyUrl: string;
  const received: { transaction?: PaidTransaction; refused?: VerificationFailure }[] = [];
  let orderCount = 0;
  const newOrder = () => ({
    description: '语境会员 月卡',
    outTradeNo: `vip${Date.now()}${++orderCount}`,
    amountFen: 2500,
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });

  beforeAll(async () => {
    fake = await startFakeWechatPay({ merchantPublicKey: merchant.publicKey, merchantSerial: merchant.serial });
    // The merchant's notification route, as the lead's will be: verify, then 204, or 4xx to be retried.
    receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        try {
          received.push({ transaction: client.verifyNotification(request.headers, Buffer.concat(chunks).toString('utf8')) });
          response.writeHead(204).end();
        } catch (error) {
          if (!(error instanceof WechatPayVerificationError)) throw error;
          received.push({ refused: error.reason });
          response.writeHead(401, { 'Content-Type': 'application/json' }).end('{"code":"FAIL","message":"验签失败"}');
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/wechat_pay_notify`;
    client = createWechatPayClient(fake.clientConfig({ merchantPrivateKey: merchant.privateKey, notifyUrl }), {
      now: () => new Date(),
    });
  });

  afterAll(async () => {
    await fake.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  beforeEach(() => {
    received.length = 0;
  });

  it('places a Native order and answers its code_url', async () => {
    const order = newOrder();
    const { codeUrl } = await client.nativeOrder(order);
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.order(order.outTradeNo)).toMatchObject({
      tradeType: 'NATIVE',
      amountFen: 2500,
      state: 'NOTPAY',
      notifyUrl,
      timeExpire: rfc3339Beijing(order.expiresAt),
    });
    // Placing the same order again answers the same link; changing it is refused.
    expect((await client.nativeOrder(order)).codeUrl).toBe(codeUrl);
    await expect(client.nativeOrder({ ...order, amountFen: 1 })).rejects.toMatchObject({
      status: 403,
      code: 'OUT_TRADE_NO_USED',
    });
  });

  it('places a JSAPI order whose page parameters are signed with the merchant key', async () => {
    const order = { ...newOrder(), openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' };
    const { prepayId, pageParameters } = await client.jsapiOrder(order);
    expect(fake.order(order.outTradeNo)).toMatchObject({ tradeType: 'JSAPI', prepayId, openid: order.openid });
    expect(pageParameters).toMatchObject({ appId: fake.appId, package: `prepay_id=${prepayId}`, signType: 'RSA' });
    const { appId, timeStamp, nonceStr, package: pkg, paySign } = pageParameters;
    expect(verifySignature(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, paySign, createPublicKey(merchant.publicKey))).toBe(
      true,
    );
  });

  it('places an H5 order signed like the others, with the payer’s address and the scene, and answers its h5_url', async () => {
    const order = { ...newOrder(), payerClientIp: '::ffff:203.0.113.7' };
    const { h5Url } = await client.h5Order(order);
    expect(fake.requests.at(-1)).toEqual({ method: 'POST', path: '/v3/pay/transactions/h5', status: 200 });
    expect(h5Url).toMatch(new RegExp(`^${fake.baseUrl}/cgi-bin/mmpayweb-bin/checkmweb\\?prepay_id=wx\\w+&package=\\d+$`));
    // An IPv4 address seen through an IPv6 socket goes as the IPv4 it is.
    expect(fake.order(order.outTradeNo)).toMatchObject({ tradeType: 'MWEB', payerClientIp: '203.0.113.7', h5Url });
    // Signed with a key WeChat does not know, the same order is refused before anything is made.
    const impostor = createWechatPayClient(fake.clientConfig({ merchantPrivateKey: stranger.privateKey, notifyUrl }), {
      now: () => new Date(),
    });
    await expect(impostor.h5Order({ ...newOrder(), payerClientIp: '203.0.113.7' })).rejects.toMatchObject({
      status: 401,
      code: 'SIGN_ERROR',
    });
    // Without a real address no request is sent at all.
    const before = fake.requests.length;
    await expect(client.h5Order({ ...newOrder(), payerClientIp: 'unknown' })).rejects.toThrow(RangeError);
    expect(fake.requests.length).toBe(before);
  });

  it('pays an H5 order on WeChat’s page, sends the browser back to redirect_url and the merchant its notification', async () => {
    const order = { ...newOrder(), payerClientIp: '203.0.113.7' };
    const { h5Url } = await client.h5Order(order);
    const back = 'https://yujing.example.com/VipFinish?order_id=abc';
    const pageUrl = `${h5Url}&redirect_url=${encodeURIComponent(back)}`;
    const page = await fetch(pageUrl);
    expect(await page.text()).toContain('确认支付');
    const paid = await fetch(pageUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(back);
    expect(received.at(-1)?.transaction).toMatchObject({
      out_trade_no: order.outTradeNo,
      trade_state: 'SUCCESS',
      trade_type: 'MWEB',
    });
    expect(await client.queryOrder(order.outTradeNo)).toMatchObject({ trade_state: 'SUCCESS' });

    // Cancelled: back all the same, and the order still open.
    const open = { ...newOrder(), payerClientIp: '203.0.113.8' };
    const cancelled = await fetch(`${(await client.h5Order(open)).h5Url}&redirect_url=${encodeURIComponent(back)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=cancel',
      redirect: 'manual',
    });
    expect(cancelled.headers.get('location')).toBe(back);
    expect(await client.queryOrder(open.outTradeNo)).toMatchObject({ trade_state: 'NOTPAY' });
  });

  it('queries an order before and after payment, and delivers a notification the merchant can verify', async () => {
    const order = newOrder();
    await client.nativeOrder(order);
    expect(await client.queryOrder(order.outTradeNo)).toMatchObject({ trade_state: 'NOTPAY', amount: { total: 2500 } });
    expect((await client.queryOrder(order.outTradeNo))?.transaction_id).toBeUndefined();

    expect(await fake.pay(order.outTradeNo, { openid: 'oPayer123' })).toBe(204);
    const paid = await client.queryOrder(order.outTradeNo);
    expect(paid).toMatchObject({
      trade_state: 'SUCCESS',
      trade_type: 'NATIVE',
      payer: { openid: 'oPayer123' },
      amount: { total: 2500, payer_total: 2500 },
    });
    expect(paid?.transaction_id).toMatch(/^4200\d{24}$/);
    expect(received).toEqual([
      { transaction: expect.objectContaining({ out_trade_no: order.outTradeNo, transaction_id: paid?.transaction_id }) },
    ]);
    expect(fake.notifications.at(-1)).toMatchObject({ outTradeNo: order.outTradeNo, url: notifyUrl, status: 204 });
    await expect(fake.pay(order.outTradeNo)).rejects.toThrow(/SUCCESS/);
  });

  it('replays and tampers with a notification for the merchant route to refuse', async () => {
    const order = newOrder();
    await client.nativeOrder(order);
    await fake.pay(order.outTradeNo);
    const sent = fake.notifications.at(-1)!;
    received.length = 0;
    expect(await fake.resend(sent)).toBe(204);
    expect(await fake.resend(sent, 'exact')).toBe(204);
    for (const variant of ['bad signature', 'unknown serial', 'stale timestamp', 'bad ciphertext'] as const) {
      expect(await fake.resend(sent, variant)).toBe(401);
    }
    expect(received.map((entry) => entry.refused ?? entry.transaction?.transaction_id)).toEqual([
      fake.order(order.outTradeNo)?.transactionId,
      fake.order(order.outTradeNo)?.transactionId,
      'bad signature',
      'unknown serial',
      'stale timestamp',
      'bad ciphertext',
    ]);
  });

  it('closes an unpaid order, and cannot close a paid one', async () => {
    const unpaid = newOrder();
    await client.nativeOrder(unpaid);
    await client.closeOrder(unpaid.outTradeNo);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', status: 204 });
    expect(await client.queryOrder(unpaid.outTradeNo)).toMatchObject({ trade_state: 'CLOSED' });
    await expect(fake.pay(unpaid.outTradeNo)).rejects.toThrow(/CLOSED/);

    const paid = newOrder();
    await client.nativeOrder(paid);
    await fake.pay(paid.outTradeNo);
    const error = await client.closeOrder(paid.outTradeNo).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WechatPayApiError);
    expect(error).toMatchObject({ status: 400, code: 'ORDERPAID', signed: true });
  });

  it('refunds a payment once per refund number, and answers the refund by that number', async () => {
    const paid = newOrder();
    await client.nativeOrder(paid);
    await fake.pay(paid.outTradeNo);
    const transactionId = (await client.queryOrder(paid.outTradeNo))!.transaction_id!;
    // Nothing to give back for a payment WeChat does not know, nor more than was paid.
    await expect(
      client.refund({ outRefundNo: 'R-unknown', transactionId: 'nope', refundFen: 1, totalFen: 2500, reason: '测试' }),
    ).rejects.toMatchObject({ status: 404, code: 'RESOURCE_NOT_EXISTS', signed: true });
    await expect(
      client.refund({ outRefundNo: 'R-more', transactionId, refundFen: 2501, totalFen: 2500, reason: '测试' }),
    ).rejects.toThrow(RangeError);

    const input = {
      outRefundNo: `R${transactionId}`,
      transactionId,
      refundFen: 2500,
      totalFen: 2500,
      reason: '订单已关闭，付款原路退回',
    };
    const taken = await client.refund(input);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v3/refund/domestic/refunds', status: 200 });
    expect(taken).toMatchObject({ out_refund_no: input.outRefundNo, transaction_id: transactionId, status: 'PROCESSING' });
    expect(taken.amount).toMatchObject({ refund: 2500, total: 2500 });
    // Asked again (an answer lost on the way): the same refund, not a second one.
    expect((await client.refund(input)).refund_id).toBe(taken.refund_id);
    expect(fake.refunds.filter((r) => r.transactionId === transactionId)).toHaveLength(1);
    expect(fake.refunds.at(-1)?.reason).toBe('订单已关闭，付款原路退回');
    expect(await client.queryOrder(paid.outTradeNo)).toMatchObject({ trade_state: 'REFUND' });

    fake.finishRefund(input.outRefundNo);
    expect(await client.queryRefund(input.outRefundNo)).toMatchObject({ refund_id: taken.refund_id, status: 'SUCCESS' });
    expect(await client.queryRefund('R-none')).toBeUndefined();
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', status: 404 });
  });

  it('answers undefined for an order WeChat does not have', async () => {
    expect(await client.queryOrder('no_such_order_1')).toBeUndefined();
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', status: 404 });
  });

  it('reports a failed and an expired payment', async () => {
    const failed = newOrder();
    await client.nativeOrder(failed);
    fake.fail(failed.outTradeNo);
    expect(await client.queryOrder(failed.outTradeNo)).toMatchObject({ trade_state: 'PAYERROR' });
    const expired = newOrder();
    await client.nativeOrder(expired);
    fake.expire(expired.outTradeNo);
    expect(await client.queryOrder(expired.outTradeNo)).toMatchObject({ trade_state: 'CLOSED' });
    expect(
      fake.notifications.filter((sent) => sent.outTradeNo === failed.outTradeNo || sent.outTradeNo === expired.outTradeNo),
    ).toEqual([]);
  });

  it('rejects an answer signed with a key that is not the platform key', async () => {
    const order = newOrder();
    await client.nativeOrder(order);
    fake.forgeNextAnswer();
    const error = await client.queryOrder(order.outTradeNo).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WechatPayVerificationError);
    expect((error as WechatPayVerificationError).reason).toBe('bad signature');
    // The forgery was one answer only: the next is trusted again.
    expect(await client.queryOrder(order.outTradeNo)).toMatchObject({ trade_state: 'NOTPAY' });
  });

  it('never takes an unsigned answer as a fact about the order', async () => {
    const unsigned = (status: number, body: string) => async () =>
      new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
    const config = fake.clientConfig({ merchantPrivateKey: merchant.privateKey, notifyUrl });
    const now = () => new Date();
    const ok = createWechatPayClient(config, { now, fetch: unsigned(200, '{"code_url":"weixin://wxpay/bizpayurl?pr=evil"}') });
    await expect(ok.nativeOrder(newOrder())).rejects.toMatchObject({ reason: 'bad signature' });
    const notFound = createWechatPayClient(config, {
      now,
      fetch: unsigned(404, '{"code":"ORDER_NOT_EXIST","message":"订单不存在"}'),
    });
    await expect(notFound.queryOrder('vip_unknown_1')).rejects.toMatchObject({
      status: 404,
      code: 'ORDER_NOT_EXIST',
      signed: false,
    });
  });

  it('is refused with 401 SIGN_ERROR when the merchant signs with a key WeChat does not know', async () => {
    const impostor = createWechatPayClient(fake.clientConfig({ merchantPrivateKey: stranger.privateKey, notifyUrl }), {
      now: () => new Date(),
    });
    await expect(impostor.nativeOrder(newOrder())).rejects.toMatchObject({ status: 401, code: 'SIGN_ERROR' });
    const skewed = createWechatPayClient(fake.clientConfig({ merchantPrivateKey: merchant.privateKey, notifyUrl }), {
      now: () => new Date(Date.now() - 10 * 60_000),
    });
    await expect(skewed.nativeOrder(newOrder())).rejects.toMatchObject({ status: 401, code: 'SIGN_ERROR' });
  });

  it('sends amounts only as whole fen', async () => {
    const before = fake.requests.length;
    await expect(client.nativeOrder({ ...newOrder(), amountFen: 25.5 })).rejects.toThrow(RangeError);
    await expect(client.nativeOrder({ ...newOrder(), amountFen: 0 })).rejects.toThrow(RangeError);
    await expect(client.jsapiOrder({ ...newOrder(), amountFen: Number.NaN, openid: 'o1' })).rejects.toThrow(RangeError);
    await expect(client.nativeOrder({ ...newOrder(), outTradeNo: '../../x' })).rejects.toThrow(RangeError);
    expect(fake.requests.length).toBe(before);
  });
});
