/**
 * A fake Tencent Cloud SMS API (3.0, SendSms 2021-01-11) for tests, over real HTTP on 127.0.0.1.
 * It checks every request as Tencent does — the TC3-HMAC-SHA256 signature computed here from the
 * request as it arrived (its headers and body bytes), the credential's date and service, the
 * timestamp's freshness, the action and version — and then the application, signature name and
 * template; it answers in Tencent's shape (HTTP 200, `Response.Error` or `Response.SendStatusSet`)
 * and records the messages it accepted. Tests only: nothing here is used by the running product.
 *
 *   const fake = await startFakeTencentSms({ now: upstream.clock.now });
 *   // start the upstream with fake.env(), ask it for a code, then:
 *   expect(fake.messages.at(-1)).toMatchObject({ phone: '+8613800138000' });
 *   fake.refuseNext('LimitExceeded.PhoneNumberDailyLimit');
 *   await fake.close();
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../platform/time';

export interface FakeSms {
  phone: string;
  params: string[];
  signName: string;
  templateId: string;
}

export interface FakeTencentSmsOptions {
  secretId?: string;
  secretKey?: string;
  sdkAppId?: string;
  signName?: string;
  templateId?: string;
  now?: Clock;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** Tencent allows a request's X-TC-Timestamp to be this far from its own clock. */
const TIMESTAMP_TOLERANCE_S = 300;

export async function startFakeTencentSms(options: FakeTencentSmsOptions = {}) {
  const account = {
    secretId: options.secretId ?? 'AKIDfakeTencentSmsSecretId',
    secretKey: options.secretKey ?? 'fakeTencentSmsSecretKey',
    sdkAppId: options.sdkAppId ?? '1400006666',
    signName: options.signName ?? '语境',
    templateId: options.templateId ?? '449739',
  };
  const now = options.now ?? systemClock;
  const messages: FakeSms[] = [];
  /** Refusals of requests that passed authentication, by their reason. */
  const refusals: string[] = [];
  let nextStatus: string | undefined;

  const error = (code: string, message: string) => ({
    Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() },
  });

  /** What Tencent would answer the request, checked in the order it checks. */
  function answer(req: http.IncomingMessage, body: Buffer): unknown {
    if (req.method !== 'POST' || req.url !== '/') return error('InvalidAction', 'only POST / is served');
    const header = (name: string) => {
      const value = req.headers[name];
      return (Array.isArray(value) ? value[0] : value)?.trim();
    };
    if (header('x-tc-action') !== 'SendSms') return error('InvalidAction', `action ${header('x-tc-action')} is not SendSms`);
    if (header('x-tc-version') !== '2021-01-11') return error('InvalidParameter.Version', 'version must be 2021-01-11');
    if (!header('x-tc-region')) return error('MissingParameter', 'X-TC-Region is missing');

    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        header('authorization') ?? '',
      );
    if (!auth) return error('AuthFailure.InvalidAuthorization', 'Authorization is not TC3-HMAC-SHA256');
    const [, secretId, date, service, signedHeaders, signature] = auth;
    if (secretId !== account.secretId) return error('AuthFailure.SecretIdNotFound', 'unknown SecretId');
    const timestamp = Number(header('x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(timestamp - now().getTime() / 1000) > TIMESTAMP_TOLERANCE_S) {
      return error('AuthFailure.SignatureExpire', 'the timestamp is too far from the server time');
    }
    const names = signedHeaders.split(';');
    if (service !== 'sms' || date !== new Date(timestamp * 1000).toISOString().slice(0, 10)) {
      return error('AuthFailure.SignatureFailure', 'the credential scope does not match');
    }
    if (!names.includes('content-type') || !names.includes('host')) {
      return error('AuthFailure.SignatureFailure', 'content-type and host must be signed');
    }
    // The canonical request from what arrived: lower-case names and values, trimmed.
    const canonicalHeaders = names.map((name) => `${name}:${(header(name) ?? '').toLowerCase()}\n`).join('');
    const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(body)].join('\n');
    const stringToSign = [
      'TC3-HMAC-SHA256',
      String(timestamp),
      `${date}/${service}/tc3_request`,
      sha256Hex(canonicalRequest),
    ].join('\n');
    const key = hmac(hmac(hmac(`TC3${account.secretKey}`, date), service), 'tc3_request');
    if (createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex') !== signature) {
      return error('AuthFailure.SignatureFailure', 'the signature does not match');
    }

    let request: Record<string, unknown>;
    try {
      request = JSON.parse(body.toString('utf8'));
    } catch {
      return error('InvalidParameter', 'the body is not JSON');
    }
    const phones = request.PhoneNumberSet;
    const params = request.TemplateParamSet;
    if (request.SmsSdkAppId !== account.sdkAppId) return error('FailedOperation.SmsSdkAppIdVerifyFail', 'unknown SmsSdkAppId');
    if (request.SignName !== account.signName) return error('FailedOperation.SignatureIncorrectOrUnapproved', 'unknown SignName');
    if (request.TemplateId !== account.templateId)
      return error('FailedOperation.TemplateIncorrectOrUnapproved', 'unknown template');
    if (!Array.isArray(phones) || phones.length === 0 || !phones.every((p) => typeof p === 'string')) {
      return error('MissingParameter.EmptyPhoneNumberSet', 'no phone number');
    }
    if (!Array.isArray(params) || params.length !== 1 || typeof params[0] !== 'string') {
      return error('FailedOperation.TemplateParamSetNotMatchApprovedTemplate', 'the template has one parameter');
    }

    const status = nextStatus ?? 'Ok';
    nextStatus = undefined;
    const statuses = (phones as string[]).map((phone) => {
      const valid = /^\+861[3-9]\d{9}$/.test(phone);
      const code = valid ? status : 'InvalidParameterValue.IncorrectPhoneNumber';
      if (code === 'Ok')
        messages.push({ phone, params: params as string[], signName: account.signName, templateId: account.templateId });
      else refusals.push(code);
      return {
        SerialNo: randomUUID(),
        PhoneNumber: phone,
        Fee: code === 'Ok' ? 1 : 0,
        SessionContext: '',
        Code: code,
        Message: code === 'Ok' ? 'send success' : code,
        IsoCode: 'CN',
      };
    });
    return { Response: { SendStatusSet: statuses, RequestId: randomUUID() } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const result = answer(req, Buffer.concat(chunks));
      const error = (result as { Response: { Error?: { Code: string } } }).Response.Error;
      if (error) refusals.push(error.Code);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    account,
    messages,
    refusals,
    /** The upstream's environment for this account. */
    env: (overrides: Partial<typeof account> = {}): Record<string, string> => {
      const a = { ...account, ...overrides };
      return {
        SMS_TENCENT_ENDPOINT: url,
        SMS_TENCENT_SECRET_ID: a.secretId,
        SMS_TENCENT_SECRET_KEY: a.secretKey,
        SMS_SDK_APP_ID: a.sdkAppId,
        SMS_SIGN_NAME: a.signName,
        SMS_TEMPLATE_ID: a.templateId,
      };
    },
    /** The next accepted number gets this status instead of Ok (e.g. LimitExceeded.PhoneNumberDailyLimit). */
    refuseNext(code: string) {
      nextStatus = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeTencentSms = Awaited<ReturnType<typeof startFakeTencentSms>>;
