import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../db/schema';
import { loadConfig } from '../platform/config';
import { minutes } from '../platform/time';
import { openTestDatabase, testClock, type TestClock, type TestDatabase, insertTestUser } from '../test-harness';
import { createOrders, type Orders } from './orders';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider';

// The configuration's defaults: the month at 2800 fen, the year at 19,800, 15 minutes to pay.
const config = loadConfig({}).membership;

let database: TestDatabase;
let clock: TestClock;
let sandbox: SandboxProvider;
let orders: Orders;
let logs: string[];

const newUser = (account: string, vipExpiresAt: string | null = null) =>
  insertTestUser(database.db, clock.now(), account, vipExpiresAt);

const expiryOf = async (user: User) =>
  (await database.db.selectFrom('users').select('vip_expires_at').where('id', '=', user.id).executeTakeFirstOrThrow())
    .vip_expires_at;
const paymentsOf = (user: User) => database.db.selectFrom('payments').selectAll().where('user_id', '=', user.id).execute();

beforeEach(async () => {
  database = await openTestDatabase();
  clock = testClock('2026-03-02T02:00:00.000Z');
  logs = [];
  sandbox = createSandboxProvider({ db: database.db, now: clock.now, payPageUrl: (id) => `/sandbox/wechatpay/pay/${id}` });
  orders = createOrders({ db: database.db, now: clock.now, config, provider: sandbox, log: (line) => logs.push(line) });
});
afterEach(() => database.remove());

describe('VIP orders', () => {
  it('charges the package table, not the client, and makes unguessable order ids', async () => {
    const user = await newUser('10000001');
    await expect(orders.qrCodeOrder(user, 'month', 1)).rejects.toMatchObject({ status: '400' });
    const a = await orders.qrCodeOrder(user, 'month', 2800);
    const b = await orders.qrCodeOrder(user, 'month', 2800);
    expect(a.order_id).toMatch(/^[0-9a-f]{32}$/);
    expect(a.order_id).not.toBe(b.order_id);
    expect(a.code_url).toBe(`/sandbox/wechatpay/pay/${a.order_id}`);
    // The second order closed the first: only the newest can be paid.
    expect(await orders.status(user, a.order_id)).toEqual({ pay_status: 'CLOSED', amount: 2800 });
    expect(await orders.status(user, b.order_id)).toEqual({ pay_status: 'NOTPAY', amount: 2800 });
  });

  it('answers one user nothing about another user’s order', async () => {
    const owner = await newUser('10000002');
    const other = await newUser('10000003');
    const { order_id } = await orders.qrCodeOrder(owner, 'month', 2800);
    await expect(orders.status(other, order_id)).rejects.toMatchObject({ status: '404' });
    await expect(orders.status(other, 'f'.repeat(32))).rejects.toMatchObject({ status: '404' });
  });

  it('credits a month from today, and a year from the current expiry while still VIP', async () => {
    const user = await newUser('10000004');
    const { order_id } = await orders.qrCodeOrder(user, 'month', 2800);
    const note = await sandbox.pay(order_id);
    expect(await orders.notified(note!.headers, note!.body)).toBe('credited');
    expect(await expiryOf(user)).toBe('2026-04-02T02:00:00.000Z');
    expect(await orders.status(user, order_id)).toEqual({ pay_status: 'SUCCESS', amount: 2800 });

    clock.advance(minutes(60));
    const year = await orders.qrCodeOrder(user, 'year', 19_800);
    const paid = await sandbox.pay(year.order_id);
    await orders.notified(paid!.headers, paid!.body);
    expect(await expiryOf(user)).toBe('2027-04-02T02:00:00.000Z');
    const ledger = await paymentsOf(user);
    expect(ledger.map((p) => [p.outcome, p.amount_fen, p.vip_to])).toEqual([
      ['credited', 2800, '2026-04-02T02:00:00.000Z'],
      ['credited', 19_800, '2027-04-02T02:00:00.000Z'],
    ]);
  });

  it('credits a notification replayed 100 times, or sent 20 times at once, exactly once', async () => {
    const user = await newUser('10000005');
    const { order_id } = await orders.qrCodeOrder(user, 'month', 2800);
    const note = (await sandbox.pay(order_id))!;
    const results = await Promise.all(Array.from({ length: 20 }, () => orders.notified(note.headers, note.body)));
    expect(results.filter((r) => r === 'credited')).toHaveLength(1);
    for (let i = 0; i < 100; i++) expect(await orders.notified(note.headers, note.body)).toBe('already-settled');
    // The poll settles through the same transaction.
    expect(await orders.status(user, order_id)).toEqual({ pay_status: 'SUCCESS', amount: 2800 });
    expect(await paymentsOf(user)).toHaveLength(1);
    expect(await expiryOf(user)).toBe('2026-04-02T02:00:00.000Z');
  });

  it('believes no forged notification', async () => {
    const user = await newUser('10000006');
    const { order_id } = await orders.qrCodeOrder(user, 'month', 2800);
    const note = (await sandbox.pay(order_id))!;
    const tampered = note.body.replace(/"ciphertext":"(.)/, (_m, c: string) => `"ciphertext":"${c === 'A' ? 'B' : 'A'}`);
    await expect(orders.notified(note.headers, tampered)).rejects.toThrow();
    await expect(orders.notified({ ...note.headers, 'Wechatpay-Serial': 'ANOTHER' }, note.body)).rejects.toThrow();
    clock.advance(minutes(6));
    await expect(orders.notified(note.headers, note.body)).rejects.toThrow();
    expect(await paymentsOf(user)).toHaveLength(0);
  });

  it('finishes crediting a payment whose notification was lost, on the next poll or start', async () => {
    const user = await newUser('10000007');
    const { order_id } = await orders.qrCodeOrder(user, 'month', 2800);
    // Paid at the provider; the notification never arrives (the process died before it settled).
    await sandbox.pay(order_id);
    expect(await orders.recover()).toBe(1);
    expect(await expiryOf(user)).toBe('2026-04-02T02:00:00.000Z');
    const [payment] = await paymentsOf(user);
    expect(payment).toMatchObject({ outcome: 'credited', source: 'recovery' });
  });

  it('times an unpaid order out, closes it at the provider, and flags a payment that comes after', async () => {
    const user = await newUser('10000008');
    const { order_id } = await orders.qrCodeOrder(user, 'month', 2800);
    clock.advance(minutes(16));
    expect(await orders.status(user, order_id)).toEqual({ pay_status: 'TIMEOUT', amount: 2800 });
    expect((await sandbox.describe(order_id))?.trade_state).toBe('CLOSED');
    expect(await sandbox.pay(order_id)).toBeUndefined();

    // A provider that took the money anyway (a payment racing the close): recorded for a refund,
    // not credited, not lost.
    const late = await orders.settle(
      order_id,
      { outTradeNo: order_id, tradeState: 'SUCCESS', transactionId: '4200000000000000000000000001', amountFen: 2800 },
      'notification',
    );
    expect(late).toBe('flagged');
    expect(await expiryOf(user)).toBeNull();
    expect((await paymentsOf(user)).map((p) => p.outcome)).toEqual(['flagged-late']);
    expect(logs.some((l) => l.includes('transaction 4200000000000000000000000001 is refunded'))).toBe(true);
    // The payer sees it in the personal centre as money to be given back.
    expect(await orders.list(user)).toEqual([expect.objectContaining({ order_id, pay_status: 'REFUND' })]);
  });

  it('credits an order paid just before a new order closed it, and makes no second order', async () => {
    const user = await newUser('10000011');
    const first = await orders.qrCodeOrder(user, 'month', 2800);
    // Paid in the sandbox; its notification has not been handled when the learner orders again.
    await sandbox.pay(first.order_id);
    await expect(orders.qrCodeOrder(user, 'year', 19_800, first.order_id)).rejects.toMatchObject({ status: 'order_paid' });
    expect((await paymentsOf(user)).map((p) => [p.order_id, p.outcome])).toEqual([[first.order_id, 'credited']]);
    expect(await expiryOf(user)).toBe('2026-04-02T02:00:00.000Z');
    expect(await database.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  it('refunds in the sandbox a payment that reaches an order closed in the meantime, once', async () => {
    const user = await newUser('10000012');
    const { order_id } = await orders.qrCodeOrder(user, 'month', 2800);
    // Paid at the provider, and closed here before the payment was known (the state a new order
    // leaves when its close and the payment cross).
    const note = (await sandbox.pay(order_id))!;
    await database.db.updateTable('orders').set({ status: 'closed' }).where('id', '=', order_id).execute();
    const results = await Promise.all(Array.from({ length: 5 }, () => orders.notified(note.headers, note.body)));
    expect(results.filter((r) => r === 'flagged')).toHaveLength(1);
    expect(await expiryOf(user)).toBeNull();
    expect((await paymentsOf(user)).map((p) => p.outcome)).toEqual(['flagged-closed']);
    expect(await sandbox.describe(order_id)).toMatchObject({
      trade_state: 'REFUND',
      out_refund_no: `R${note.paid.transaction_id}`,
    });
    const refunds = await database.db.selectFrom('refunds').selectAll().execute();
    expect(refunds).toEqual([
      expect.objectContaining({ order_id, transaction_id: note.paid.transaction_id, amount_fen: 2800, status: 'refunded' }),
    ]);
    expect(await orders.list(user)).toEqual([
      expect.objectContaining({ order_id, pay_status: 'REFUND', refund_status: 'refunded' }),
    ]);
    // A start's sweep asks nothing more of a refund that is through.
    expect(await orders.recover()).toBe(0);
  });

  it('fails an order the payer failed to pay', async () => {
    const user = await newUser('10000009');
    const { order_id } = await orders.qrCodeOrder(user, 'year', 19_800);
    expect(await sandbox.fail(order_id)).toBe(true);
    expect(await orders.status(user, order_id)).toEqual({ pay_status: 'FAIL', amount: 19_800 });
    expect(await sandbox.pay(order_id)).toBeUndefined();
  });

  it('does not credit a payment whose amount is not the order’s', async () => {
    const user = await newUser('10000010');
    const { order_id } = await orders.qrCodeOrder(user, 'month', 2800);
    const result = await orders.settle(
      order_id,
      { outTradeNo: order_id, tradeState: 'SUCCESS', transactionId: '4200000000000000000000000002', amountFen: 1 },
      'poll',
    );
    expect(result).toBe('flagged');
    expect(await expiryOf(user)).toBeNull();
  });
});

describe('the trade type of a payment', () => {
  /** A user who logged in through WeChat, as a JSAPI order needs. */
  const wechatUser = async (account: string) => {
    const user = await newUser(account);
    await database.db
      .updateTable('users')
      .set({ wechat_openid: `o-${account}` })
      .where('id', '=', user.id)
      .execute();
    return { ...user, wechat_openid: `o-${account}` };
  };

  it('is the one of the order’s channel in the sandbox’s notification and query: MWEB for H5', async () => {
    // One learner each: a learner's new order closes their earlier one.
    const placed = {
      NATIVE: (await orders.qrCodeOrder(await newUser('10000101'), 'month', 2800)).order_id,
      JSAPI: (await orders.jsapiOrder(await wechatUser('10000111'), 'month', 2800)).order_id,
      MWEB: (await orders.h5Order(await newUser('10000121'), 'month', 2800, '203.0.113.7')).order_id,
    };
    for (const [tradeType, orderId] of Object.entries(placed)) {
      const note = (await sandbox.pay(orderId))!;
      expect(await sandbox.verifyNotification(note.headers, note.body)).toMatchObject({ outTradeNo: orderId, tradeType });
      expect(await sandbox.queryOrder(orderId)).toMatchObject({ tradeState: 'SUCCESS', tradeType });
    }
  });

  it('credits an H5 order whose notification says MWEB', async () => {
    const user = await newUser('10000102');
    const { order_id } = await orders.h5Order(user, 'month', 2800, '203.0.113.7');
    const note = (await sandbox.pay(order_id))!;
    expect(await orders.notified(note.headers, note.body)).toBe('credited');
    expect(await orders.status(user, order_id)).toEqual({ pay_status: 'SUCCESS', amount: 2800 });
    expect(await expiryOf(user)).toBe('2026-04-02T02:00:00.000Z');
  });

  it('does not confirm an order whose notification says another trade type than its channel', async () => {
    const user = await newUser('10000103');
    const { order_id } = await orders.h5Order(user, 'month', 2800, '203.0.113.7');
    // As the sandbox once did: an H5 payment reported as NATIVE, genuinely signed.
    await database.db
      .updateTable('sandbox_transactions')
      .set({ trade_type: 'NATIVE' })
      .where('out_trade_no', '=', order_id)
      .execute();
    const note = (await sandbox.pay(order_id))!;
    expect(await orders.notified(note.headers, note.body)).toBe('flagged');
    expect(await expiryOf(user)).toBeNull();
    // Nor does the poll, which settles through the same transaction.
    expect((await orders.status(user, order_id)).pay_status).not.toBe('SUCCESS');
    expect(await paymentsOf(user)).toEqual([expect.objectContaining({ outcome: 'flagged-channel', amount_fen: 2800 })]);
    expect(logs.some((l) => l.includes('flagged-channel') && l.includes('for the operator'))).toBe(true);
  });
});
