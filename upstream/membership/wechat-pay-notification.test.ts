import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateRsaIdentity } from './fake-wechat-pay';
import {
  buildNotification,
  decryptResource,
  encryptResource,
  type PaidTransaction,
  verifyNotification,
} from './wechat-pay-notification';
import {
  answerSignatureMessage,
  platformSignatureHeaders,
  signMessage,
  type VerificationFailure,
  WechatPayVerificationError,
} from './wechat-pay-sign';

const platform = generateRsaIdentity();
const stranger = generateRsaIdentity();
const apiV3Key = 'k7Yq2mZ8pL4vN1xR6tB9wC3dF5gH0jS2';
const at = new Date('2026-11-24T12:00:00Z');
const fixedClock = () => at;

const paidTransaction: PaidTransaction = {
  appid: 'wx8888888888888888',
  mchid: '1900000109',
  out_trade_no: 'vip_20261124_abcdef',
  transaction_id: '4200002026112412345678901234',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  success_time: '2026-11-24T20:00:00+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total: 2500, payer_total: 2500, currency: 'CNY' },
};

const notificationKeys = { platformPublicKey: platform.publicKey, platformSerial: platform.serial, apiV3Key, now: fixedClock };
const notificationSigner = {
  platformPrivateKey: platform.privateKey,
  platformSerial: platform.serial,
  apiV3Key,
  now: fixedClock,
};

function refusalOf(run: () => unknown): VerificationFailure | 'accepted' | 'other error' {
  try {
    run();
    return 'accepted';
  } catch (error) {
    return error instanceof WechatPayVerificationError ? error.reason : 'other error';
  }
}

/** A signed notification whose body is anything we like, to reach the checks after the signature. */
function signedBody(body: string) {
  return { headers: { 'Content-Type': 'application/json', ...platformSignatureHeaders(body, notificationSigner) }, body };
}

describe('encryption', () => {
  it('decrypts what it encrypted, and refuses a wrong key, a wrong associated_data or a changed byte', () => {
    const plaintext = JSON.stringify({ note: '会员 VIP ✓' });
    const resource = encryptResource(plaintext, apiV3Key);
    expect(resource.algorithm).toBe('AEAD_AES_256_GCM');
    expect(resource.nonce).toHaveLength(12);
    expect(resource.associated_data).toBe('transaction');
    // The ciphertext carries the 16-byte tag after the encrypted bytes.
    expect(Buffer.from(resource.ciphertext, 'base64').length).toBe(Buffer.byteLength(plaintext) + 16);
    expect(decryptResource(resource, apiV3Key)).toBe(plaintext);

    expect(refusalOf(() => decryptResource(resource, 'x'.repeat(32)))).toBe('bad ciphertext');
    expect(refusalOf(() => decryptResource({ ...resource, associated_data: 'certificate' }, apiV3Key))).toBe('bad ciphertext');
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[3] = bytes[3]! ^ 0x80;
    expect(refusalOf(() => decryptResource({ ...resource, ciphertext: bytes.toString('base64') }, apiV3Key))).toBe(
      'bad ciphertext',
    );
    expect(() => encryptResource(plaintext, 'short key')).toThrow(/32 bytes/);
  });

  it('agrees with an independent implementation (WebCrypto) on the signature and the encryption', async () => {
    const message = answerSignatureMessage('1554209980', 'c5ac7061fccab6bf3e254dcf98995b8c', '{"prepay_id":"wx1"}');
    expect(message).toBe('1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n{"prepay_id":"wx1"}\n');
    const spki = createPublicKey(platform.publicKey).export({ type: 'spki', format: 'der' });
    const rsa = await crypto.subtle.importKey('spki', spki, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify']);
    const signature = Buffer.from(signMessage(message, platform.privateKey), 'base64');
    expect(await crypto.subtle.verify('RSASSA-PKCS1-v1_5', rsa, signature, Buffer.from(message))).toBe(true);

    // WeChat's ciphertext is WebCrypto's AES-GCM output: encrypted bytes followed by the 16-byte tag.
    const resource = encryptResource('{"trade_state":"SUCCESS"}', apiV3Key, { nonce: 'fdasflkja484' });
    const aes = await crypto.subtle.importKey('raw', Buffer.from(apiV3Key), 'AES-GCM', false, ['decrypt']);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: Buffer.from('fdasflkja484'), additionalData: Buffer.from('transaction') },
      aes,
      Buffer.from(resource.ciphertext, 'base64'),
    );
    expect(Buffer.from(plain).toString()).toBe('{"trade_state":"SUCCESS"}');
  });
});

describe('verifyNotification', () => {
  it('returns the transaction of a notification built as WeChat sends it, whatever the header case', () => {
    const { headers, body } = buildNotification(paidTransaction, notificationSigner);
    expect(JSON.parse(body)).toMatchObject({
      event_type: 'TRANSACTION.SUCCESS',
      resource_type: 'encrypt-resource',
      resource: { algorithm: 'AEAD_AES_256_GCM', original_type: 'transaction', associated_data: 'transaction' },
    });
    expect(verifyNotification(headers, body, notificationKeys)).toEqual(paidTransaction);
    const lowerCase = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    expect(verifyNotification(lowerCase, body, notificationKeys)).toEqual(paidTransaction);
    expect(verifyNotification(new Headers(headers), body, notificationKeys)).toEqual(paidTransaction);
  });

  it('refuses a signature by another key, and a body changed after signing', () => {
    const { headers, body } = buildNotification(paidTransaction, notificationSigner);
    const forged = {
      ...headers,
      'Wechatpay-Signature': signMessage(
        answerSignatureMessage(headers['Wechatpay-Timestamp']!, headers['Wechatpay-Nonce']!, body),
        stranger.privateKey,
      ),
    };
    expect(refusalOf(() => verifyNotification(forged, body, notificationKeys))).toBe('bad signature');
    expect(
      refusalOf(() => verifyNotification(headers, body.replace('"summary":"支付成功"', '"summary":"x"'), notificationKeys)),
    ).toBe('bad signature');
    expect(refusalOf(() => verifyNotification({ ...headers, 'Wechatpay-Nonce': 'other' }, body, notificationKeys))).toBe(
      'bad signature',
    );
  });

  it('refuses a serial that is not the configured platform key', () => {
    const { headers, body } = buildNotification(paidTransaction, {
      ...notificationSigner,
      platformPrivateKey: stranger.privateKey,
      platformSerial: stranger.serial,
    });
    expect(refusalOf(() => verifyNotification(headers, body, notificationKeys))).toBe('unknown serial');
  });

  it('refuses a timestamp more than five minutes from now, either way', () => {
    const { headers, body } = buildNotification(paidTransaction, notificationSigner);
    const later = (ms: number) => ({ ...notificationKeys, now: () => new Date(at.getTime() + ms) });
    expect(refusalOf(() => verifyNotification(headers, body, later(5 * 60_000)))).toBe('accepted');
    expect(refusalOf(() => verifyNotification(headers, body, later(5 * 60_000 + 1000)))).toBe('stale timestamp');
    expect(refusalOf(() => verifyNotification(headers, body, later(-5 * 60_000 - 1000)))).toBe('stale timestamp');
  });

  it('refuses a ciphertext changed and signed again', () => {
    const envelope = JSON.parse(buildNotification(paidTransaction, notificationSigner).body);
    const bytes = Buffer.from(envelope.resource.ciphertext, 'base64');
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0x01;
    envelope.resource.ciphertext = bytes.toString('base64');
    const { headers, body } = signedBody(JSON.stringify(envelope));
    expect(refusalOf(() => verifyNotification(headers, body, notificationKeys))).toBe('bad ciphertext');
  });

  it('refuses what is signed but is not a payment notification', () => {
    const envelopeOf = (transaction: unknown, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        id: 'EV-1',
        create_time: '2026-11-24T20:00:00+08:00',
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        resource: encryptResource(JSON.stringify(transaction), apiV3Key),
        ...extra,
      });
    const cases = [
      'not json',
      JSON.stringify({ id: 'EV-1' }),
      envelopeOf(paidTransaction, { event_type: 'REFUND.SUCCESS' }),
      envelopeOf({ ...paidTransaction, transaction_id: undefined }),
      envelopeOf({ ...paidTransaction, trade_state: 'NOTPAY' }),
      envelopeOf({ ...paidTransaction, amount: { total: 25.5, payer_total: 25.5, currency: 'CNY' } }),
    ];
    for (const raw of cases) {
      const { headers, body } = signedBody(raw);
      expect(refusalOf(() => verifyNotification(headers, body, notificationKeys))).toBe('malformed');
    }
  });

  it('refuses an unsigned notification', () => {
    const { body } = buildNotification(paidTransaction, notificationSigner);
    expect(refusalOf(() => verifyNotification({ 'Content-Type': 'application/json' }, body, notificationKeys))).toBe(
      'bad signature',
    );
  });
});
