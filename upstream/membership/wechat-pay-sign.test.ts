import { describe, expect, it } from 'vitest';
import { generateRsaIdentity } from './fake-wechat-pay';
import {
  authorizationHeader,
  jsapiPageParameters,
  platformSignatureHeaders,
  requestSignatureMessage,
  rfc3339Beijing,
  signMessage,
  type VerificationFailure,
  verifyPlatformSignature,
  verifySignature,
  WechatPayVerificationError,
} from './wechat-pay-sign';

const merchant = generateRsaIdentity();
const platform = generateRsaIdentity();
const stranger = generateRsaIdentity();
const at = new Date('2026-11-24T12:00:00Z');
const fixedClock = () => at;

describe('signatures', () => {
  it('verifies a signature made with the matching key, and nothing else', () => {
    const signature = signMessage('GET\n/v3/x\n1\nn\n\n', merchant.privateKey);
    expect(verifySignature('GET\n/v3/x\n1\nn\n\n', signature, merchant.publicKey)).toBe(true);
    expect(verifySignature('GET\n/v3/y\n1\nn\n\n', signature, merchant.publicKey)).toBe(false);
    expect(verifySignature('GET\n/v3/x\n1\nn\n\n', signature, stranger.publicKey)).toBe(false);
    expect(verifySignature('GET\n/v3/x\n1\nn\n\n', 'not base64 at all', merchant.publicKey)).toBe(false);
  });

  it('signs a request over METHOD, path with query, timestamp, nonce and body, each line ending in \\n', () => {
    const header = authorizationHeader(
      { method: 'post', url: '/v3/pay/transactions/native?x=1', body: '{"a":1}' },
      { mchId: '1900000109', merchantSerial: merchant.serial, merchantPrivateKey: merchant.privateKey },
      { timestamp: '1554208460', nonce: '593BEC0C930BF1AFEB40B4A08C8FB242' },
    );
    const match =
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="([^"]+)",timestamp="1554208460",serial_no="([0-9A-F]+)"$/.exec(
        header,
      );
    expect(match).not.toBeNull();
    expect(match![2]).toBe(merchant.serial);
    const message = 'POST\n/v3/pay/transactions/native?x=1\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"a":1}\n';
    expect(
      requestSignatureMessage(
        'POST',
        '/v3/pay/transactions/native?x=1',
        '1554208460',
        '593BEC0C930BF1AFEB40B4A08C8FB242',
        '{"a":1}',
      ),
    ).toBe(message);
    expect(verifySignature(message, match![1]!, merchant.publicKey)).toBe(true);
  });

  it('writes time_expire and create_time in Beijing time', () => {
    expect(rfc3339Beijing(new Date('2026-11-24T16:05:09.987Z'))).toBe('2026-11-25T00:05:09+08:00');
  });

  it('signs the JSAPI page parameters over appId, timeStamp, nonceStr and package', () => {
    const page = jsapiPageParameters({
      appId: 'wx8888888888888888',
      prepayId: 'wx201410272009395522657a690389285100',
      merchantPrivateKey: merchant.privateKey,
      now: fixedClock,
    });
    expect(page).toMatchObject({
      appId: 'wx8888888888888888',
      timeStamp: String(at.getTime() / 1000),
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
    const message = `${page.appId}\n${page.timeStamp}\n${page.nonceStr}\n${page.package}\n`;
    expect(verifySignature(message, page.paySign, merchant.publicKey)).toBe(true);
  });

  it('checks the Wechatpay-* headers of a body from WeChat Pay: its serial, its time and its signature', () => {
    const verifier = { platformPublicKey: platform.publicKey, platformSerial: platform.serial, now: fixedClock };
    const signer = { platformPrivateKey: platform.privateKey, platformSerial: platform.serial, now: fixedClock };
    const body = '{"code_url":"weixin://wxpay/bizpayurl?pr=abc"}';
    const headers = platformSignatureHeaders(body, signer);
    const refusalOf = (headers: Record<string, string>, text: string, now = fixedClock): VerificationFailure | 'accepted' => {
      try {
        verifyPlatformSignature(headers, text, { ...verifier, now });
        return 'accepted';
      } catch (error) {
        if (error instanceof WechatPayVerificationError) return error.reason;
        throw error;
      }
    };
    expect(refusalOf(headers, body)).toBe('accepted');
    // Serials are hex, in either case.
    expect(refusalOf({ ...headers, 'Wechatpay-Serial': platform.serial.toLowerCase() }, body)).toBe('accepted');
    expect(refusalOf(headers, `${body} `)).toBe('bad signature');
    expect(refusalOf({}, body)).toBe('bad signature');
    const impostor = platformSignatureHeaders(body, {
      ...signer,
      platformPrivateKey: stranger.privateKey,
      platformSerial: stranger.serial,
    });
    expect(refusalOf(impostor, body)).toBe('unknown serial');
    expect(refusalOf(headers, body, () => new Date(at.getTime() + 6 * 60_000))).toBe('stale timestamp');
  });
});
