/**
 * A fake WeChat Pay API v3 server for tests, over real HTTP on 127.0.0.1. It holds its own platform
 * key pair, checks every merchant request's signature as WeChat does (401 SIGN_ERROR), keeps orders
 * and refunds in memory, signs every answer, and POSTs signed, encrypted notifications to the
 * orders' notify_url when a test pays. It closes an unpaid order (204; ORDERPAID once paid) and
 * takes refunds of a payment once per out_refund_no. An H5 order's h5_url opens the fake's own pay
 * page (as WeChat's checkmweb page), where a browser pays or cancels and is sent back to the
 * redirect_url the merchant's page appended. Tests only: nothing here is used by the running
 * product.
 *
 *   const merchant = generateRsaIdentity();
 *   const fake = await startFakeWechatPay({ merchantPublicKey: merchant.publicKey, merchantSerial: merchant.serial });
 *   const config = fake.clientConfig({ merchantPrivateKey: merchant.privateKey, notifyUrl: `${upstream}/…/notify` });
 *   // …start the upstream with `config`, place an order through it, then:
 *   expect(await fake.pay(outTradeNo)).toBe(204);          // WeChat's notification reached the route
 *   const sent = fake.notifications.at(-1)!;
 *   await fake.resend(sent);                                  // a retry: must not credit twice
 *   expect(await fake.resend(sent, 'bad ciphertext')).not.toBe(204);
 *   await fake.close();
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../platform/time';
import {
  ApiRefusal,
  createFakeOrderBook,
  digits,
  type FakeOrder,
  type FakeRefund,
  refuse,
  stateDescriptions,
} from './fake-wechat-pay-orders';
import {
  buildNotification,
  type KeyInput,
  type PaidTransaction,
  platformSignatureHeaders,
  type RefundState,
  randomNonce,
  requestSignatureMessage,
  rfc3339Beijing,
  signatureToleranceMs,
  verifySignature,
  type WechatPayConfig,
  wechatPaySignatureType,
} from './wechat-pay';

export type { FakeOrder, FakeRefund } from './fake-wechat-pay-orders';

/** An RSA-2048 key pair in PEM with a certificate-like serial (40 upper-case hex digits). */
export interface RsaIdentity {
  privateKey: string;
  publicKey: string;
  serial: string;
}

export function generateRsaIdentity(): RsaIdentity {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKey, publicKey, serial: randomBytes(20).toString('hex').toUpperCase() };
}

export interface FakeWechatPayOptions {
  mchId?: string;
  appId?: string;
  /** 32 bytes; the fake encrypts notifications with it. Defaults to a random one. */
  apiV3Key?: string;
  /** The merchant's API key, to check request signatures, and its certificate serial. */
  merchantPublicKey: KeyInput;
  merchantSerial: string;
  now?: Clock;
}

/** Requests the fake can be told to fail (a signed 500 SYSTEM_ERROR, as WeChat answers when it is in trouble). */
export type FailingRequest = 'close' | 'query' | 'refund';

export interface SentNotification {
  outTradeNo: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The HTTP status the notify_url answered, or 0 when it could not be reached. */
  status: number;
}

/**
 * How to send a notification again:
 * - 'retry': the same body, signed afresh (as WeChat's own retries are);
 * - 'exact': the very same headers and body (a replay by whoever captured it);
 * - 'bad signature': signed by another key under the genuine platform serial;
 * - 'unknown serial': signed by another key that names its own serial;
 * - 'stale timestamp': correctly signed, but ten minutes old;
 * - 'bad ciphertext': one byte of the ciphertext flipped, then correctly signed.
 */
export type NotificationVariant = 'retry' | 'exact' | 'bad signature' | 'unknown serial' | 'stale timestamp' | 'bad ciphertext';

export interface FakeWechatPay {
  /** e.g. http://127.0.0.1:41234, for the client config's baseUrl. */
  readonly baseUrl: string;
  readonly mchId: string;
  readonly appId: string;
  readonly apiV3Key: string;
  /** The platform key (PEM) and serial the merchant must configure to trust this server. */
  readonly platformPublicKey: string;
  readonly platformSerial: string;
  /** Every notification the fake has sent, in order, with what the merchant answered. */
  readonly notifications: SentNotification[];
  /** Every request the fake has received, with the status it answered. */
  readonly requests: { method: string; path: string; status: number }[];
  /** A client config for this server; only the merchant's own key and the notify URL are needed. */
  clientConfig(merchant: { merchantPrivateKey: string; notifyUrl: string }): WechatPayConfig;
  order(outTradeNo: string): FakeOrder | undefined;
  /**
   * The payer pays: the order becomes SUCCESS and its notification is POSTed; resolves to the
   * answer's status (0 when not sent). `notify: false`: the notification is lost on the way.
   * `despiteClosed`: the payment goes through although the order was closed, as a payment already
   * under way when the merchant closed the order would (the merchant must not credit it twice).
   */
  pay(outTradeNo: string, options?: { openid?: string; notify?: boolean; despiteClosed?: boolean }): Promise<number>;
  /** Every refund WeChat has taken, in order. */
  readonly refunds: FakeRefund[];
  /** A refund under way ends (SUCCESS, or CLOSED/ABNORMAL when it could not be paid back). */
  finishRefund(outRefundNo: string, status?: Exclude<RefundState, 'PROCESSING'>): void;
  /** The next `times` requests of this kind answer a signed 500 SYSTEM_ERROR and change nothing. */
  failNext(request: FailingRequest, times?: number): void;
  /** The payment fails (PAYERROR). WeChat sends no notification for it. */
  fail(outTradeNo: string): void;
  /** The order's time_expire has passed: WeChat no longer takes the payment and reports it CLOSED. */
  expire(outTradeNo: string): void;
  /** Sends a notification again, genuine or tampered; resolves to the status the notify_url answered. */
  resend(notification: SentNotification, variant?: NotificationVariant): Promise<number>;
  /** The next answer (only) is signed with a key that is not the platform's, as an impostor would. */
  forgeNextAnswer(): void;
  close(): Promise<void>;
}

const notifyTimeoutMs = 10_000;

/** Where WeChat's H5 pay page lives (wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb). */
const h5PagePath = '/cgi-bin/mmpayweb-bin/checkmweb';

function parseAuthorization(value: string | undefined): Record<string, string> | undefined {
  if (!value?.startsWith(`${wechatPaySignatureType} `)) return undefined;
  const fields: Record<string, string> = {};
  for (const match of value.slice(wechatPaySignatureType.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    fields[match[1]!] = match[2]!;
  }
  return fields;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

let identities: { platform: RsaIdentity; stranger: RsaIdentity } | undefined;

/**
 * The fake's platform key, and the impostor's (a well-formed key that the merchant has no reason
 * to trust): made once for the process, as a key pair takes a core some tenths of a second and a
 * test file starts a fake for each of its tests.
 */
function fakeIdentities() {
  identities ??= { platform: generateRsaIdentity(), stranger: generateRsaIdentity() };
  return identities;
}

export async function startFakeWechatPay(options: FakeWechatPayOptions): Promise<FakeWechatPay> {
  const now = options.now ?? systemClock;
  const mchId = options.mchId ?? '1900000109';
  const appId = options.appId ?? 'wx8888888888888888';
  const apiV3Key = options.apiV3Key ?? randomNonce(32);
  const { platform, stranger } = fakeIdentities();
  let baseUrl = '';
  const { orders, refunds, transactionOf, placeOrder, orderOf, orderOfPrepayId, applyRefund, refundAnswer } = createFakeOrderBook(
    { mchId, appId, now, h5PageUrl: () => `${baseUrl}${h5PagePath}` },
  );
  const notifications: SentNotification[] = [];
  const requests: { method: string; path: string; status: number }[] = [];
  const failing: Record<FailingRequest, number> = { close: 0, query: 0, refund: 0 };
  let forgeNext = false;

  /** Whether this request is one the test asked to fail. */
  function failsNow(request: FailingRequest): boolean {
    if (failing[request] === 0) return false;
    failing[request] -= 1;
    return true;
  }

  function checkSignature(method: string, url: string, authorization: string | undefined, body: string): string | undefined {
    const fields = parseAuthorization(authorization);
    if (!fields) return 'Authorization 缺失或格式错误';
    const { mchid, nonce_str, signature, timestamp, serial_no } = fields;
    if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return 'Authorization 缺少字段';
    if (mchid !== mchId) return '商户号不匹配';
    if (serial_no !== options.merchantSerial) return '商户证书序列号不匹配';
    if (!/^\d+$/.test(timestamp) || Math.abs(Number(timestamp) * 1000 - now().getTime()) > signatureToleranceMs) {
      return '请求时间戳过期';
    }
    const message = requestSignatureMessage(method, url, timestamp, nonce_str, body);
    return verifySignature(message, signature, options.merchantPublicKey) ? undefined : '签名错误';
  }

  /** Answers one merchant request: [status, body object or undefined for 204]. */
  function route(method: string, url: URL, body: string): [number, unknown] {
    const path = url.pathname;
    let json: Record<string, unknown> = {};
    if (method === 'POST') {
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        throw refuse(400, 'PARAM_ERROR', '请求体不是合法的JSON');
      }
      if (typeof json !== 'object' || json === null) throw refuse(400, 'PARAM_ERROR', '请求体不是JSON对象');
    }
    if (method === 'POST' && path === '/v3/pay/transactions/native') return [200, placeOrder('NATIVE', json)];
    if (method === 'POST' && path === '/v3/pay/transactions/jsapi') return [200, placeOrder('JSAPI', json)];
    if (method === 'POST' && path === '/v3/pay/transactions/h5') return [200, placeOrder('MWEB', json)];
    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    if (byNo) {
      const outTradeNo = decodeURIComponent(byNo[1]!);
      if (method === 'GET' && !byNo[2]) {
        if (url.searchParams.get('mchid') !== mchId) throw refuse(400, 'PARAM_ERROR', '商户号不合法');
        if (failsNow('query')) throw refuse(500, 'SYSTEM_ERROR', '系统异常，请稍后重试');
        return [200, transactionOf(orderOf(outTradeNo))];
      }
      if (method === 'POST' && byNo[2]) {
        if (json.mchid !== mchId) throw refuse(400, 'PARAM_ERROR', '商户号不合法');
        if (failsNow('close')) throw refuse(500, 'SYSTEM_ERROR', '系统异常，请稍后重试');
        const order = orderOf(outTradeNo);
        if (order.state === 'SUCCESS' || order.state === 'REFUND') throw refuse(400, 'ORDERPAID', '订单已支付');
        order.state = 'CLOSED';
        order.stateDescription = stateDescriptions.CLOSED;
        return [204, undefined];
      }
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      if (failsNow('refund')) throw refuse(500, 'SYSTEM_ERROR', '系统异常，请稍后重试');
      return [200, refundAnswer(applyRefund(json))];
    }
    const refundNo = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundNo) {
      const refund = refunds.find((r) => r.outRefundNo === decodeURIComponent(refundNo[1]!));
      if (!refund) throw refuse(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return [200, refundAnswer(refund)];
    }
    throw refuse(404, 'NOT_FOUND', '请求的资源不存在');
  }

  const server = http.createServer((request, response) => {
    void (async () => {
      const method = request.method ?? 'GET';
      const rawUrl = request.url ?? '/';
      const body = await readBody(request);
      // The payer's browser, not the merchant: WeChat's H5 pay page signs nothing.
      if (new URL(rawUrl, 'http://127.0.0.1').pathname === h5PagePath) {
        await h5Page(method, new URL(rawUrl, 'http://127.0.0.1'), body, response);
        return;
      }
      let status: number;
      let answer: unknown;
      const signatureProblem = checkSignature(method, rawUrl, request.headers.authorization, body);
      if (signatureProblem) {
        // WeChat refuses before doing anything, and does not sign a refusal of an unverified request.
        const text = JSON.stringify({ code: 'SIGN_ERROR', message: signatureProblem });
        requests.push({ method, path: rawUrl, status: 401 });
        response.writeHead(401, { 'Content-Type': 'application/json' }).end(text);
        return;
      }
      try {
        [status, answer] = route(method, new URL(rawUrl, 'http://127.0.0.1'), body);
      } catch (error) {
        if (!(error instanceof ApiRefusal)) throw error;
        status = error.status;
        answer = { code: error.code, message: error.message };
      }
      const text = answer === undefined ? '' : JSON.stringify(answer);
      const signer = forgeNext
        ? { platformPrivateKey: stranger.privateKey, platformSerial: platform.serial, now }
        : { platformPrivateKey: platform.privateKey, platformSerial: platform.serial, now };
      forgeNext = false;
      requests.push({ method, path: rawUrl, status });
      response
        .writeHead(status, {
          ...(text ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
          'Request-ID': randomNonce(32),
          ...platformSignatureHeaders(text, signer),
        })
        .end(text);
    })().catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ code: 'SYSTEM_ERROR', message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /**
   * WeChat's H5 pay page (checkmweb): GET shows the order, a POSTed form pays it (the
   * notification is sent as for any payment) or cancels; then the browser goes back to the
   * redirect_url, as WeChat sends it back whatever the payer did. The merchant's page learns the
   * outcome by asking, never from the return itself.
   */
  async function h5Page(method: string, url: URL, body: string, response: http.ServerResponse) {
    const order = orderOfPrepayId(url.searchParams.get('prepay_id') ?? '');
    const html = (status: number, text: string) =>
      response
        .writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><meta charset="utf-8"><title>微信支付</title>${text}`);
    if (!order) return html(404, '<p>订单不存在</p>');
    const back = url.searchParams.get('redirect_url');
    const payable = order.state === 'NOTPAY' || order.state === 'USERPAYING';
    if (method === 'GET') {
      return html(
        200,
        `<p data-testid="fake-h5-amount">${order.amountFen}</p>${
          payable
            ? '<form method="post"><button name="action" value="pay">确认支付</button><button name="action" value="cancel">取消支付</button></form>'
            : `<p>${stateDescriptions[order.state]}</p>`
        }`,
      );
    }
    const action = new URLSearchParams(body).get('action');
    if (action === 'pay' && payable) await pay(order.outTradeNo);
    if (back) return response.writeHead(302, { Location: back }).end();
    return html(200, `<p>${stateDescriptions[order.state]}</p>`);
  }

  async function post(url: string, headers: Record<string, string>, body: string): Promise<number> {
    try {
      const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(notifyTimeoutMs) });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  }

  function variantOf(sent: SentNotification, variant: NotificationVariant): { headers: Record<string, string>; body: string } {
    const sign = (body: string, key: string, serial: string, at: Clock = now) => ({
      'Content-Type': 'application/json',
      ...platformSignatureHeaders(body, { platformPrivateKey: key, platformSerial: serial, now: at }),
    });
    switch (variant) {
      case 'exact':
        return { headers: { ...sent.headers }, body: sent.body };
      case 'retry':
        return { headers: sign(sent.body, platform.privateKey, platform.serial), body: sent.body };
      case 'bad signature':
        return { headers: sign(sent.body, stranger.privateKey, platform.serial), body: sent.body };
      case 'unknown serial':
        return { headers: sign(sent.body, stranger.privateKey, stranger.serial), body: sent.body };
      case 'stale timestamp': {
        const tenMinutesAgo = () => new Date(now().getTime() - 10 * 60_000);
        return { headers: sign(sent.body, platform.privateKey, platform.serial, tenMinutesAgo), body: sent.body };
      }
      case 'bad ciphertext': {
        const envelope = JSON.parse(sent.body) as { resource: { ciphertext: string } };
        const bytes = Buffer.from(envelope.resource.ciphertext, 'base64');
        bytes[0] = bytes[0]! ^ 0x01;
        envelope.resource.ciphertext = bytes.toString('base64');
        const body = JSON.stringify(envelope);
        return { headers: sign(body, platform.privateKey, platform.serial), body };
      }
    }
  }

  async function pay(
    outTradeNo: string,
    payOptions: { openid?: string; notify?: boolean; despiteClosed?: boolean } = {},
  ): Promise<number> {
    const order = requireOrder(outTradeNo);
    const payable =
      order.state === 'NOTPAY' || order.state === 'USERPAYING' || (payOptions.despiteClosed && order.state === 'CLOSED');
    if (!payable) throw new Error(`order ${outTradeNo} is ${order.state} and cannot be paid`);
    order.state = 'SUCCESS';
    order.stateDescription = stateDescriptions.SUCCESS;
    order.transactionId = `4200${rfc3339Beijing(now()).slice(0, 10).replaceAll('-', '')}${digits(16)}`;
    order.successTime = rfc3339Beijing(now());
    order.openid = payOptions.openid ?? order.openid ?? `o${randomNonce(27)}`;
    const { headers, body } = buildNotification(transactionOf(order) as PaidTransaction, {
      platformPrivateKey: platform.privateKey,
      platformSerial: platform.serial,
      apiV3Key,
      now,
    });
    const sent: SentNotification = { outTradeNo, url: order.notifyUrl, headers, body, status: 0 };
    notifications.push(sent);
    if (payOptions.notify === false) return 0;
    sent.status = await post(order.notifyUrl, headers, body);
    return sent.status;
  }

  function requireOrder(outTradeNo: string): FakeOrder {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`fake WeChat Pay has no order ${outTradeNo}`);
    return order;
  }

  return {
    baseUrl,
    mchId,
    appId,
    apiV3Key,
    platformPublicKey: platform.publicKey,
    platformSerial: platform.serial,
    notifications,
    requests,
    refunds,

    clientConfig: ({ merchantPrivateKey, notifyUrl }) => ({
      baseUrl,
      mchId,
      appId,
      merchantPrivateKey,
      merchantSerial: options.merchantSerial,
      apiV3Key,
      platformPublicKey: platform.publicKey,
      platformSerial: platform.serial,
      notifyUrl,
    }),

    order: (outTradeNo) => {
      const order = orders.get(outTradeNo);
      return order ? { ...order } : undefined;
    },

    pay,

    finishRefund(outRefundNo, status = 'SUCCESS') {
      const refund = refunds.find((r) => r.outRefundNo === outRefundNo);
      if (!refund) throw new Error(`fake WeChat Pay has no refund ${outRefundNo}`);
      refund.status = status;
      if (status === 'SUCCESS') refund.successTime = rfc3339Beijing(now());
    },

    failNext(request, times = 1) {
      failing[request] += times;
    },

    fail(outTradeNo) {
      const order = requireOrder(outTradeNo);
      if (order.state !== 'NOTPAY' && order.state !== 'USERPAYING') throw new Error(`order ${outTradeNo} is ${order.state}`);
      order.state = 'PAYERROR';
      order.stateDescription = stateDescriptions.PAYERROR;
    },

    expire(outTradeNo) {
      const order = requireOrder(outTradeNo);
      if (order.state === 'SUCCESS') throw new Error(`order ${outTradeNo} is already paid`);
      order.state = 'CLOSED';
      order.stateDescription = stateDescriptions.CLOSED;
    },

    async resend(notification, variant = 'retry') {
      const { headers, body } = variantOf(notification, variant);
      return post(notification.url, headers, body);
    },

    forgeNextAnswer() {
      forgeNext = true;
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
