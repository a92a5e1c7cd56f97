import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrdersTable, OrderStatus, User } from '../db/schema';
import { minutes, stamp } from '../platform/time';
import { openTestDatabase, testClock, type TestClock, type TestDatabase, insertTestUser } from '../test-harness';
import { createSettlement, refundNumberOf } from './orders-settle';
import type { PaymentProvider, Refund, RefundRequest } from './provider';

let database: TestDatabase;
let clock: TestClock;
let logs: string[];
let asked: RefundRequest[];
/** What the provider answers a refund: taken at once unless a test says otherwise. */
let refundAnswer: (request: RefundRequest) => Promise<Refund>;

/** A provider that only takes refunds (settlement asks nothing else of it). */
const provider: PaymentProvider = {
  kind: 'wechat',
  nativeOrder: () => Promise.reject(new Error('not used')),
  jsapiOrder: () => Promise.reject(new Error('not used')),
  h5Order: () => Promise.reject(new Error('not used')),
  queryOrder: () => Promise.reject(new Error('not used')),
  closeOrder: () => Promise.reject(new Error('not used')),
  refund: (request) => {
    asked.push(request);
    return refundAnswer(request);
  },
  queryRefund: (outRefundNo) => Promise.resolve({ outRefundNo, refundId: '50300000000001', state: 'SUCCESS' }),
  verifyNotification: () => Promise.reject(new Error('not used')),
};

const settlement = () => createSettlement({ db: database.db, now: clock.now, provider, log: (line) => logs.push(line) });

const newUser = (account: string) => insertTestUser(database.db, clock.now(), account);

async function newOrder(user: User, id: string, status: OrderStatus = 'pending', channel: OrdersTable['channel'] = 'native') {
  await database.db
    .insertInto('orders')
    .values({
      id,
      user_id: user.id,
      package: 'month',
      amount_fen: 2800,
      provider: 'wechat',
      channel,
      status,
      transaction_id: null,
      created_at: stamp(clock.now()),
      expires_at: stamp(clock.now(), minutes(15)),
      settled_at: null,
    })
    .execute();
}

const paid = (orderId: string, transactionId: string, amountFen = 2800) =>
  ({ outTradeNo: orderId, tradeState: 'SUCCESS', transactionId, amountFen }) as const;
const statusOf = async (orderId: string) =>
  (await database.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
const expiryOf = async (user: User) =>
  (await database.db.selectFrom('users').select('vip_expires_at').where('id', '=', user.id).executeTakeFirstOrThrow())
    .vip_expires_at;

beforeEach(async () => {
  database = await openTestDatabase();
  clock = testClock('2026-03-02T02:00:00.000Z');
  logs = [];
  asked = [];
  refundAnswer = (request) => Promise.resolve({ outRefundNo: request.outRefundNo, refundId: '50300000000001', state: 'SUCCESS' });
});
afterEach(() => database.remove());

describe('settling an order', () => {
  it('credits a pending order once, whatever reports it again', async () => {
    const user = await newUser('20000001');
    await newOrder(user, 'a'.repeat(32));
    const { settle } = settlement();
    expect(await settle('a'.repeat(32), paid('a'.repeat(32), '4200000000000000000000000101'), 'notification')).toBe('credited');
    expect(await settle('a'.repeat(32), paid('a'.repeat(32), '4200000000000000000000000101'), 'poll')).toBe('already-settled');
    expect(await statusOf('a'.repeat(32))).toBe('paid');
    expect(await expiryOf(user)).toBe('2026-04-02T02:00:00.000Z');
    const ledger = await database.db.selectFrom('payments').selectAll().execute();
    expect(ledger).toEqual([expect.objectContaining({ outcome: 'credited', source: 'notification', amount_fen: 2800 })]);
  });

  it('leaves an unpaid order pending, and fails one whose payment failed', async () => {
    const user = await newUser('20000002');
    await newOrder(user, 'b'.repeat(32));
    const { settle } = settlement();
    expect(await settle('b'.repeat(32), { outTradeNo: 'b'.repeat(32), tradeState: 'NOTPAY' }, 'poll')).toBe('unpaid');
    expect(await statusOf('b'.repeat(32))).toBe('pending');
    expect(await settle('b'.repeat(32), { outTradeNo: 'b'.repeat(32), tradeState: 'PAYERROR' }, 'poll')).toBe('failed');
    expect(await statusOf('b'.repeat(32))).toBe('failed');
    expect(await settle('f'.repeat(32), paid('f'.repeat(32), '4200000000000000000000000102'), 'poll')).toBe('unpaid');
  });

  it('flags a payment of another amount for the operator, and asks for no refund', async () => {
    const user = await newUser('20000003');
    await newOrder(user, 'c'.repeat(32));
    const { settle } = settlement();
    expect(await settle('c'.repeat(32), paid('c'.repeat(32), '4200000000000000000000000103', 1), 'poll')).toBe('flagged');
    expect(await expiryOf(user)).toBeNull();
    expect(asked).toEqual([]);
    expect(logs.some((l) => l.includes('is for the operator to refund'))).toBe(true);
  });

  it('credits a payment made the way its order was placed, and flags one made another way for the operator', async () => {
    const user = await newUser('20000013');
    await newOrder(user, '1'.repeat(32), 'pending', 'h5');
    await newOrder(user, '2'.repeat(32), 'pending', 'h5');
    const { settle } = settlement();
    const h5 = { ...paid('1'.repeat(32), '4200000000000000000000000113'), tradeType: 'MWEB' };
    expect(await settle('1'.repeat(32), h5, 'notification')).toBe('credited');
    const asNative = { ...paid('2'.repeat(32), '4200000000000000000000000114'), tradeType: 'NATIVE' };
    expect(await settle('2'.repeat(32), asNative, 'notification')).toBe('flagged');
    expect(await statusOf('2'.repeat(32))).toBe('flagged');
    // Reported again, by the poll: still not credited.
    expect(await settle('2'.repeat(32), asNative, 'poll')).toBe('already-settled');
    expect(await expiryOf(user)).toBe('2026-04-02T02:00:00.000Z');
    const ledger = await database.db.selectFrom('payments').select(['order_id', 'outcome']).orderBy('id').execute();
    expect(ledger).toEqual([
      { order_id: '1'.repeat(32), outcome: 'credited' },
      { order_id: '2'.repeat(32), outcome: 'flagged-channel' },
    ]);
    expect(asked).toEqual([]);
  });

  it('gives back a payment that reaches a closed order, under one refund number', async () => {
    const user = await newUser('20000004');
    await newOrder(user, 'd'.repeat(32), 'closed');
    const { settle, requestRefund } = settlement();
    const transactionId = '4200000000000000000000000104';
    expect(await settle('d'.repeat(32), paid('d'.repeat(32), transactionId), 'notification')).toBe('flagged');
    expect(asked).toEqual([
      {
        outRefundNo: refundNumberOf(transactionId),
        outTradeNo: 'd'.repeat(32),
        transactionId,
        amountFen: 2800,
        reason: '订单已关闭，付款原路退回',
      },
    ]);
    const refunds = await database.db.selectFrom('refunds').selectAll().execute();
    expect(refunds).toEqual([expect.objectContaining({ id: `R${transactionId}`, status: 'refunded' })]);
    // Through: asking again asks the provider nothing.
    expect(await requestRefund(`R${transactionId}`)).toBe('refunded');
    expect(asked).toHaveLength(1);
  });

  it('asks again for a refund the provider could not take, and follows one under way', async () => {
    const user = await newUser('20000005');
    await newOrder(user, 'e'.repeat(32), 'timeout');
    refundAnswer = () => Promise.reject(new Error('SYSTEM_ERROR'));
    const { settle, requestRefund } = settlement();
    const transactionId = '4200000000000000000000000105';
    expect(await settle('e'.repeat(32), paid('e'.repeat(32), transactionId), 'notification')).toBe('flagged');
    expect(logs.some((l) => l.includes('is not through yet: SYSTEM_ERROR'))).toBe(true);
    refundAnswer = (request) =>
      Promise.resolve({ outRefundNo: request.outRefundNo, refundId: '50300000000002', state: 'PROCESSING' });
    expect(await requestRefund(`R${transactionId}`)).toBe('processing');
    expect(asked.map((r) => r.reason)).toEqual(['订单已超时，付款原路退回', '订单已超时，付款原路退回']);
    // Under way: the query tells how it ended.
    expect(await requestRefund(`R${transactionId}`)).toBe('refunded');
    expect(asked).toHaveLength(2);
  });

  it('numbers a refund by its transaction, hashing an id that is not a plain one', () => {
    expect(refundNumberOf('4200000000000000000000000106')).toBe('R4200000000000000000000000106');
    expect(refundNumberOf('sandbox-tx/1')).toMatch(/^R[0-9a-f]{40}$/);
  });
});
