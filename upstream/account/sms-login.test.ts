import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normalizeMainlandPhone } from '../../lib/contract/phone';
import { bearer, latestCode, startTestUpstream, testClock, type TestUpstream } from '../test-harness';
import { startFakeTencentSms, type FakeTencentSms } from './fake-tencent-sms';
import { tc3Headers } from './sms-sender';

const minute = 60_000;
const phone = '+8613800138000';

/** The newest code the SMS outbox holds for a number. */
async function latestSms(upstream: TestUpstream, to: string): Promise<string> {
  const { body } = await upstream.request(`/__test/sms?phone=${encodeURIComponent(to)}`);
  const code = body.messages[0]?.code;
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('mainland mobile numbers', () => {
  it('reads 11 digits from 1[3-9], with +86, 86 or 0086 and spaces or dashes, as E.164', () => {
    for (const typed of [
      '13800138000',
      '+8613800138000',
      '86 138 0013 8000',
      '+86-138-0013-8000',
      '0086 13800138000',
      ' 138 0013 8000 ',
    ]) {
      expect(normalizeMainlandPhone(typed), typed).toBe(phone);
    }
    expect(normalizeMainlandPhone('19912345678')).toBe('+8619912345678');
  });

  it('refuses what is not a mainland mobile number', () => {
    for (const typed of [
      '',
      '1380013800',
      '138001380001',
      '12800138000',
      '23800138000',
      '+85213800138000',
      '+1 138 0013 8000',
      '138OO138000',
      `${'1'.repeat(40)}`,
    ]) {
      expect(normalizeMainlandPhone(typed), typed).toBeNull();
    }
  });
});

describe('SMS login (sandbox)', () => {
  let upstream: TestUpstream;
  beforeEach(async () => {
    upstream = await startTestUpstream();
  });
  afterEach(() => upstream.stop());

  const send = (to: string, headers: Record<string, string> = {}) => upstream.call('pre_sms_login', { phone: to }, headers);
  const login = (to: string, code: string, extra: Record<string, string> = {}) =>
    upstream.call('sms_login', { phone: to, code, ...extra });

  it('sends a six-digit code to the SMS outbox and the log, under the number in E.164', async () => {
    const sent = await send('138-0013-8000');
    expect(sent.http).toBe(200);
    expect(sent.body).toEqual({ status: 'OK', description: '验证码已发送' });

    const { body } = await upstream.request('/__test/sms?phone=13800138000');
    expect(body.messages).toHaveLength(1);
    const [sms] = body.messages;
    expect(sms.to).toBe(phone);
    expect(sms.code).toMatch(/^\d{6}$/);
    expect(sms.text).toContain(`您的验证码是 ${sms.code}，10 分钟内有效。`);
    expect(upstream.logs).toContain(`[sms] to=${phone} code=${sms.code}`);
    // Not a mail: the e-mail outbox stays empty.
    expect((await upstream.request('/__test/outbox')).body.messages).toEqual([]);
  });

  it('stores only a hash of the code', async () => {
    await send(phone);
    const code = await latestSms(upstream, phone);
    const rows = await upstream.db.selectFrom('sms_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].phone).toBe(phone);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('refuses a number that is not a mainland mobile in the product’s words, sending nothing', async () => {
    for (const typed of ['12345', '12800138000', '+852 6123 4567']) {
      const answer = await send(typed);
      expect(answer.http, typed).toBe(400);
      expect(answer.body, typed).toEqual({ status: 'invalid_phone', description: '手机号格式不正确' });
    }
    const answer = await login('1380013800', '123456');
    expect(answer.body).toEqual({ status: 'invalid_phone', description: '手机号格式不正确' });
    expect((await upstream.request('/__test/sms')).body.messages).toEqual([]);
  });

  it('creates the learner as 用户 and the last four digits, and logs the same learner in by any spelling of the number', async () => {
    await send('13800138000');
    const first = await login('+86 138 0013 8000', await latestSms(upstream, phone));
    expect(first.http).toBe(200);
    expect(first.body.data).toMatchObject({ nickname: '用户8000', headimgurl: '' });
    expect(first.body.data.token).toMatch(/^[\w-]{43}$/);

    upstream.clock.advance(minute);
    await send('86-138-0013-8000');
    const second = await login('13800138000', await latestSms(upstream, phone));
    expect(second.body.status).toBe('OK');

    const a = await upstream.call('get_user_info', {}, bearer(first.body.data.token));
    const b = await upstream.call('get_user_info', {}, bearer(second.body.data.token));
    expect(a.body.data.account).toMatch(/^[1-9]\d{7}$/);
    expect(b.body.data.account).toBe(a.body.data.account);
    const users = await upstream.db.selectFrom('users').select(['phone', 'email', 'nickname']).execute();
    expect(users).toEqual([{ phone, email: null, nickname: '用户8000' }]);
    // /Profil shows the number among the ways in.
    expect((await upstream.call('get_login_methods', {}, bearer(first.body.data.token))).body.data).toMatchObject({
      phone,
      email: null,
      can_bind_account: false,
    });
  });

  it('keeps a phone learner apart from an e-mail learner', async () => {
    await upstream.call('pre_email_login', { email: 'reader@example.com' });
    await upstream.call('email_login', { email: 'reader@example.com', code: await latestCode(upstream, 'reader@example.com') });
    await send(phone);
    expect((await login(phone, await latestSms(upstream, phone))).body.status).toBe('OK');
    expect(await upstream.db.selectFrom('users').select('id').execute()).toHaveLength(2);
  });

  it('consumes the code: it cannot be used twice', async () => {
    await send(phone);
    const code = await latestSms(upstream, phone);
    expect((await login(phone, code)).body.status).toBe('OK');
    const again = await login(phone, code);
    expect(again.http).toBe(400);
    expect(again.body).toEqual({ status: 'code_expired', description: '验证码已过期，请重新获取' });
  });

  it('refuses wrong codes and locks the code after five', async () => {
    await send(phone);
    const code = await latestSms(upstream, phone);
    for (let i = 0; i < 5; i++) {
      const answer = await login(phone, wrongFor(code));
      expect(answer.http).toBe(400);
      expect(answer.body).toEqual({ status: 'invalid_code', description: '验证码错误' });
    }
    const locked = await login(phone, code);
    expect(locked.body).toEqual({ status: 'too_many_tries', description: '验证码错误次数过多，请重新获取' });
  });

  it('lets a code live ten minutes', async () => {
    await send(phone);
    const code = await latestSms(upstream, phone);
    upstream.clock.advance(10 * minute);
    const expired = await login(phone, code);
    expect(expired.http).toBe(400);
    expect(expired.body.status).toBe('code_expired');
  });

  it('holds back a second code within a minute, however the number is written, then replaces the code', async () => {
    await send(phone);
    const firstCode = await latestSms(upstream, phone);
    upstream.clock.advance(59_000);
    const tooSoon = await send('138 0013 8000');
    expect(tooSoon.http).toBe(429);
    expect(tooSoon.body).toEqual({ status: '000', description: '操作太频繁，请勿重复请求' });
    expect(tooSoon.headers.get('retry-after')).toBe('1');

    upstream.clock.advance(1000);
    expect((await send(phone)).http).toBe(200);
    const secondCode = await latestSms(upstream, phone);
    if (firstCode !== secondCode) expect((await login(phone, firstCode)).body.status).toBe('invalid_code');
    expect((await login(phone, secondCode)).body.status).toBe('OK');
  });
});

describe('SMS login limits: the same as e-mail codes', () => {
  let upstream: TestUpstream;
  afterEach(() => upstream?.stop());
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const number = (i: number) => `139${String(i).padStart(8, '0')}`;

  it('counts a client address’s SMS and e-mail codes together: the 21st in ten minutes is refused with 000', async () => {
    upstream = await startTestUpstream();
    for (let i = 1; i <= 10; i++) {
      expect((await upstream.call('pre_email_login', { email: `spray${i}@example.com` }, from('203.0.113.7'))).http).toBe(200);
      expect((await upstream.call('pre_sms_login', { phone: number(i) }, from('203.0.113.7'))).http).toBe(200);
    }
    const refused = await upstream.call('pre_sms_login', { phone: number(21) }, from('203.0.113.7'));
    expect(refused.http).toBe(429);
    expect(refused.body).toEqual({ status: '000', description: '操作太频繁，请勿重复请求' });
    expect((await upstream.request('/__test/sms')).body.messages).toHaveLength(10);
    // Another client is not affected, and the address may ask again in the next window.
    expect((await upstream.call('pre_sms_login', { phone: number(21) }, from('198.51.100.9'))).http).toBe(200);
    upstream.clock.advance(10 * minute);
    expect((await upstream.call('pre_sms_login', { phone: number(22) }, from('203.0.113.7'))).http).toBe(200);
  });

  it('sends one number at most five codes an hour, from whatever address', async () => {
    upstream = await startTestUpstream();
    for (let i = 1; i <= 5; i++) {
      expect((await upstream.call('pre_sms_login', { phone }, from(`192.0.2.${i}`))).http).toBe(200);
      upstream.clock.advance(minute);
    }
    expect((await upstream.call('pre_sms_login', { phone: '13800138000' }, from('192.0.2.6'))).body.status).toBe('000');
    upstream.clock.advance(60 * minute);
    expect((await upstream.call('pre_sms_login', { phone }, from('192.0.2.6'))).http).toBe(200);
  });

  it('follows the EMAIL_CODE_LIMIT_* settings: a global ceiling shared with mail', async () => {
    upstream = await startTestUpstream({ env: { EMAIL_CODE_LIMIT_GLOBAL: '2' } });
    expect((await upstream.call('pre_email_login', { email: 'a@example.com' }, from('192.0.2.1'))).http).toBe(200);
    expect((await upstream.call('pre_sms_login', { phone: number(1) }, from('192.0.2.2'))).http).toBe(200);
    expect((await upstream.call('pre_sms_login', { phone: number(2) }, from('192.0.2.3'))).body.status).toBe('000');
  });

  it('stops a number for the day after 20 wrong codes, right ones included', async () => {
    upstream = await startTestUpstream();
    const login = (code: string) => upstream.call('sms_login', { phone, code });
    for (let round = 0; round < 4; round++) {
      await upstream.call('pre_sms_login', { phone });
      const code = await latestSms(upstream, phone);
      for (let i = 0; i < 5; i++) expect((await login(wrongFor(code))).body.status).toBe('invalid_code');
      upstream.clock.advance(minute);
    }
    await upstream.call('pre_sms_login', { phone });
    const capped = await login(await latestSms(upstream, phone));
    expect(capped.http).toBe(429);
    expect(capped.body).toEqual({ status: 'too_many_tries', description: '今日验证码错误次数过多，请明天再试或使用微信登录' });
    // Another number is not affected.
    await upstream.call('pre_sms_login', { phone: number(1) });
    expect((await upstream.call('sms_login', { phone: number(1), code: await latestSms(upstream, number(1)) })).body.status).toBe(
      'OK',
    );
  });
});

describe('SMS login in production', () => {
  let upstream: TestUpstream;
  afterEach(() => upstream?.stop());

  it('refuses to use the outbox without an SMS provider, and has no test outbox', async () => {
    upstream = await startTestUpstream({ env: { ENV_TYPE: 'production' } });
    const answer = await upstream.call('pre_sms_login', { phone });
    expect(answer.http).toBe(503);
    expect(answer.body).toEqual({ status: '503', description: '短信服务未配置，暂不能使用手机号登录' });
    expect(await upstream.db.selectFrom('sms_outbox').selectAll().execute()).toEqual([]);
    expect(await upstream.db.selectFrom('sms_codes').selectAll().execute()).toEqual([]);
    expect(upstream.logs.some((line) => line.startsWith('[sms] to='))).toBe(false);
    expect((await upstream.request('/__test/sms')).http).toBe(404);
  });
});

describe('SMS login through Tencent Cloud SMS', () => {
  let upstream: TestUpstream | undefined;
  let fake: FakeTencentSms;
  afterEach(async () => {
    await upstream?.stop();
    upstream = undefined;
    await fake.close();
  });

  it('sends SendSms signed with TC3-HMAC-SHA256, which the provider accepts, and the code it carried logs in', async () => {
    // The fake checks the timestamp against the upstream's clock, as Tencent checks against its own.
    const clock = testClock();
    fake = await startFakeTencentSms({ now: clock.now });
    upstream = await startTestUpstream({ clock, env: { ...fake.env(), ENV_TYPE: 'production' } });
    const sent = await upstream.call('pre_sms_login', { phone: '138 0013 8000' });
    expect(fake.refusals).toEqual([]);
    expect(sent.body).toEqual({ status: 'OK', description: '验证码已发送' });
    expect(fake.messages).toEqual([
      { phone, params: [expect.stringMatching(/^\d{6}$/)], signName: '语境', templateId: '449739' },
    ]);
    // A real provider: nothing in the outbox, no code in the log.
    expect(await upstream.db.selectFrom('sms_outbox').selectAll().execute()).toEqual([]);
    expect(upstream.logs.join('\n')).not.toContain(fake.messages[0].params[0]);

    const login = await upstream.call('sms_login', { phone, code: fake.messages[0].params[0] });
    expect(login.body.data).toMatchObject({ nickname: '用户8000' });
  });

  it('reports a refused signature as a failed send and forgets the code, so that the learner may ask again at once', async () => {
    const clock = testClock();
    fake = await startFakeTencentSms({ now: clock.now });
    upstream = await startTestUpstream({ clock, env: fake.env({ secretKey: 'not-the-key' }) });
    const answer = await upstream.call('pre_sms_login', { phone });
    expect(answer.http).toBe(502);
    expect(answer.body).toEqual({ status: '500', description: '短信发送失败，请稍后重试' });
    expect(fake.refusals).toEqual(['AuthFailure.SignatureFailure']);
    expect(fake.messages).toEqual([]);
    expect(await upstream.db.selectFrom('sms_codes').selectAll().execute()).toEqual([]);
    expect(upstream.logs.some((line) => line.includes('AuthFailure.SignatureFailure'))).toBe(true);
    expect((await upstream.call('pre_sms_login', { phone })).http).toBe(502);
  });

  it('answers the provider’s own limit on a number as too frequent', async () => {
    const clock = testClock();
    fake = await startFakeTencentSms({ now: clock.now });
    upstream = await startTestUpstream({ clock, env: fake.env() });
    fake.refuseNext('LimitExceeded.PhoneNumberDailyLimit');
    const answer = await upstream.call('pre_sms_login', { phone });
    expect(answer.http).toBe(429);
    expect(answer.body.status).toBe('000');
    expect(fake.messages).toEqual([]);
  });

  it('the fake provider refuses a body changed after signing, a stale timestamp and an unknown template', async () => {
    fake = await startFakeTencentSms();
    const host = new URL(fake.url).host;
    const body = JSON.stringify({
      PhoneNumberSet: [phone],
      SmsSdkAppId: fake.account.sdkAppId,
      SignName: fake.account.signName,
      TemplateId: fake.account.templateId,
      TemplateParamSet: ['123456'],
    });
    const signed = (at: Date, signedBody = body) =>
      tc3Headers({
        ...fake.account,
        host,
        service: 'sms',
        action: 'SendSms',
        version: '2021-01-11',
        region: 'ap-guangzhou',
        body: signedBody,
        at,
      });
    const post = async (headers: Record<string, string>, sent = body) =>
      (await (await fetch(`${fake.url}/`, { method: 'POST', headers, body: sent })).json()) as {
        Response: { Error?: { Code: string }; SendStatusSet?: { Code: string }[] };
      };

    expect((await post(signed(new Date()))).Response.SendStatusSet?.[0].Code).toBe('Ok');
    expect((await post(signed(new Date()), body.replace('123456', '654321'))).Response.Error?.Code).toBe(
      'AuthFailure.SignatureFailure',
    );
    expect((await post(signed(new Date(Date.now() - 10 * minute)))).Response.Error?.Code).toBe('AuthFailure.SignatureExpire');
    const otherTemplate = body.replace(fake.account.templateId, '1');
    expect((await post(signed(new Date(), otherTemplate), otherTemplate)).Response.Error?.Code).toBe(
      'FailedOperation.TemplateIncorrectOrUnapproved',
    );
    expect(fake.messages).toHaveLength(1);
  });
});
