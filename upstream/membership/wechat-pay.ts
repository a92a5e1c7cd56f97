/**
 * WeChat Pay API v3, the parts membership needs: Native and JSAPI orders, query, close, the
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
import {
  type KeyObject,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../platform/time';

export const wechatPayBaseUrl = 'https://api.mch.weixin.qq.com';
export const wechatPaySignatureType = 'WECHATPAY2-SHA256-RSA2048';

/** WeChat refuses, and we refuse, a signed timestamp further than this from our clock. */
export const signatureToleranceMs = 5 * 60_000;

const requestTimeoutMs = 10_000;
const gcmTagBytes = 16;

/** A PEM string or an already parsed key. */
export type KeyInput = string | KeyObject;

const privateKeyOf = (key: KeyInput) => (typeof key === 'string' ? createPrivateKey(key) : key);
// createPublicKey takes an X.509 certificate PEM as well, so the platform certificate works as is.
const publicKeyOf = (key: KeyInput) => (typeof key === 'string' ? createPublicKey(key) : key);

const nonceAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random string of letters and digits, as WeChat's nonce_str, nonceStr and resource nonce are. */
export function randomNonce(length = 32): string {
  const bytes = randomBytes(length);
  let out = '';
  // 62 letters: taking a byte modulo 62 biases a little, which a nonce (not a secret) can afford.
  for (const byte of bytes) out += nonceAlphabet[byte % nonceAlphabet.length];
  return out;
}

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** `2026-11-24T20:05:00+08:00`: WeChat's RFC 3339 form, in Beijing time (one fixed offset, no DST). */
export function rfc3339Beijing(at: Date): string {
  const shifted = new Date(Math.floor(at.getTime() / 1000) * 1000 + 8 * 3_600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}

// ---------------------------------------------------------------------------------------------
// Signatures

/** SHA256-RSA (PKCS#1 v1.5) over the UTF-8 message, base64. */
export function signMessage(message: string, privateKey: KeyInput): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKeyOf(privateKey), 'base64');
}

/** Checks a base64 SHA256-RSA signature; false for any malformed input rather than a throw. */
export function verifySignature(message: string, signatureBase64: string, publicKey: KeyInput): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKeyOf(publicKey), signatureBase64, 'base64');
  } catch {
    return false;
  }
}

/** The message a merchant request is signed over. `url` is the path with its query, no host. */
export const requestSignatureMessage = (method: string, url: string, timestamp: string, nonce: string, body: string) =>
  `${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`;

/** The message an answer or a notification from WeChat is signed over (empty body for a 204). */
export const answerSignatureMessage = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

export interface MerchantSigner {
  mchId: string;
  merchantSerial: string;
  merchantPrivateKey: KeyInput;
}

/** The Authorization header of a merchant request to WeChat Pay. */
export function authorizationHeader(
  request: { method: string; url: string; body: string },
  signer: MerchantSigner,
  at: { timestamp: string; nonce: string },
): string {
  const message = requestSignatureMessage(request.method.toUpperCase(), request.url, at.timestamp, at.nonce, request.body);
  const signature = signMessage(message, signer.merchantPrivateKey);
  return (
    `${wechatPaySignatureType} mchid="${signer.mchId}",nonce_str="${at.nonce}",` +
    `signature="${signature}",timestamp="${at.timestamp}",serial_no="${signer.merchantSerial}"`
  );
}

export interface PlatformSigner {
  platformPrivateKey: KeyInput;
  platformSerial: string;
  now: Clock;
}

/** The four Wechatpay-* headers with which WeChat Pay signs a body it sends (answer or notification). */
export function platformSignatureHeaders(body: string, signer: PlatformSigner): Record<string, string> {
  const timestamp = String(unixSeconds(signer.now()));
  const nonce = randomNonce(32);
  return {
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Signature': signMessage(answerSignatureMessage(timestamp, nonce, body), signer.platformPrivateKey),
    'Wechatpay-Serial': signer.platformSerial,
    'Wechatpay-Signature-Type': wechatPaySignatureType,
  };
}

export type VerificationFailure = 'bad signature' | 'unknown serial' | 'stale timestamp' | 'bad ciphertext' | 'malformed';

/** Something that claims to come from WeChat Pay and cannot be trusted. Nothing of it may be used. */
export class WechatPayVerificationError extends Error {
  constructor(
    readonly reason: VerificationFailure,
    detail?: string,
  ) {
    super(`WeChat Pay verification failed: ${reason}${detail ? ` (${detail})` : ''}`);
    this.name = 'WechatPayVerificationError';
  }
}

/** Headers as a web `Headers`, or as Node's `IncomingHttpHeaders` / a plain record (any case). */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function headerOf(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

export interface PlatformVerifier {
  platformPublicKey: KeyInput;
  platformSerial: string;
  now: Clock;
}

/**
 * Checks the Wechatpay-* signature of a body from WeChat Pay: the serial names the configured
 * platform key, the timestamp is within five minutes of our clock, the signature verifies.
 * Throws WechatPayVerificationError otherwise.
 */
export function verifyPlatformSignature(headers: HeaderSource, body: string, verifier: PlatformVerifier): void {
  const timestamp = headerOf(headers, 'Wechatpay-Timestamp');
  const nonce = headerOf(headers, 'Wechatpay-Nonce');
  const signature = headerOf(headers, 'Wechatpay-Signature');
  const serial = headerOf(headers, 'Wechatpay-Serial');
  // Unsigned is forged, as WeChat's guide says of a 2xx answer without a signature.
  if (!timestamp || !nonce || !signature || !serial) throw new WechatPayVerificationError('bad signature', 'unsigned');
  // Certificate serials are hex, written upper or lower case depending on the tool that printed them.
  if (serial.trim().toUpperCase() !== verifier.platformSerial.trim().toUpperCase()) {
    throw new WechatPayVerificationError('unknown serial', serial);
  }
  if (!/^\d{1,12}$/.test(timestamp)) throw new WechatPayVerificationError('malformed', 'timestamp');
  if (Math.abs(Number(timestamp) * 1000 - verifier.now().getTime()) > signatureToleranceMs) {
    throw new WechatPayVerificationError('stale timestamp', timestamp);
  }
  if (!verifySignature(answerSignatureMessage(timestamp, nonce, body), signature, verifier.platformPublicKey)) {
    throw new WechatPayVerificationError('bad signature');
  }
}

// ---------------------------------------------------------------------------------------------
// Encrypted resources

export interface EncryptedResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  associated_data: string;
  nonce: string;
  original_type: string;
}

function apiV3KeyBytes(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('the APIv3 key must be 32 bytes');
  return key;
}

/** Encrypts a resource as WeChat Pay does. The sandbox and the fake server use it; production never does. */
export function encryptResource(
  plaintext: string,
  apiV3Key: string,
  options: { associatedData?: string; nonce?: string; originalType?: string } = {},
): EncryptedResource {
  const nonce = options.nonce ?? randomNonce(12);
  const associatedData = options.associatedData ?? 'transaction';
  const cipher = createCipheriv('aes-256-gcm', apiV3KeyBytes(apiV3Key), Buffer.from(nonce, 'utf8'), {
    authTagLength: gcmTagBytes,
  });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: encrypted.toString('base64'),
    associated_data: associatedData,
    nonce,
    original_type: options.originalType ?? 'transaction',
  };
}

/** Decrypts and authenticates a resource; throws WechatPayVerificationError('bad ciphertext') if it was altered. */
export function decryptResource(
  resource: Pick<EncryptedResource, 'algorithm' | 'ciphertext' | 'associated_data' | 'nonce'>,
  apiV3Key: string,
): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new WechatPayVerificationError('malformed', resource.algorithm);
  const key = apiV3KeyBytes(apiV3Key);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= gcmTagBytes || resource.nonce.length === 0) throw new WechatPayVerificationError('bad ciphertext');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'), { authTagLength: gcmTagBytes });
    decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - gcmTagBytes));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - gcmTagBytes)), decipher.final()]).toString('utf8');
  } catch {
    throw new WechatPayVerificationError('bad ciphertext');
  }
}

// ---------------------------------------------------------------------------------------------
// Transactions and notifications

export const tradeStates = ['SUCCESS', 'REFUND', 'NOTPAY', 'CLOSED', 'REVOKED', 'USERPAYING', 'PAYERROR'] as const;
export type TradeState = (typeof tradeStates)[number];

const fen = z.number().int().nonnegative();

/**
 * A transaction as the query answers it. Before payment WeChat leaves out transaction_id,
 * success_time, payer and payer_total, so they are optional here; unknown fields pass through.
 */
export const transactionSchema = z.looseObject({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().min(1).optional(),
  trade_type: z.string().optional(),
  trade_state: z.enum(tradeStates),
  trade_state_desc: z.string(),
  success_time: z.string().optional(),
  payer: z.object({ openid: z.string() }).optional(),
  amount: z.looseObject({ total: fen, payer_total: fen.optional(), currency: z.string().optional() }),
});
export type WechatPayTransaction = z.infer<typeof transactionSchema>;

/** The transaction of a TRANSACTION.SUCCESS notification: paid, so its payment fields are all there. */
export const paidTransactionSchema = transactionSchema.extend({
  transaction_id: z.string().min(1),
  trade_type: z.string(),
  success_time: z.string(),
  payer: z.object({ openid: z.string() }),
  amount: z.looseObject({ total: fen, payer_total: fen, currency: z.string() }),
});
export type PaidTransaction = z.infer<typeof paidTransactionSchema>;

const notificationSchema = z.object({
  id: z.string(),
  create_time: z.string(),
  event_type: z.string(),
  resource_type: z.literal('encrypt-resource'),
  summary: z.string().optional(),
  resource: z.object({
    algorithm: z.string(),
    ciphertext: z.string(),
    associated_data: z.string().default(''),
    nonce: z.string(),
    original_type: z.string(),
  }),
});

export interface NotificationKeys {
  platformPublicKey: KeyInput;
  platformSerial: string;
  apiV3Key: string;
  now: Clock;
}

/**
 * Verifies a payment notification exactly as received (raw body, before any JSON parsing) and
 * returns its decrypted transaction. Throws WechatPayVerificationError with the reason otherwise;
 * the route should then answer 4xx/5xx so that a genuine notification is retried by WeChat.
 *
 * Not checked here, and for the caller to check against its order: mchid, appid, out_trade_no,
 * amount.total. Settle keyed by transaction_id: WeChat sends the same notification more than once.
 */
export function verifyNotification(headers: HeaderSource, rawBody: string, keys: NotificationKeys): PaidTransaction {
  verifyPlatformSignature(headers, rawBody, keys);
  let envelope: z.infer<typeof notificationSchema>;
  try {
    envelope = notificationSchema.parse(JSON.parse(rawBody));
  } catch {
    throw new WechatPayVerificationError('malformed', 'notification body');
  }
  if (envelope.event_type !== 'TRANSACTION.SUCCESS' || envelope.resource.original_type !== 'transaction') {
    throw new WechatPayVerificationError('malformed', `event ${envelope.event_type}`);
  }
  if (envelope.resource.algorithm !== 'AEAD_AES_256_GCM') {
    throw new WechatPayVerificationError('malformed', `algorithm ${envelope.resource.algorithm}`);
  }
  const plaintext = decryptResource(envelope.resource as EncryptedResource, keys.apiV3Key);
  let transaction: unknown;
  try {
    transaction = JSON.parse(plaintext);
  } catch {
    throw new WechatPayVerificationError('malformed', 'resource is not JSON');
  }
  const parsed = paidTransactionSchema.safeParse(transaction);
  if (!parsed.success || parsed.data.trade_state !== 'SUCCESS') {
    throw new WechatPayVerificationError('malformed', 'transaction');
  }
  return parsed.data;
}

export interface NotificationSigner {
  platformPrivateKey: KeyInput;
  platformSerial: string;
  apiV3Key: string;
  now: Clock;
}

/**
 * A TRANSACTION.SUCCESS notification as WeChat Pay would POST it: the headers to send and the
 * exact body string (the signature covers these bytes). Used by the sandbox and the fake server.
 */
export function buildNotification(
  transaction: PaidTransaction,
  signer: NotificationSigner,
): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({
    id: randomUUID(),
    create_time: rfc3339Beijing(signer.now()),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: encryptResource(JSON.stringify(transaction), signer.apiV3Key),
  });
  return { headers: { 'Content-Type': 'application/json', ...platformSignatureHeaders(body, signer) }, body };
}

// ---------------------------------------------------------------------------------------------
// JSAPI page parameters

export interface JsapiPageParameters {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** The object the page hands to WeixinJSBridge's getBrandWCPayRequest, signed with the merchant key. */
export function jsapiPageParameters(input: {
  appId: string;
  prepayId: string;
  merchantPrivateKey: KeyInput;
  now: Clock;
}): JsapiPageParameters {
  const timeStamp = String(unixSeconds(input.now()));
  const nonceStr = randomNonce(32);
  const pkg = `prepay_id=${input.prepayId}`;
  const paySign = signMessage(`${input.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, input.merchantPrivateKey);
  return { appId: input.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
}

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

export interface WechatPayClient {
  /** Native order: the `weixin://` link to show as a QR code. */
  nativeOrder(order: OrderInput): Promise<{ codeUrl: string }>;
  /** JSAPI order for a payer inside WeChat, with the parameters the page passes to WeixinJSBridge. */
  jsapiOrder(order: OrderInput & { openid: string }): Promise<{ prepayId: string; pageParameters: JsapiPageParameters }>;
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
