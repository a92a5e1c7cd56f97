/**
 * WeChat Pay API v3, the parts membership needs: Native, JSAPI and H5 orders, query, close, the
 * payment notification, and refunds (apply and query). Built on Node's crypto and fetch only, and on nothing else of the upstream,
 * so that the real client, the sandbox and the tests' fake server share one implementation of the
 * signatures and the encryption.
 *
 * Protocol, as WeChat Pay documents it (pay.weixin.qq.com, "签名生成", "签名验证", "回调报文解密"):
 * - a request is signed SHA256-RSA (PKCS#1 v1.5) with the merchant's API key over
 *   `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`, sent as `Authorization: WECHATPAY2-SHA256-RSA2048 …`;
 * - an answer and a notification are signed with WeChat Pay's platform key over
 *   `TIMESTAMP\nNONCE\nBODY\n`, in the headers Wechatpay-Timestamp, -Nonce, -Signature, -Serial;
 * - a notification's resource is AEAD_AES_256_GCM under the 32-byte APIv3 key, the ciphertext being
 *   base64 of the encrypted bytes followed by the 16-byte tag.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import type { Clock } from '../platform/time';
import {
  fen,
  type PaidTransaction,
  transactionSchema,
  verifyNotification,
  type WechatPayTransaction,
} from './wechat-pay-notification';
import {
  authorizationHeader,
  type HeaderSource,
  type JsapiPageParameters,
  jsapiPageParameters,
  type PlatformVerifier,
  randomNonce,
  rfc3339Beijing,
  unixSeconds,
  verifyPlatformSignature,
} from './wechat-pay-sign';

export {
  buildNotification,
  decryptResource,
  type EncryptedResource,
  encryptResource,
  type NotificationKeys,
  type NotificationSigner,
  type PaidTransaction,
  paidTransactionSchema,
  type TradeState,
  tradeStates,
  transactionSchema,
  verifyNotification,
  type WechatPayTransaction,
} from './wechat-pay-notification';
export {
  answerSignatureMessage,
  authorizationHeader,
  type HeaderSource,
  type JsapiPageParameters,
  jsapiPageParameters,
  type KeyInput,
  type MerchantSigner,
  type PlatformSigner,
  type PlatformVerifier,
  platformSignatureHeaders,
  randomNonce,
  requestSignatureMessage,
  rfc3339Beijing,
  signatureToleranceMs,
  signMessage,
  type VerificationFailure,
  verifySignature,
  verifyPlatformSignature,
  WechatPayVerificationError,
  wechatPaySignatureType,
} from './wechat-pay-sign';

export const wechatPayBaseUrl = 'https://api.mch.weixin.qq.com';

const requestTimeoutMs = 10_000;

// ---------------------------------------------------------------------------------------------
// The client

export const wechatPayConfigSchema = z.object({
  baseUrl: z.url().default(wechatPayBaseUrl),
  mchId: z.string().min(1),
  appId: z.string().min(1),
  merchantPrivateKey: z.string().min(1),
  merchantSerial: z.string().min(1),
  apiV3Key: z.string().refine((key) => Buffer.byteLength(key, 'utf8') === 32, 'the APIv3 key must be 32 bytes'),
  platformPublicKey: z.string().min(1),
  platformSerial: z.string().min(1),
  notifyUrl: z.url(),
});
/** What the merchant configures. Keys are PEM; platformPublicKey may be the platform public key or its certificate. */
export type WechatPayConfig = z.input<typeof wechatPayConfigSchema>;

/**
 * WeChat Pay answered with an error (`{code, message}`), or with something that is not its API.
 * `signed` says whether the answer carried a verified platform signature (an unsigned error may
 * come from a proxy or an impostor: treat it as "unknown", never as a fact about the order).
 */
export class WechatPayApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly signed = false,
  ) {
    super(`WeChat Pay ${status} ${code}: ${message}`);
    this.name = 'WechatPayApiError';
  }
}

export interface OrderInput {
  /** Shown to the payer on the WeChat receipt, at most 127 characters. */
  description: string;
  /** Our order id: 6 to 32 of digits, letters and `_-|*`; sent as given. */
  outTradeNo: string;
  /** In fen: a positive integer. */
  amountFen: number;
  /** After this WeChat refuses to take the payment (time_expire). */
  expiresAt: Date;
  /** Defaults to the configured notifyUrl. */
  notifyUrl?: string;
}

const outTradeNoPattern = /^[0-9A-Za-z_\-|*]{6,32}$/;

function orderBody(config: z.output<typeof wechatPayConfigSchema>, order: OrderInput) {
  if (!Number.isSafeInteger(order.amountFen) || order.amountFen <= 0) {
    throw new RangeError(`amount must be a positive integer of fen, got ${order.amountFen}`);
  }
  if (!outTradeNoPattern.test(order.outTradeNo)) throw new RangeError(`invalid out_trade_no: ${order.outTradeNo}`);
  return {
    appid: config.appId,
    mchid: config.mchId,
    description: order.description,
    out_trade_no: order.outTradeNo,
    time_expire: rfc3339Beijing(order.expiresAt),
    notify_url: order.notifyUrl ?? config.notifyUrl,
    amount: { total: order.amountFen, currency: 'CNY' },
  };
}

const errorAnswer = z.object({ code: z.string(), message: z.string().default('') });

/** Our refund number: 1 to 64 of digits, letters and `_-|*@`; one refund however often it is sent. */
const outRefundNoPattern = /^[0-9A-Za-z_\-|*@]{1,64}$/;

export const refundStates = ['SUCCESS', 'CLOSED', 'PROCESSING', 'ABNORMAL'] as const;
export type RefundState = (typeof refundStates)[number];

/** A refund as WeChat answers its application and its query (unknown fields pass through). */
export const refundSchema = z.looseObject({
  refund_id: z.string().min(1),
  out_refund_no: z.string(),
  transaction_id: z.string(),
  out_trade_no: z.string(),
  status: z.enum(refundStates),
  create_time: z.string(),
  success_time: z.string().optional(),
  amount: z.looseObject({ total: fen, refund: fen, currency: z.string().optional() }),
});
export type WechatPayRefund = z.infer<typeof refundSchema>;

export interface RefundInput {
  /** Ours, unique per refund: WeChat refunds once however often the same number is sent. */
  outRefundNo: string;
  /** The payment's transaction id. */
  transactionId: string;
  /** Fen to give back, at most the payment's total. */
  refundFen: number;
  /** Fen of the original payment. */
  totalFen: number;
  /** Shown to the payer in WeChat's refund message, at most 80 bytes. */
  reason: string;
}
const nativeAnswer = z.object({ code_url: z.string().min(1) });
const jsapiAnswer = z.object({ prepay_id: z.string().min(1) });
const h5Answer = z.object({ h5_url: z.url() });

/**
 * The payer's address as WeChat's H5 order takes it (scene_info.payer_client_ip): IPv4, or IPv6;
 * an IPv4 address seen through an IPv6 socket (::ffff:1.2.3.4) is sent as the IPv4 it is.
 * Undefined for anything else: WeChat refuses an order without the payer's real address.
 */
export function payerClientIpOf(address: string): string | undefined {
  const value = address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIP(value) === 0 || value.length > 45) return undefined;
  return value;
}

export interface WechatPayClient {
  /** Native order: the `weixin://` link to show as a QR code. */
  nativeOrder(order: OrderInput): Promise<{ codeUrl: string }>;
  /** JSAPI order for a payer inside WeChat, with the parameters the page passes to WeixinJSBridge. */
  jsapiOrder(order: OrderInput & { openid: string }): Promise<{ prepayId: string; pageParameters: JsapiPageParameters }>;
  /**
   * H5 order for a phone browser outside WeChat (POST /v3/pay/transactions/h5): the h5_url of
   * WeChat's pay page, to which the page appends `&redirect_url=`. `payerClientIp`: the payer's
   * own address, which WeChat compares with the one that opens h5_url.
   */
  h5Order(order: OrderInput & { payerClientIp: string }): Promise<{ h5Url: string }>;
  /** The order as WeChat knows it, or undefined when WeChat has no such order (404 ORDER_NOT_EXIST). */
  queryOrder(outTradeNo: string): Promise<WechatPayTransaction | undefined>;
  /** Closes an unpaid order (204). A paid or already closed order answers an error (WechatPayApiError). */
  closeOrder(outTradeNo: string): Promise<void>;
  /** Applies for a refund of a payment (POST /v3/refund/domestic/refunds): the refund as WeChat took it. */
  refund(input: RefundInput): Promise<WechatPayRefund>;
  /** A refund by our number, or undefined when WeChat has none (404 RESOURCE_NOT_EXISTS). */
  queryRefund(outRefundNo: string): Promise<WechatPayRefund | undefined>;
  /** verifyNotification with this merchant's platform key and APIv3 key. */
  verifyNotification(headers: HeaderSource, rawBody: string): PaidTransaction;
}

/**
 * The merchant's client of WeChat Pay API v3. Every answer's signature is verified before anything
 * in it is used: an unsigned or badly signed answer throws WechatPayVerificationError, an error
 * answer WechatPayApiError, a network failure the fetch error.
 */
export function createWechatPayClient(
  config: WechatPayConfig,
  deps: { now: Clock; fetch?: typeof globalThis.fetch },
): WechatPayClient {
  const settings = wechatPayConfigSchema.parse(config);
  // Parsed once, so that a bad key fails at start rather than at the first payment.
  const merchantPrivateKey = createPrivateKey(settings.merchantPrivateKey);
  const platformPublicKey = createPublicKey(settings.platformPublicKey);
  const doFetch = deps.fetch ?? globalThis.fetch;
  const base = settings.baseUrl.replace(/\/+$/, '');
  const verifier: PlatformVerifier = { platformPublicKey, platformSerial: settings.platformSerial, now: deps.now };

  async function call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<{ status: number; body: string }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const authorization = authorizationHeader(
      { method, url: path, body },
      { mchId: settings.mchId, merchantSerial: settings.merchantSerial, merchantPrivateKey },
      { timestamp: String(unixSeconds(deps.now())), nonce: randomNonce(32) },
    );
    const response = await doFetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: authorization,
        Accept: 'application/json',
        'User-Agent': 'yujing-upstream',
        ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: payload === undefined ? undefined : body,
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    const text = await response.text();
    const signed = response.headers.get('Wechatpay-Signature') !== null;
    // A success must be signed; an error is checked when signed, and when unsigned (a 401 refusing
    // our own signature, a proxy's 502) is never read as anything but an error.
    if (response.ok || signed) verifyPlatformSignature(response.headers, text, verifier);
    if (!response.ok) {
      let parsed: z.infer<typeof errorAnswer> | undefined;
      try {
        parsed = errorAnswer.parse(JSON.parse(text));
      } catch {
        parsed = undefined;
      }
      throw new WechatPayApiError(response.status, parsed?.code ?? 'HTTP_ERROR', parsed?.message ?? text.slice(0, 200), signed);
    }
    return { status: response.status, body: text };
  }

  function parseAnswer<T>(schema: z.ZodType<T>, answer: { status: number; body: string }): T {
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      throw new WechatPayApiError(answer.status, 'BAD_ANSWER', 'answer is not JSON', true);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new WechatPayApiError(answer.status, 'BAD_ANSWER', parsed.error.message, true);
    return parsed.data;
  }

  const orderPath = (outTradeNo: string) => {
    if (!outTradeNoPattern.test(outTradeNo)) throw new RangeError(`invalid out_trade_no: ${outTradeNo}`);
    return `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`;
  };

  return {
    async nativeOrder(order) {
      const answer = await call('POST', '/v3/pay/transactions/native', orderBody(settings, order));
      return { codeUrl: parseAnswer(nativeAnswer, answer).code_url };
    },

    async jsapiOrder(order) {
      if (!order.openid) throw new RangeError('a JSAPI order needs the payer openid');
      const answer = await call('POST', '/v3/pay/transactions/jsapi', {
        ...orderBody(settings, order),
        payer: { openid: order.openid },
      });
      const prepayId = parseAnswer(jsapiAnswer, answer).prepay_id;
      return {
        prepayId,
        pageParameters: jsapiPageParameters({ appId: settings.appId, prepayId, merchantPrivateKey, now: deps.now }),
      };
    },

    async h5Order(order) {
      const payerClientIp = payerClientIpOf(order.payerClientIp);
      if (!payerClientIp) throw new RangeError(`an H5 order needs the payer's IP address, got ${order.payerClientIp}`);
      const answer = await call('POST', '/v3/pay/transactions/h5', {
        ...orderBody(settings, order),
        scene_info: { payer_client_ip: payerClientIp, h5_info: { type: 'Wap' } },
      });
      return { h5Url: parseAnswer(h5Answer, answer).h5_url };
    },

    async queryOrder(outTradeNo) {
      try {
        const answer = await call('GET', `${orderPath(outTradeNo)}?mchid=${encodeURIComponent(settings.mchId)}`);
        return parseAnswer(transactionSchema, answer);
      } catch (error) {
        // Only a signed "no such order" means there is none; an unsigned 404 could come from anyone.
        if (error instanceof WechatPayApiError && error.status === 404 && error.code === 'ORDER_NOT_EXIST' && error.signed) {
          return undefined;
        }
        throw error;
      }
    },

    async closeOrder(outTradeNo) {
      await call('POST', `${orderPath(outTradeNo)}/close`, { mchid: settings.mchId });
    },

    async refund(input) {
      if (!outRefundNoPattern.test(input.outRefundNo)) throw new RangeError(`invalid out_refund_no: ${input.outRefundNo}`);
      for (const amount of [input.refundFen, input.totalFen]) {
        if (!Number.isSafeInteger(amount) || amount <= 0)
          throw new RangeError(`amount must be a positive integer of fen, got ${amount}`);
      }
      if (input.refundFen > input.totalFen) throw new RangeError('a refund cannot exceed the payment');
      const answer = await call('POST', '/v3/refund/domestic/refunds', {
        transaction_id: input.transactionId,
        out_refund_no: input.outRefundNo,
        reason: Buffer.from(input.reason, 'utf8')
          .subarray(0, 80)
          .toString('utf8')
          .replace(/\uFFFD+$/, ''),
        amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
      });
      return parseAnswer(refundSchema, answer);
    },

    async queryRefund(outRefundNo) {
      if (!outRefundNoPattern.test(outRefundNo)) throw new RangeError(`invalid out_refund_no: ${outRefundNo}`);
      try {
        return parseAnswer(refundSchema, await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`));
      } catch (error) {
        // As for orders: only a signed "no such refund" means there is none.
        if (error instanceof WechatPayApiError && error.status === 404 && error.code === 'RESOURCE_NOT_EXISTS' && error.signed) {
          return undefined;
        }
        throw error;
      }
    },

    verifyNotification(headers, rawBody) {
      return verifyNotification(headers, rawBody, { ...verifier, apiV3Key: settings.apiV3Key });
    },
  };
}
