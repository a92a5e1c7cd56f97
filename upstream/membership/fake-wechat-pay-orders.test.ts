import { describe, expect, it } from 'vitest';
import { ApiRefusal, createFakeOrderBook } from './fake-wechat-pay-orders';

const mchId = '1900000109';
const appId = 'wx8888888888888888';
const h5Page = 'http://127.0.0.1:4000/cgi-bin/mmpayweb-bin/checkmweb';
const newBook = () => createFakeOrderBook({ mchId, appId, now: () => new Date('2026-11-24T12:00:00Z'), h5PageUrl: () => h5Page });

/** A Native order's body as the merchant sends it. */
const orderBody = (changes: Record<string, unknown> = {}) => ({
  mchid: mchId,
  appid: appId,
  description: '语境会员 月卡',
  out_trade_no: 'vip_0001',
  time_expire: '2026-11-24T20:15:00+08:00',
  notify_url: 'http://127.0.0.1:3000/api/wechat_pay_notify',
  amount: { total: 2800, currency: 'CNY' },
  ...changes,
});

/** The refusal the book answers, as `status code`; undefined when it takes the request. */
function refusalOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof ApiRefusal) return `${error.status} ${error.code}`;
    throw error;
  }
}

describe('the fake WeChat Pay’s orders and refunds', () => {
  it('places an order once, answers the same link when it is placed again, and refuses another under its number', () => {
    const book = newBook();
    const first = book.placeOrder('NATIVE', orderBody());
    expect(first.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(book.placeOrder('NATIVE', orderBody())).toEqual(first);
    expect(refusalOf(() => book.placeOrder('NATIVE', orderBody({ amount: { total: 100 } })))).toBe('403 OUT_TRADE_NO_USED');
    expect(book.transactionOf(book.orderOf('vip_0001'))).toMatchObject({
      mchid: mchId,
      out_trade_no: 'vip_0001',
      trade_state: 'NOTPAY',
      amount: { total: 2800 },
    });
    expect(refusalOf(() => book.orderOf('vip_0002'))).toBe('404 ORDER_NOT_EXIST');
  });

  it('checks a new order as WeChat does', () => {
    const book = newBook();
    expect(refusalOf(() => book.placeOrder('NATIVE', orderBody({ mchid: '1900000110' })))).toBe('400 MCH_NOT_EXISTS');
    expect(refusalOf(() => book.placeOrder('NATIVE', orderBody({ amount: { total: 25.5 } })))).toBe('400 PARAM_ERROR');
    expect(refusalOf(() => book.placeOrder('NATIVE', orderBody({ time_expire: 'tomorrow' })))).toBe('400 PARAM_ERROR');
    expect(refusalOf(() => book.placeOrder('NATIVE', orderBody({ notify_url: 'http://x/notify?a=1' })))).toBe('400 PARAM_ERROR');
    // A JSAPI order needs its payer.
    expect(refusalOf(() => book.placeOrder('JSAPI', orderBody()))).toBe('400 PARAM_ERROR');
    expect(book.placeOrder('JSAPI', orderBody({ payer: { openid: 'oUpF8uMu' } })).prepay_id).toMatch(/^wx\d{14}/);
  });

  it('takes an H5 order only with the payer’s address and the scene, and answers its pay page', () => {
    const book = newBook();
    const scene = (scene_info: unknown) => orderBody({ scene_info });
    expect(refusalOf(() => book.placeOrder('MWEB', orderBody()))).toBe('400 PARAM_ERROR');
    expect(refusalOf(() => book.placeOrder('MWEB', scene({ h5_info: { type: 'Wap' } })))).toBe('400 PARAM_ERROR');
    expect(refusalOf(() => book.placeOrder('MWEB', scene({ payer_client_ip: 'my phone', h5_info: { type: 'Wap' } })))).toBe(
      '400 PARAM_ERROR',
    );
    expect(refusalOf(() => book.placeOrder('MWEB', scene({ payer_client_ip: '203.0.113.7' })))).toBe('400 PARAM_ERROR');
    expect(refusalOf(() => book.placeOrder('MWEB', scene({ payer_client_ip: '203.0.113.7', h5_info: { type: 'Web' } })))).toBe(
      '400 PARAM_ERROR',
    );
    const body = scene({ payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } });
    const placed = book.placeOrder('MWEB', body);
    expect(placed.h5_url).toMatch(
      /^http:\/\/127\.0\.0\.1:4000\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=wx\d{14}\w+&package=\d{10}$/,
    );
    expect(book.placeOrder('MWEB', body)).toEqual(placed);
    const order = book.orderOf('vip_0001');
    expect(order).toMatchObject({ tradeType: 'MWEB', payerClientIp: '203.0.113.7' });
    expect(book.orderOfPrepayId(order.prepayId!)).toBe(order);
    // Another trade type under the same number is another order.
    expect(refusalOf(() => book.placeOrder('NATIVE', orderBody()))).toBe('403 OUT_TRADE_NO_USED');
  });

  it('refunds a paid order once per refund number, and never more than was paid', () => {
    const book = newBook();
    book.placeOrder('NATIVE', orderBody());
    const order = book.orders.get('vip_0001')!;
    const refund = { out_refund_no: 'Rtx1', transaction_id: 'tx1', amount: { refund: 2800, total: 2800, currency: 'CNY' } };
    expect(refusalOf(() => book.applyRefund(refund))).toBe('404 RESOURCE_NOT_EXISTS');
    order.transactionId = 'tx1';
    expect(refusalOf(() => book.applyRefund(refund))).toBe('400 INVALID_REQUEST');
    order.state = 'SUCCESS';
    const taken = book.applyRefund(refund);
    expect(taken).toMatchObject({ outRefundNo: 'Rtx1', transactionId: 'tx1', refundFen: 2800, status: 'PROCESSING' });
    expect(book.applyRefund(refund)).toBe(taken);
    expect(book.refunds).toEqual([taken]);
    expect(order.state).toBe('REFUND');
    expect(refusalOf(() => book.applyRefund({ ...refund, out_refund_no: 'Rtx2' }))).toBe('400 INVALID_REQUEST');
    expect(book.refundAnswer(taken)).toMatchObject({
      refund_id: taken.refundId,
      out_refund_no: 'Rtx1',
      status: 'PROCESSING',
      amount: { refund: 2800, total: 2800, currency: 'CNY' },
    });
  });
});
