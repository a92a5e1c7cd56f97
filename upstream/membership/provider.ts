/**
 * What the membership needs of a payment provider: WeChat Pay API v3 when the merchant is
 * configured (wechat-pay.ts), the sandbox otherwise (sandbox-provider.ts). Both speak WeChat's
 * terms: an order is known by our out_trade_no, a payment by the provider's transaction id, and
 * a notification is verified (signature, serial, age, AEAD) before anything is believed.
 */
import type { OrdersTable } from '../db/schema';
import type { JsapiPageParameters, RefundState, TradeState, WechatPayRefund, WechatPayTransaction } from './wechat-pay';

export type { JsapiPageParameters, RefundState, TradeState };

/** WeChat's name for how an order was placed: MWEB is H5 (`/v3/pay/transactions/h5`). */
export type TradeType = 'NATIVE' | 'JSAPI' | 'MWEB';

/** The trade type WeChat reports for a paid order of each channel. */
export const tradeTypeOf: Record<OrdersTable['channel'], TradeType> = { native: 'NATIVE', jsapi: 'JSAPI', h5: 'MWEB' };

/** A provider's word on one order. */
export interface Transaction {
  outTradeNo: string;
  tradeState: TradeState;
  /** Present once paid. */
  transactionId?: string;
  /** Fen the payer paid. */
  amountFen?: number;
  successTime?: string;
  /** How the order was placed, as the provider reports it once paid (WeChat's trade_type). */
  tradeType?: string;
}

/** WeChat's transaction (a query's answer, a notification's resource) in the membership's terms. */
export function transactionOf(
  t: Pick<WechatPayTransaction, 'out_trade_no' | 'trade_state' | 'transaction_id' | 'amount' | 'success_time' | 'trade_type'>,
): Transaction {
  return {
    outTradeNo: t.out_trade_no,
    tradeState: t.trade_state,
    ...(t.transaction_id ? { transactionId: t.transaction_id } : {}),
    amountFen: t.amount.total,
    ...(t.success_time ? { successTime: t.success_time } : {}),
    ...(t.trade_type ? { tradeType: t.trade_type } : {}),
  };
}

/** A provider's word on one refund. */
export interface Refund {
  outRefundNo: string;
  /** The provider's own id of the refund. */
  refundId: string;
  state: RefundState;
}

export const refundOf = (r: Pick<WechatPayRefund, 'out_refund_no' | 'refund_id' | 'status'>): Refund => ({
  outRefundNo: r.out_refund_no,
  refundId: r.refund_id,
  state: r.status,
});

export interface RefundRequest {
  outRefundNo: string;
  outTradeNo: string;
  transactionId: string;
  /** Fen: the whole payment. */
  amountFen: number;
  reason: string;
}

export interface NewProviderOrder {
  outTradeNo: string;
  description: string;
  amountFen: number;
  expiresAt: Date;
}

export interface PaymentProvider {
  kind: 'wechat' | 'sandbox';
  /** A Native order: the code_url the QR code shows. */
  nativeOrder(order: NewProviderOrder): Promise<{ codeUrl: string }>;
  /** A JSAPI order for the payer's openid: the page's parameters. */
  jsapiOrder(order: NewProviderOrder & { openid: string }): Promise<JsapiPageParameters>;
  /**
   * An H5 order, for a phone browser outside WeChat: the address of the provider's pay page
   * (with a query, to which the page appends `&redirect_url=`). `payerClientIp`: the caller's
   * address as the upstream derives it.
   */
  h5Order(order: NewProviderOrder & { payerClientIp: string }): Promise<{ h5Url: string }>;
  /** The order as the provider sees it; undefined when it has never heard of it. */
  queryOrder(outTradeNo: string): Promise<Transaction | undefined>;
  /**
   * Closes an unpaid order so that it can no longer be paid. Throws when it cannot (already
   * paid: WeChat's ORDERPAID) or when the provider cannot be reached: the order's state is then
   * for queryOrder to tell.
   */
  closeOrder(outTradeNo: string): Promise<void>;
  /** Applies for the refund of a payment; the same outRefundNo never refunds twice. */
  refund(request: RefundRequest): Promise<Refund>;
  /** A refund as the provider sees it now; undefined when it has never heard of it. */
  queryRefund(outRefundNo: string): Promise<Refund | undefined>;
  /** The transaction a notification reports, once its signature and encryption are checked; throws otherwise. */
  verifyNotification(headers: Record<string, string | undefined>, body: string): Promise<Transaction>;
}
