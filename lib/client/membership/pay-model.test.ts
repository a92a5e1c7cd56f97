import { describe, expect, it, vi } from 'vitest';
import {
  formatBeijingDate,
  formatDiscount,
  formatYuan,
  h5PayAddress,
  h5ReturnUrl,
  orderSequence,
  orderStatusLabel,
  payOutcomeOf,
  resolvePayUrl,
  sandboxPayLink,
} from './pay-model';

describe('formatYuan', () => {
  it('shows whole 元 without decimals and the rest with two', () => {
    expect(formatYuan(2800)).toBe('28');
    expect(formatYuan(19_800)).toBe('198');
    expect(formatYuan(990)).toBe('9.90');
    expect(formatYuan(1)).toBe('0.01');
    expect(formatYuan(0)).toBe('0');
    expect(formatYuan(-250)).toBe('-2.50');
  });

  it('is exact where floating-point division is not', () => {
    // 1.15 * 100 is 114.99999999999999 in binary floating point.
    expect(formatYuan(115)).toBe('1.15');
    expect(formatYuan(1_000_007)).toBe('10000.07');
  });

  it('says nothing useful for what is not an amount', () => {
    expect(formatYuan(Number.NaN)).toBe('—');
  });
});

describe('formatDiscount', () => {
  it('writes tenths as 折', () => {
    expect(formatDiscount(7.4)).toBe('7.4折');
    expect(formatDiscount(4.3)).toBe('4.3折');
    expect(formatDiscount(8)).toBe('8折');
    expect(formatDiscount('6.5')).toBe('6.5折');
  });

  it('shows nothing without a real discount', () => {
    expect(formatDiscount(10)).toBeNull();
    expect(formatDiscount(undefined)).toBeNull();
    expect(formatDiscount('abc')).toBeNull();
    expect(formatDiscount(0)).toBeNull();
  });
});

describe('formatBeijingDate', () => {
  it('reads the date in Beijing time', () => {
    expect(formatBeijingDate('2026-04-02T02:00:00.000Z')).toBe('2026-04-02');
    // 20:00 UTC is already the next morning in Beijing.
    expect(formatBeijingDate(new Date('2026-04-02T20:00:00.000Z'))).toBe('2026-04-03');
  });

  it('answers null for nothing or nonsense', () => {
    expect(formatBeijingDate(null)).toBeNull();
    expect(formatBeijingDate('yesterday')).toBeNull();
  });
});

describe('resolvePayUrl', () => {
  const origin = 'http://127.0.0.1:3100';

  it("resolves the sandbox's path against the page's origin", () => {
    expect(resolvePayUrl('/sandbox/wechatpay/pay/abc', origin)).toBe('http://127.0.0.1:3100/sandbox/wechatpay/pay/abc');
  });

  it("keeps WeChat's own code and absolute web addresses", () => {
    expect(resolvePayUrl('weixin://wxpay/bizpayurl?pr=AbCd123', origin)).toBe('weixin://wxpay/bizpayurl?pr=AbCd123');
    expect(resolvePayUrl('https://yujing.example/sandbox/wechatpay/pay/abc', origin)).toBe(
      'https://yujing.example/sandbox/wechatpay/pay/abc',
    );
  });

  it('refuses anything else', () => {
    expect(resolvePayUrl('javascript:alert(1)', origin)).toBeNull();
    expect(resolvePayUrl('//evil.example/pay', origin)).toBeNull();
    expect(resolvePayUrl('/\\evil.example/pay', origin)).toBeNull();
    expect(resolvePayUrl('data:text/html,hi', origin)).toBeNull();
    expect(resolvePayUrl('sandbox/pay', origin)).toBeNull();
  });
});

describe('sandboxPayLink', () => {
  const origin = 'https://yujing.example';

  it('links web pay pages only, never the weixin:// code', () => {
    expect(sandboxPayLink('/sandbox/wechatpay/pay/abc', origin)).toBe('https://yujing.example/sandbox/wechatpay/pay/abc');
    expect(sandboxPayLink('http://localhost:3000/sandbox/wechatpay/pay/abc', origin)).toBe(
      'http://localhost:3000/sandbox/wechatpay/pay/abc',
    );
    expect(sandboxPayLink('weixin://wxpay/bizpayurl?pr=AbCd123', origin)).toBeNull();
    expect(sandboxPayLink('javascript:alert(1)', origin)).toBeNull();
  });
});

describe('h5PayAddress', () => {
  const origin = 'https://yujing.example';
  const back = h5ReturnUrl(origin, 'abc123', '/BuyVip?x=1');

  it('names /VipFinish with the order, the way back and the channel', () => {
    expect(back).toBe('https://yujing.example/VipFinish?order_id=abc123&back=%2FBuyVip%3Fx%3D1&via=h5');
  });

  it('appends the URL-encoded redirect_url to WeChat’s h5_url, as WeChat documents it', () => {
    const h5 = 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2016111016383&package=1037687096';
    const address = h5PayAddress(h5, back, origin)!;
    expect(address).toBe(`${h5}&redirect_url=${encodeURIComponent(back)}`);
    // One redirect_url, which reads back as the address of /VipFinish whole.
    expect(new URL(address).searchParams.getAll('redirect_url')).toEqual([back]);
    expect(new URL(address).searchParams.get('package')).toBe('1037687096');
  });

  it('resolves the sandbox’s page on this site, and follows no other kind of address', () => {
    expect(h5PayAddress('/sandbox/wechatpay/pay/abc?channel=h5', back, origin)).toBe(
      `https://yujing.example/sandbox/wechatpay/pay/abc?channel=h5&redirect_url=${encodeURIComponent(back)}`,
    );
    expect(h5PayAddress('weixin://wxpay/bizpayurl?pr=AbCd123', back, origin)).toBeNull();
    expect(h5PayAddress('javascript:alert(1)', back, origin)).toBeNull();
    expect(h5PayAddress('//evil.example/pay', back, origin)).toBeNull();
  });
});

describe('payOutcomeOf', () => {
  it('ends the poll on the three outcomes, and on an order closed by a newer one', () => {
    expect(payOutcomeOf('SUCCESS')).toBe('SUCCESS');
    expect(payOutcomeOf('FAIL')).toBe('FAIL');
    expect(payOutcomeOf('TIMEOUT')).toBe('TIMEOUT');
    expect(payOutcomeOf('CLOSED')).toBe('CLOSED');
    expect(payOutcomeOf('NOTPAY')).toBeNull();
    expect(payOutcomeOf('USERPAYING')).toBeNull();
    expect(payOutcomeOf(undefined)).toBeNull();
  });
});

describe('orderSequence', () => {
  it('places one order after the other, each naming the one it replaces', async () => {
    const sequence = orderSequence();
    const calls: { id: string; replaces: string | undefined }[] = [];
    const answers: Record<string, () => void> = {};
    const place = (id: string) => (replaces: string | undefined) => {
      calls.push({ id, replaces });
      return new Promise<{ order_id: string }>((resolve) => {
        answers[id] = () => resolve({ order_id: id });
      });
    };
    const month = sequence.next(place('month-1'));
    const year = sequence.next(place('year-1'));
    await Promise.resolve();
    // The second waits for the first's answer: it cannot name it before.
    expect(calls).toEqual([{ id: 'month-1', replaces: undefined }]);
    answers['month-1']!();
    await month;
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({ id: 'year-1', replaces: 'month-1' });
    answers['year-1']!();
    await year;

    // A refused order replaces nothing: the next names the last order that was made.
    await expect(sequence.next(() => Promise.reject(new Error('order_paid')))).rejects.toThrow('order_paid');
    const after = await sequence.next(async (replaces) => ({ order_id: `after-${replaces}` }));
    expect(after.order_id).toBe('after-year-1');
  });
});

describe('orderStatusLabel', () => {
  it('says how far the refund of a payment that came after its order closed has gone', () => {
    expect(orderStatusLabel({ pay_status: 'NOTPAY' })).toBe('待支付');
    expect(orderStatusLabel({ pay_status: 'REFUND', refund_status: 'processing' })).toBe('未开通会员，退款中');
    expect(orderStatusLabel({ pay_status: 'REFUND', refund_status: 'refunded' })).toBe('未开通会员，已退款');
    expect(orderStatusLabel({ pay_status: 'REFUND' })).toBe('未开通会员，待退款');
    expect(orderStatusLabel({ pay_status: 'REFUND', refund_status: 'failed' })).toBe('未开通会员，待退款');
  });
});
