import type { Clock } from '../platform/time';
import { type PaymentProvider, refundOf, type Transaction, transactionOf } from './provider';
import { createWechatPayClient, type WechatPayConfig, type WechatPayTransaction } from './wechat-pay';

/**
 * WeChat Pay API v3 as the membership's payment provider, for a configured merchant. A report is
 * believed only for this merchant and app: WeChat signs for the merchant, but a transaction of
 * another app under it is not one of our orders.
 */
export function createWechatPayProvider(config: WechatPayConfig, now: Clock): PaymentProvider {
  const client = createWechatPayClient(config, { now });

  function transaction(t: WechatPayTransaction): Transaction {
    if (t.mchid !== config.mchId || t.appid !== config.appId) {
      throw new Error(`a transaction of another merchant or app (${t.mchid}, ${t.appid}) for ${t.out_trade_no}`);
    }
    return transactionOf(t);
  }

  return {
    kind: 'wechat',
    nativeOrder: (order) => client.nativeOrder(order),
    jsapiOrder: async (order) => (await client.jsapiOrder(order)).pageParameters,
    h5Order: (order) => client.h5Order(order),
    queryOrder: async (outTradeNo) => {
      const found = await client.queryOrder(outTradeNo);
      return found && transaction(found);
    },
    closeOrder: (outTradeNo) => client.closeOrder(outTradeNo),
    refund: async ({ outRefundNo, transactionId, amountFen, reason }) =>
      refundOf(await client.refund({ outRefundNo, transactionId, refundFen: amountFen, totalFen: amountFen, reason })),
    queryRefund: async (outRefundNo) => {
      const found = await client.queryRefund(outRefundNo);
      return found && refundOf(found);
    },
    verifyNotification: async (headers, body) => transaction(client.verifyNotification(headers, body)),
  };
}
