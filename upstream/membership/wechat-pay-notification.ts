/**
 * WeChat Pay API v3's encrypted resources and payment notifications (wechat-pay.ts has the
 * protocol): AEAD_AES_256_GCM under the APIv3 key, the transaction's schema, a notification's
 * verification, and one built as WeChat Pay sends it (for the sandbox and the tests' fake server).
 */
import { createCipheriv, createDecipheriv, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../platform/time';
import {
  type HeaderSource,
  type KeyInput,
  platformSignatureHeaders,
  randomNonce,
  rfc3339Beijing,
  verifyPlatformSignature,
  WechatPayVerificationError,
} from './wechat-pay-sign';

const gcmTagBytes = 16;

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

export const fen = z.number().int().nonnegative();

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
