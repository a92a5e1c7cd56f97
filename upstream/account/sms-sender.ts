import { createHash, createHmac } from 'node:crypto';
import type { Db } from '../db/database';
import type { TencentSmsConfig, UpstreamConfig } from '../platform/config';
import { UpstreamError } from '../platform/http';
import { tooFrequent } from '../platform/rate-limit';
import { stamp, type Clock } from '../platform/time';
import { findLoginCode } from './mailer';

/** A login code on its way to a phone (E.164, +86…). */
export interface SmsMessage {
  to: string;
  code: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

interface SmsSenderDeps {
  config: Pick<UpstreamConfig, 'envType' | 'sms'>;
  db: Db;
  now: Clock;
  log: (line: string) => void;
}

/** The text of a login code, as the outbox keeps it and as the operator's template should read. */
export const smsText = (code: string) => `您的验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略本短信。`;

const sendFailed = () => new UpstreamError(502, '500', '短信发送失败，请稍后重试');
const SEND_TIMEOUT_MS = 10_000;

/**
 * Tencent Cloud SMS when configured. Otherwise the SMS outbox: a table the test environment
 * reads back, and a log line for a person at the console (`[sms] to=… code=…`, as mail's). The
 * outbox is a sandbox, so production refuses it.
 */
export function createSmsSender({ config, db, now, log }: SmsSenderDeps): SmsSender {
  const tencent = config.sms;
  if (tencent) return tencentSmsSender(tencent, now, log);
  if (config.envType === 'production') {
    return {
      async send() {
        throw new UpstreamError(503, '503', '短信服务未配置，暂不能使用手机号登录');
      },
    };
  }
  return {
    async send({ to, code }) {
      await db
        .insertInto('sms_outbox')
        .values({ to_phone: to, body: smsText(code), created_at: stamp(now()) })
        .execute();
      log(`[sms] to=${to} code=${code}`);
    },
  };
}

/** Text messages kept in the outbox, newest first; all of them when no number is given. */
export async function readSmsOutbox(db: Db, to?: string) {
  let query = db.selectFrom('sms_outbox').selectAll().orderBy('id', 'desc').limit(100);
  if (to) query = query.where('to_phone', '=', to);
  const rows = await query.execute();
  return rows.map((row) => ({
    to: row.to_phone,
    text: row.body,
    code: findLoginCode(row.body) ?? null,
    created_at: row.created_at,
  }));
}

export const TENCENT_SMS_VERSION = '2021-01-11';
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The headers of a TencentCloud API 3.0 request signed with TC3-HMAC-SHA256: a canonical request
 * of the method, path, query, the signed headers and the body's hash; a string to sign of it with
 * the time and the credential scope; and a signing key derived from the secret key by the date,
 * the service and "tc3_request".
 */
export function tc3Headers(options: {
  secretId: string;
  secretKey: string;
  host: string;
  service: string;
  action: string;
  version: string;
  region: string;
  body: string;
  at: Date;
}): Record<string, string> {
  const timestamp = Math.floor(options.at.getTime() / 1000);
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const contentType = 'application/json; charset=utf-8';
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonicalHeaders = `content-type:${contentType}\nhost:${options.host.toLowerCase()}\nx-tc-action:${options.action.toLowerCase()}\n`;
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(options.body)].join('\n');
  const scope = `${date}/${options.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${options.secretKey}`, date), options.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return {
    Authorization: `TC3-HMAC-SHA256 Credential=${options.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    'Content-Type': contentType,
    // Host is signed but not set here: fetch sends the URL's, which is `options.host`.
    'X-TC-Action': options.action,
    'X-TC-Timestamp': String(timestamp),
    'X-TC-Version': options.version,
    'X-TC-Region': options.region,
  };
}

/** The answer of SendSms: a status per number, or an error for the whole request. */
interface SendSmsAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: { PhoneNumber?: string; Code?: string; Message?: string }[];
    RequestId?: string;
  };
}

/** SendSms of Tencent Cloud SMS (API 3.0, version 2021-01-11), the code as the template's {1}. */
function tencentSmsSender(sms: TencentSmsConfig, now: Clock, log: (line: string) => void): SmsSender {
  const url = new URL(`${sms.endpoint}/`);
  return {
    async send({ to, code }) {
      const body = JSON.stringify({
        PhoneNumberSet: [to],
        SmsSdkAppId: sms.sdkAppId,
        SignName: sms.signName,
        TemplateId: sms.templateId,
        TemplateParamSet: [code],
      });
      const headers = tc3Headers({
        secretId: sms.secretId,
        secretKey: sms.secretKey,
        host: url.host,
        service: 'sms',
        action: 'SendSms',
        version: TENCENT_SMS_VERSION,
        region: sms.region,
        body,
        at: now(),
      });
      let answer: SendSmsAnswer;
      try {
        const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
        answer = (await response.json()) as SendSmsAnswer;
      } catch (error) {
        log(`[sms] Tencent SMS to ${to} failed: ${String(error)}`);
        throw sendFailed();
      }
      const refusal = answer.Response?.Error ?? answer.Response?.SendStatusSet?.find((s) => s.Code !== 'Ok');
      if (!refusal && answer.Response?.SendStatusSet?.length) return;
      const reason = refusal?.Code ?? 'no status';
      log(
        `[sms] Tencent SMS to ${to} refused: ${reason} ${refusal?.Message ?? ''} (request ${answer.Response?.RequestId ?? '?'})`,
      );
      // The provider's own limits on a number (per 30 s, hour, day) are what the learner met.
      if (reason.startsWith('LimitExceeded.')) throw tooFrequent(60);
      if (reason === 'InvalidParameterValue.IncorrectPhoneNumber') {
        throw new UpstreamError(400, 'invalid_phone', '手机号格式不正确');
      }
      throw sendFailed();
    },
  };
}
