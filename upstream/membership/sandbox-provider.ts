import { generateKeyPairSync, type KeyPairKeyObjectResult, randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db/database';
import type { SandboxTransactionsTable } from '../db/schema';
import { stamp, type Clock } from '../platform/time';
import { type PaymentProvider, type TradeType, type Transaction, transactionOf } from './provider';
import { buildNotification, jsapiPageParameters, verifyNotification } from './wechat-pay';

/*
 * The payment sandbox: WeChat Pay's part played locally, for machines without a merchant (and
 * refused in production, where its page does not exist). Its side of each order is its own table,
 * as WeChat's would be its own database: the tester pays or fails an order on the sandbox's page,
 * the sandbox records it there, and sends the notification WeChat would send — signed with the
 * sandbox's platform key and encrypted under its APIv3 key — through the same verification as a
 * real one. An order paid here whose notification was lost is found by the poll, as with WeChat.
 * It closes orders as WeChat does (a paid one cannot be: ORDERPAID), after which its page takes
 * no payment, and refunds a payment at once, once per refund number.
 *
 * The keys are the process's own, made when it first needs them (two RSA-2048 key pairs take a
 * core some tenths of a second, which no start should wait for): a notification is delivered by
 * the instance whose page was used, which verifies it with the key it signed it with.
 */

const sandboxAppId = 'wx-sandbox';

interface SandboxKeys {
  platform: KeyPairKeyObjectResult;
  merchant: KeyPairKeyObjectResult;
  platformSerial: string;
  /** 32 bytes, as WeChat's APIv3 keys are. */
  apiV3Key: string;
}

let processKeys: SandboxKeys | undefined;

function sandboxKeys(): SandboxKeys {
  processKeys ??= {
    platform: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    merchant: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    platformSerial: `SANDBOX${randomBytes(8).toString('hex').toUpperCase()}`,
    apiV3Key: randomBytes(16).toString('hex'),
  };
  return processKeys;
}

export interface SandboxProvider extends PaymentProvider {
  kind: 'sandbox';
  /** The sandbox's side of an order, for its page, and whether it can still be paid. */
  describe(outTradeNo: string): Promise<(SandboxTransactionsTable & { payable: boolean }) | undefined>;
  /**
   * The tester pays: records the payment and answers the notification WeChat would send, or
   * undefined when the order cannot be paid (unknown, paid already, failed, closed or expired).
   */
  pay(outTradeNo: string): Promise<{ headers: Record<string, string>; body: string; paid: SandboxTransactionsTable } | undefined>;
  /** The tester's payment fails (PAYERROR); false when the order cannot be paid. */
  fail(outTradeNo: string): Promise<boolean>;
}

export function createSandboxProvider({
  db,
  now,
  payPageUrl,
}: {
  db: Db;
  now: Clock;
  payPageUrl: (outTradeNo: string) => string;
}): SandboxProvider {
  const row = (outTradeNo: string) =>
    db.selectFrom('sandbox_transactions').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();

  async function open(
    order: { outTradeNo: string; description: string; amountFen: number; expiresAt: Date },
    tradeType: TradeType,
  ) {
    if (!Number.isInteger(order.amountFen) || order.amountFen < 1)
      throw new Error(`amount must be whole fen: ${order.amountFen}`);
    await db
      .insertInto('sandbox_transactions')
      .values({
        out_trade_no: order.outTradeNo,
        amount_fen: order.amountFen,
        trade_state: 'NOTPAY',
        transaction_id: null,
        description: order.description,
        time_expire: stamp(order.expiresAt),
        success_time: null,
        created_at: stamp(now()),
        out_refund_no: null,
        refund_id: null,
        trade_type: tradeType,
      })
      .execute();
  }

  /** Whether the order can still be paid: not paid, failed or closed, and not expired. */
  const payable = (t: SandboxTransactionsTable | undefined) => t?.trade_state === 'NOTPAY' && t.time_expire > stamp(now());

  return {
    kind: 'sandbox',

    async nativeOrder(order) {
      await open(order, 'NATIVE');
      return { codeUrl: payPageUrl(order.outTradeNo) };
    },

    async jsapiOrder(order) {
      await open(order, 'JSAPI');
      return jsapiPageParameters({
        appId: sandboxAppId,
        prepayId: `wx${randomBytes(14).toString('hex')}`,
        merchantPrivateKey: sandboxKeys().merchant.privateKey,
        now,
      });
    },

    async h5Order(order) {
      await open(order, 'MWEB');
      // As WeChat's h5_url, an address with a query that the page appends `&redirect_url=` to;
      // the payer's address is WeChat's to check, and the sandbox has nothing to check it with.
      return { h5Url: `${payPageUrl(order.outTradeNo)}?channel=h5` };
    },

    async queryOrder(outTradeNo): Promise<Transaction | undefined> {
      const t = await row(outTradeNo);
      if (!t) return undefined;
      return {
        outTradeNo,
        tradeState: t.trade_state,
        ...(t.transaction_id ? { transactionId: t.transaction_id, amountFen: t.amount_fen, tradeType: t.trade_type } : {}),
        ...(t.success_time ? { successTime: t.success_time } : {}),
      };
    },

    async closeOrder(outTradeNo) {
      const closed = await db
        .updateTable('sandbox_transactions')
        .set({ trade_state: 'CLOSED' })
        .where('out_trade_no', '=', outTradeNo)
        .where('trade_state', '=', 'NOTPAY')
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) > 0) return;
      // As WeChat answers: a paid order cannot be closed, and an unknown one does not exist.
      const t = await row(outTradeNo);
      if (!t) throw new Error(`ORDER_NOT_EXIST: the sandbox has no order ${outTradeNo}`);
      if (t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND') throw new Error(`ORDERPAID: order ${outTradeNo} is paid`);
    },

    async refund({ outRefundNo, outTradeNo, transactionId, amountFen }) {
      // Given back at once (a sandbox moves no money); the same refund number answers the same refund.
      const refundId = `50${Array.from({ length: 27 }, () => randomInt(10)).join('')}`;
      await db
        .updateTable('sandbox_transactions')
        .set({ trade_state: 'REFUND', out_refund_no: outRefundNo, refund_id: refundId })
        .where('out_trade_no', '=', outTradeNo)
        .where('transaction_id', '=', transactionId)
        .where('trade_state', '=', 'SUCCESS')
        .where('amount_fen', '>=', amountFen)
        .execute();
      const t = await row(outTradeNo);
      if (t?.out_refund_no !== outRefundNo || !t.refund_id) {
        throw new Error(`the sandbox cannot refund ${transactionId} of order ${outTradeNo} under ${outRefundNo}`);
      }
      return { outRefundNo, refundId: t.refund_id, state: 'SUCCESS' };
    },

    async queryRefund(outRefundNo) {
      const t = await db
        .selectFrom('sandbox_transactions')
        .select(['refund_id'])
        .where('out_refund_no', '=', outRefundNo)
        .executeTakeFirst();
      return t?.refund_id ? { outRefundNo, refundId: t.refund_id, state: 'SUCCESS' } : undefined;
    },

    async verifyNotification(headers, body) {
      const { platform, platformSerial, apiV3Key } = sandboxKeys();
      return transactionOf(
        verifyNotification(headers, body, { platformPublicKey: platform.publicKey, platformSerial, apiV3Key, now }),
      );
    },

    async describe(outTradeNo) {
      const t = await row(outTradeNo);
      return t && { ...t, payable: payable(t) };
    },

    async pay(outTradeNo) {
      if (!payable(await row(outTradeNo))) return undefined;
      // WeChat's transaction ids are 28 digits starting 42.
      const transactionId = `42${Array.from({ length: 26 }, () => randomInt(10)).join('')}`;
      const successTime = stamp(now());
      const paid = await db
        .updateTable('sandbox_transactions')
        .set({ trade_state: 'SUCCESS', transaction_id: transactionId, success_time: successTime })
        .where('out_trade_no', '=', outTradeNo)
        .where('trade_state', '=', 'NOTPAY')
        .where('time_expire', '>', successTime)
        .returningAll()
        .executeTakeFirst();
      // Paid or closed by someone else in the meantime.
      if (!paid) return undefined;
      const { platform, platformSerial, apiV3Key } = sandboxKeys();
      const notification = buildNotification(
        {
          appid: sandboxAppId,
          mchid: 'sandbox',
          out_trade_no: outTradeNo,
          transaction_id: transactionId,
          trade_type: paid.trade_type,
          trade_state: 'SUCCESS',
          trade_state_desc: '支付成功',
          success_time: successTime,
          amount: { total: paid.amount_fen, payer_total: paid.amount_fen, currency: 'CNY', payer_currency: 'CNY' },
          payer: { openid: 'sandbox-payer' },
        },
        { platformPrivateKey: platform.privateKey, platformSerial, apiV3Key, now },
      );
      return { ...notification, paid };
    },

    async fail(outTradeNo) {
      if (!payable(await row(outTradeNo))) return false;
      const failed = await db
        .updateTable('sandbox_transactions')
        .set({ trade_state: 'PAYERROR' })
        .where('out_trade_no', '=', outTradeNo)
        .where('trade_state', '=', 'NOTPAY')
        .executeTakeFirst();
      return Number(failed.numUpdatedRows) > 0;
    },
  };
}
