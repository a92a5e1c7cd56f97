/**
 * The orders and refunds of the fake WeChat Pay server (fake-wechat-pay.ts), kept in memory: a new
 * order and a refund checked as WeChat checks them, and answered as WeChat answers them. Tests
 * only.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import type { Clock } from '../platform/time';
import type { TradeType } from './provider';
import { type RefundState, randomNonce, rfc3339Beijing, type TradeState, type WechatPayTransaction } from './wechat-pay';

export interface FakeOrder {
  outTradeNo: string;
  /** MWEB: an H5 order, as WeChat names its trade type. */
  tradeType: TradeType;
  appId: string;
  description: string;
  amountFen: number;
  timeExpire: string;
  notifyUrl: string;
  state: TradeState;
  stateDescription: string;
  codeUrl?: string;
  prepayId?: string;
  /** An H5 order's pay page, and the payer's address the merchant sent (scene_info.payer_client_ip). */
  h5Url?: string;
  payerClientIp?: string;
  openid?: string;
  transactionId?: string;
  successTime?: string;
}

/** The answer WeChat gives a new order of each trade type. */
function placedAnswer(order: FakeOrder): Record<string, string> {
  if (order.codeUrl) return { code_url: order.codeUrl };
  if (order.h5Url) return { h5_url: order.h5Url };
  return { prepay_id: order.prepayId! };
}

/** The H5 scene types WeChat takes (h5_info.type). */
const h5SceneTypes = ['iOS', 'Android', 'Wap'];

export interface FakeRefund {
  outRefundNo: string;
  refundId: string;
  outTradeNo: string;
  transactionId: string;
  /** Fen of the payment, and fen given back. */
  totalFen: number;
  refundFen: number;
  reason?: string;
  status: RefundState;
  createTime: string;
  successTime?: string;
}

const outTradeNoPattern = /^[0-9A-Za-z_\-|*]{6,32}$/;
const outRefundNoPattern = /^[0-9A-Za-z_\-|*@]{1,64}$/;
const rfc3339Pattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export const stateDescriptions: Record<TradeState, string> = {
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  NOTPAY: '未支付',
  CLOSED: '已关闭',
  REVOKED: '已撤销',
  USERPAYING: '用户支付中',
  PAYERROR: '支付失败',
};

export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const refuse = (status: number, code: string, message: string) => new ApiRefusal(status, code, message);

export const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

function objectField(body: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = body[name];
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** The fake's orders and refunds, with WeChat's checks of what the merchant asks of them. */
export function createFakeOrderBook({
  mchId,
  appId,
  now,
  h5PageUrl,
}: {
  mchId: string;
  appId: string;
  now: Clock;
  /** The fake's own H5 pay page, which an H5 order's h5_url opens. */
  h5PageUrl: () => string;
}) {
  const orders = new Map<string, FakeOrder>();
  const refunds: FakeRefund[] = [];

  function transactionOf(order: FakeOrder): WechatPayTransaction {
    const paid = order.state === 'SUCCESS';
    return {
      appid: order.appId,
      mchid: mchId,
      out_trade_no: order.outTradeNo,
      ...(order.transactionId ? { transaction_id: order.transactionId } : {}),
      ...(paid ? { trade_type: order.tradeType, bank_type: 'OTHERS', attach: '' } : {}),
      trade_state: order.state,
      trade_state_desc: order.stateDescription,
      ...(order.successTime ? { success_time: order.successTime } : {}),
      ...(paid && order.openid ? { payer: { openid: order.openid } } : {}),
      amount: paid
        ? { total: order.amountFen, payer_total: order.amountFen, currency: 'CNY', payer_currency: 'CNY' }
        : { total: order.amountFen, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  function placeOrder(tradeType: TradeType, body: Record<string, unknown>): Record<string, string> {
    const amount = objectField(body, 'amount');
    const payer = objectField(body, 'payer');
    if (body.mchid !== mchId) throw refuse(400, 'MCH_NOT_EXISTS', '商户号不存在');
    if (body.appid !== appId) throw refuse(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
    const outTradeNo = body.out_trade_no;
    if (typeof outTradeNo !== 'string' || !outTradeNoPattern.test(outTradeNo)) {
      throw refuse(400, 'PARAM_ERROR', '输入源“/body/out_trade_no”映射到字段“商户订单号”不合法');
    }
    if (typeof body.description !== 'string' || body.description.length === 0 || body.description.length > 127) {
      throw refuse(400, 'PARAM_ERROR', '输入源“/body/description”映射到字段“商品描述”不合法');
    }
    const total = amount?.total;
    if (typeof total !== 'number' || !Number.isInteger(total) || total <= 0) {
      throw refuse(400, 'PARAM_ERROR', '输入源“/body/amount/total”映射到字段“总金额”类型不对');
    }
    if (amount?.currency !== undefined && amount.currency !== 'CNY') throw refuse(400, 'PARAM_ERROR', '币种不合法');
    if (typeof body.time_expire !== 'string' || !rfc3339Pattern.test(body.time_expire)) {
      throw refuse(400, 'PARAM_ERROR', '输入源“/body/time_expire”映射到字段“交易结束时间”不合法');
    }
    let notifyUrl: URL;
    try {
      notifyUrl = new URL(String(body.notify_url));
    } catch {
      throw refuse(400, 'PARAM_ERROR', '输入源“/body/notify_url”映射到字段“通知地址”不合法');
    }
    // WeChat wants an HTTPS URL without a query; the fake accepts http so that tests on 127.0.0.1 work.
    if (notifyUrl.search !== '' || !/^https?:$/.test(notifyUrl.protocol)) {
      throw refuse(400, 'PARAM_ERROR', '通知地址不能携带参数');
    }
    const openid = payer?.openid;
    if (tradeType === 'JSAPI' && (typeof openid !== 'string' || openid.length === 0)) {
      throw refuse(400, 'PARAM_ERROR', '输入源“/body/payer/openid”映射到字段“用户标识”必填性规则校验失败');
    }

    // H5: WeChat wants the payer's real address and the scene, and refuses the order without them.
    const scene = objectField(body, 'scene_info');
    const payerClientIp = scene?.payer_client_ip;
    if (tradeType === 'MWEB') {
      if (typeof payerClientIp !== 'string' || isIP(payerClientIp) === 0) {
        throw refuse(400, 'PARAM_ERROR', '输入源“/body/scene_info/payer_client_ip”映射到字段“用户终端IP”不合法');
      }
      const h5Info = objectField(scene!, 'h5_info');
      if (typeof h5Info?.type !== 'string' || !h5SceneTypes.includes(h5Info.type)) {
        throw refuse(400, 'PARAM_ERROR', '输入源“/body/scene_info/h5_info/type”映射到字段“场景类型”不合法');
      }
    }

    const existing = orders.get(outTradeNo);
    if (existing) {
      if (existing.state === 'SUCCESS') throw refuse(400, 'ORDERPAID', '该订单已支付');
      if (existing.state === 'CLOSED') throw refuse(400, 'ORDER_CLOSED', '订单已关闭');
      const same =
        existing.tradeType === tradeType &&
        existing.amountFen === total &&
        existing.description === body.description &&
        existing.openid === (tradeType === 'JSAPI' ? openid : undefined);
      if (!same) throw refuse(403, 'OUT_TRADE_NO_USED', '商户订单号重复');
      // The same order placed again: WeChat answers the same payment link.
      return placedAnswer(existing);
    }

    const order: FakeOrder = {
      outTradeNo,
      tradeType,
      appId,
      description: body.description,
      amountFen: total,
      timeExpire: body.time_expire,
      notifyUrl: notifyUrl.href,
      state: 'NOTPAY',
      stateDescription: stateDescriptions.NOTPAY,
      ...(tradeType === 'JSAPI'
        ? { prepayId: `wx${digits(14)}${randomBytes(10).toString('hex')}`, openid: openid as string }
        : tradeType === 'MWEB'
          ? h5Order(payerClientIp as string)
          : { codeUrl: `weixin://wxpay/bizpayurl?pr=${randomNonce(7)}` }),
    };
    orders.set(outTradeNo, order);
    return placedAnswer(order);
  }

  /** An H5 order's prepay id and pay page, as WeChat's checkmweb address carries them. */
  function h5Order(payerClientIp: string): Pick<FakeOrder, 'prepayId' | 'h5Url' | 'payerClientIp'> {
    const prepayId = `wx${digits(14)}${randomBytes(10).toString('hex')}`;
    return { prepayId, payerClientIp, h5Url: `${h5PageUrl()}?prepay_id=${prepayId}&package=${digits(10)}` };
  }

  /** The order an H5 pay page's prepay_id belongs to. */
  const orderOfPrepayId = (prepayId: string) =>
    [...orders.values()].find((o) => o.tradeType === 'MWEB' && o.prepayId === prepayId);

  function orderOf(outTradeNo: string): FakeOrder {
    const order = orders.get(outTradeNo);
    if (!order) throw refuse(404, 'ORDER_NOT_EXIST', '订单不存在');
    return order;
  }

  /** A refund applied for: the payment's, once per out_refund_no, never more than was paid. */
  function applyRefund(body: Record<string, unknown>): FakeRefund {
    const amount = objectField(body, 'amount');
    const outRefundNo = body.out_refund_no;
    if (typeof outRefundNo !== 'string' || !outRefundNoPattern.test(outRefundNo)) {
      throw refuse(400, 'PARAM_ERROR', '输入源“/body/out_refund_no”映射到字段“商户退款单号”不合法');
    }
    const order =
      typeof body.transaction_id === 'string'
        ? [...orders.values()].find((o) => o.transactionId === body.transaction_id)
        : typeof body.out_trade_no === 'string'
          ? orders.get(body.out_trade_no)
          : undefined;
    if (body.transaction_id === undefined && body.out_trade_no === undefined) {
      throw refuse(400, 'PARAM_ERROR', 'transaction_id和out_trade_no必须二选一进行传参');
    }
    if (!order) throw refuse(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    const refund = amount?.refund;
    const total = amount?.total;
    if (typeof refund !== 'number' || !Number.isInteger(refund) || refund <= 0) {
      throw refuse(400, 'PARAM_ERROR', '输入源“/body/amount/refund”映射到字段“退款金额”不合法');
    }
    if (amount?.currency !== 'CNY') throw refuse(400, 'PARAM_ERROR', '输入源“/body/amount/currency”映射到字段“退款币种”不合法');
    if (total !== order.amountFen) throw refuse(400, 'PARAM_ERROR', '订单金额与原订单不一致');
    const existing = refunds.find((r) => r.outRefundNo === outRefundNo);
    if (existing) {
      // The same refund asked again: WeChat refunds it once, and answers it as it stands.
      if (existing.transactionId !== order.transactionId || existing.refundFen !== refund) {
        throw refuse(400, 'INVALID_REQUEST', '退款单号已用于其他退款');
      }
      return existing;
    }
    if (order.state !== 'SUCCESS' && order.state !== 'REFUND') throw refuse(400, 'INVALID_REQUEST', '订单未支付，不能退款');
    const refunded = refunds.filter((r) => r.outTradeNo === order.outTradeNo && r.status !== 'CLOSED');
    if (refunded.reduce((sum, r) => sum + r.refundFen, 0) + refund > order.amountFen) {
      throw refuse(400, 'INVALID_REQUEST', '退款金额超过订单可退金额');
    }
    const taken: FakeRefund = {
      outRefundNo,
      refundId: `50${digits(27)}`,
      outTradeNo: order.outTradeNo,
      transactionId: order.transactionId!,
      totalFen: order.amountFen,
      refundFen: refund,
      ...(typeof body.reason === 'string' ? { reason: body.reason } : {}),
      status: 'PROCESSING',
      createTime: rfc3339Beijing(now()),
    };
    refunds.push(taken);
    order.state = 'REFUND';
    order.stateDescription = stateDescriptions.REFUND;
    return taken;
  }

  function refundAnswer(r: FakeRefund) {
    return {
      refund_id: r.refundId,
      out_refund_no: r.outRefundNo,
      transaction_id: r.transactionId,
      out_trade_no: r.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(r.successTime ? { success_time: r.successTime } : {}),
      create_time: r.createTime,
      status: r.status,
      funds_account: 'AVAILABLE',
      amount: {
        total: r.totalFen,
        refund: r.refundFen,
        from: [],
        payer_total: r.totalFen,
        payer_refund: r.refundFen,
        settlement_refund: r.refundFen,
        settlement_total: r.totalFen,
        discount_refund: 0,
        currency: 'CNY',
      },
      promotion_detail: [],
    };
  }

  return { orders, refunds, transactionOf, placeOrder, orderOf, orderOfPrepayId, applyRefund, refundAnswer };
}
