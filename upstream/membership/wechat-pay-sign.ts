/**
 * WeChat Pay API v3's signatures (wechat-pay.ts has the protocol): a merchant request's
 * Authorization header, the Wechatpay-* headers of what WeChat Pay sends and their check, the
 * JSAPI page parameters, and the nonces and times they carry.
 */
import { type KeyObject, createPrivateKey, createPublicKey, createSign, createVerify, randomBytes } from 'node:crypto';
import type { Clock } from '../platform/time';

export const wechatPaySignatureType = 'WECHATPAY2-SHA256-RSA2048';

/** WeChat refuses, and we refuse, a signed timestamp further than this from our clock. */
export const signatureToleranceMs = 5 * 60_000;

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

export const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** `2026-11-24T20:05:00+08:00`: WeChat's RFC 3339 form, in Beijing time (one fixed offset, no DST). */
export function rfc3339Beijing(at: Date): string {
  const shifted = new Date(Math.floor(at.getTime() / 1000) * 1000 + 8 * 3_600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}

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
