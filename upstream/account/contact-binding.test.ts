import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, latestCode, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';

const minute = 60_000;
const phone = '+8613800138000';
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** The newest code the SMS outbox holds for a number. */
async function latestSms(upstream: TestUpstream, to: string): Promise<string> {
  const { body } = await upstream.request(`/__test/sms?phone=${encodeURIComponent(to)}`);
  const code = body.messages[0]?.code;
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

/** A WeChat OAuth code from the sandbox authorise page, for the sandbox person `nickname`. */
async function wechatCode(upstream: TestUpstream, nickname: string): Promise<string> {
  const answer = await upstream.request('/sandbox/wechat/authorize', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ nickname, redirect_uri: 'http://localhost:3000/Login?client_type=pc', state: 's' }),
  });
  const code = new URL(answer.headers.get('location') ?? 'invalid:').searchParams.get('code');
  if (!code) throw new Error(`no sandbox code: ${answer.http}`);
  return code;
}

/** The whole SMS login; answers the token. */
async function logInByPhone(upstream: TestUpstream, to: string): Promise<string> {
  await upstream.call('pre_sms_login', { phone: to });
  const login = await upstream.call('sms_login', { phone: to, code: await latestSms(upstream, to) });
  if (login.body.status !== 'OK') throw new Error(`sms_login: ${JSON.stringify(login.body)}`);
  return login.body.data.token;
}

describe('binding a phone number or an e-mail address to the account', () => {
  let upstream: TestUpstream;
  beforeEach(async () => {
    upstream = await startTestUpstream();
  });
  afterEach(() => upstream.stop());

  const as = (token: string) => ({
    sendPhone: (to: string) => upstream.call('pre_bind_phone', { phone: to }, bearer(token)),
    bindPhone: (to: string, code: string) => upstream.call('bind_phone', { phone: to, code }, bearer(token)),
    sendEmail: (to: string) => upstream.call('pre_bind_email', { email: to }, bearer(token)),
    bindEmail: (to: string, code: string) => upstream.call('bind_email', { email: to, code }, bearer(token)),
    methods: async () => (await upstream.call('get_login_methods', {}, bearer(token))).body.data,
    info: async () => (await upstream.call('get_user_info', {}, bearer(token))).body.data,
  });

  it('adds a number to an e-mail learner, who then logs in to the same account by SMS, keeping the session', async () => {
    const token = await logInByEmail(upstream, 'reader@example.com');
    const learner = as(token);
    const before = await learner.info();

    const sent = await learner.sendPhone('138 0013 8000');
    expect(sent.body).toEqual({ status: 'OK', description: '验证码已发送' });
    const bound = await learner.bindPhone('13800138000', await latestSms(upstream, phone));
    expect(bound.http).toBe(200);
    expect(bound.body).toEqual({ status: 'OK', description: '手机号已绑定', data: { phone } });

    expect(await learner.methods()).toMatchObject({ email: 'reader@example.com', phone });
    // Nothing else changed, and the session that bound it is still good.
    expect(await learner.info()).toEqual(before);
    upstream.clock.advance(minute);
    const byPhone = as(await logInByPhone(upstream, phone));
    expect((await byPhone.info()).account).toBe(before.account);
    expect(await upstream.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('adds an address to a phone learner, who then logs in to the same account by e-mail', async () => {
    const learner = as(await logInByPhone(upstream, phone));
    const account = (await learner.info()).account;

    await learner.sendEmail('Reader@Example.com');
    const mail = (await upstream.request('/__test/outbox?email=reader@example.com')).body.messages[0];
    expect(mail.subject).toBe('语境绑定邮箱验证码');
    expect(mail.text).toContain(`您正在将此邮箱绑定到语境账号，验证码是 ${mail.code}`);
    const bound = await learner.bindEmail('reader@example.com', mail.code);
    expect(bound.body).toEqual({ status: 'OK', description: '邮箱已绑定', data: { email: 'reader@example.com' } });
    expect(await learner.methods()).toMatchObject({ email: 'reader@example.com', phone });
    // The nickname made from the number stays.
    expect((await learner.info()).nickname).toBe('用户8000');

    upstream.clock.advance(minute);
    const byEmail = as(await logInByEmail(upstream, 'reader@example.com'));
    expect((await byEmail.info()).account).toBe(account);
  });

  it('replaces the learner’s own number after the new one is verified (更换), and answers the same number again as bound', async () => {
    const learner = as(await logInByPhone(upstream, phone));
    const other = '+8613900139000';
    await learner.sendPhone(other);
    const changed = await learner.bindPhone(other, await latestSms(upstream, other));
    expect(changed.body).toEqual({ status: 'OK', description: '手机号已更换', data: { phone: other } });
    expect((await learner.methods()).phone).toBe(other);

    await learner.sendPhone(other);
    const again = await learner.bindPhone(other, await latestSms(upstream, other));
    expect(again.body).toEqual({ status: 'OK', description: '手机号已绑定', data: { phone: other } });
    // The old number is free: logging in by it makes a new learner.
    upstream.clock.advance(minute);
    const newcomer = as(await logInByPhone(upstream, phone));
    expect((await newcomer.info()).nickname).toBe('用户8000');
    expect(await upstream.db.selectFrom('users').select('id').execute()).toHaveLength(2);
  });

  it('refuses a wrong code and changes nothing', async () => {
    const learner = as(await logInByEmail(upstream, 'reader@example.com'));
    await learner.sendPhone(phone);
    const code = await latestSms(upstream, phone);
    const wrong = await learner.bindPhone(phone, wrongFor(code));
    expect(wrong.http).toBe(400);
    expect(wrong.body).toEqual({ status: 'invalid_code', description: '验证码错误' });
    expect((await learner.methods()).phone).toBeNull();
    // The right code still works after one wrong try, once.
    expect((await learner.bindPhone(phone, code)).body.status).toBe('OK');
    expect((await learner.bindPhone(phone, code)).body.status).toBe('code_expired');
  });

  it('never takes a login code for binding, nor a binding code for a login', async () => {
    const learner = as(await logInByEmail(upstream, 'reader@example.com'));
    await upstream.call('pre_sms_login', { phone });
    const loginCode = await latestSms(upstream, phone);
    expect((await learner.bindPhone(phone, loginCode)).body.status).toBe('code_expired');
    // The login code is still live for its own purpose.
    const login = await upstream.call('sms_login', { phone, code: loginCode });
    expect(login.body.status).toBe('OK');

    await learner.sendPhone(phone);
    const bindCode = await latestSms(upstream, phone);
    expect((await upstream.call('sms_login', { phone, code: bindCode })).body.status).not.toBe('OK');

    // The same for mail: a login code does not bind, a binding code does not log in.
    const mailer = as(await logInByPhone(upstream, '13900139000'));
    await upstream.call('pre_email_login', { email: 'new@example.com' });
    expect((await mailer.bindEmail('new@example.com', await latestCode(upstream, 'new@example.com'))).body.status).toBe(
      'code_expired',
    );
    upstream.clock.advance(minute);
    await mailer.sendEmail('new@example.com');
    const mailBindCode = await latestCode(upstream, 'new@example.com');
    expect((await upstream.call('email_login', { email: 'new@example.com', code: mailBindCode })).body.status).not.toBe('OK');
  });

  it('never takes a code asked for by one account to bind to another', async () => {
    const first = as(await logInByEmail(upstream, 'first@example.com'));
    const second = as(await logInByEmail(upstream, 'second@example.com'));
    await first.sendPhone(phone);
    const code = await latestSms(upstream, phone);
    expect((await second.bindPhone(phone, code)).body.status).toBe('code_expired');
    expect((await first.bindPhone(phone, code)).body.status).toBe('OK');
  });

  it('refuses a number or an address of another account, but only once the code is right', async () => {
    await logInByPhone(upstream, phone);
    await logInByEmail(upstream, 'owner@example.com');
    const learner = as(await logInByEmail(upstream, 'reader@example.com'));

    // Asking for a code says nothing about who is registered.
    expect((await learner.sendPhone(phone)).body).toEqual({ status: 'OK', description: '验证码已发送' });
    const code = await latestSms(upstream, phone);
    expect((await learner.bindPhone(phone, wrongFor(code))).body.status).toBe('invalid_code');
    const taken = await learner.bindPhone(phone, code);
    expect(taken.http).toBe(409);
    expect(taken.body).toEqual({ status: 'phone_taken', description: '该手机号已绑定其他账号' });

    expect((await learner.sendEmail('OWNER@example.com')).body.status).toBe('OK');
    const mailTaken = await learner.bindEmail('owner@example.com', await latestCode(upstream, 'owner@example.com'));
    expect(mailTaken.http).toBe(409);
    expect(mailTaken.body).toEqual({ status: 'email_taken', description: '该邮箱已绑定其他账号' });

    expect(await learner.methods()).toMatchObject({ email: 'reader@example.com', phone: null });
    const owners = await upstream.db.selectFrom('users').select(['email', 'phone']).orderBy('id').execute();
    expect(owners).toEqual([
      { email: null, phone },
      { email: 'owner@example.com', phone: null },
      { email: 'reader@example.com', phone: null },
    ]);
  });

  it('refuses every binding call without a login, sending nothing', async () => {
    const stale = bearer('not-a-session-token-at-all-not-a-session-token');
    for (const [name, body] of [
      ['pre_bind_phone', { phone }],
      ['bind_phone', { phone, code: '123456' }],
      ['pre_bind_email', { email: 'a@example.com' }],
      ['bind_email', { email: 'a@example.com', code: '123456' }],
    ] as const) {
      for (const headers of [{}, stale]) {
        const answer = await upstream.call(name, body, headers);
        expect(answer.http, name).toBe(401);
        expect(answer.body, name).toEqual({ status: '401', description: '请先登录' });
      }
    }
    expect((await upstream.request('/__test/sms')).body.messages).toEqual([]);
    expect((await upstream.request('/__test/outbox')).body.messages).toEqual([]);
  });

  it('makes a WeChat account with a bound number no longer WeChat-only: it neither joins nor is merged into another', async () => {
    const login = await upstream.call('get_wechat_access_token', {
      code: await wechatCode(upstream, '微信读者'),
      client_type: 'pc',
    });
    const learner = as(login.body.data.token);
    expect((await learner.methods()).can_bind_account).toBe(true);

    await learner.sendPhone(phone);
    expect((await learner.bindPhone(phone, await latestSms(upstream, phone))).body.status).toBe('OK');
    expect(await learner.methods()).toMatchObject({ wechat_bound: true, phone, can_bind_account: false });
    const joined = await upstream.call(
      'bind_account',
      { account: 'x@example.com', password: 'whatever it is' },
      bearer(login.body.data.token),
    );
    expect(joined.body.status).toBe('cannot_bind');
    // Its WeChat stays with it: the number would otherwise lead to an account without its WeChat.
    const other = await logInByEmail(upstream, 'other@example.com');
    const taken = await upstream.call(
      'bind_wechat',
      { code: await wechatCode(upstream, '微信读者'), client_type: 'pc' },
      bearer(other),
    );
    expect(taken.body.status).toBe('wechat_taken');
    expect((await learner.methods()).wechat_bound).toBe(true);
  });

  it('refuses a number that is not a mainland mobile, as the login does', async () => {
    const learner = as(await logInByEmail(upstream, 'reader@example.com'));
    const answer = await learner.sendPhone('12345');
    expect(answer.http).toBe(400);
    expect(answer.body).toEqual({ status: 'invalid_phone', description: '手机号格式不正确' });
  });
});

describe('binding codes share the login codes’ limits', () => {
  let upstream: TestUpstream;
  afterEach(() => upstream?.stop());
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('holds back a second binding code within a minute', async () => {
    upstream = await startTestUpstream();
    const token = await logInByEmail(upstream, 'reader@example.com');
    expect((await upstream.call('pre_bind_phone', { phone }, bearer(token))).http).toBe(200);
    upstream.clock.advance(59_000);
    const tooSoon = await upstream.call('pre_bind_phone', { phone: '138 0013 8000' }, bearer(token));
    expect(tooSoon.http).toBe(429);
    expect(tooSoon.body).toEqual({ status: '000', description: '操作太频繁，请勿重复请求' });
  });

  it('counts a number’s login and binding codes together: five an hour', async () => {
    upstream = await startTestUpstream();
    const token = await logInByEmail(upstream, 'reader@example.com');
    for (let i = 1; i <= 5; i++) {
      const name = i % 2 ? 'pre_sms_login' : 'pre_bind_phone';
      expect((await upstream.call(name, { phone }, { ...bearer(token), ...from(`192.0.2.${i}`) })).http, name).toBe(200);
      upstream.clock.advance(minute);
    }
    expect((await upstream.call('pre_bind_phone', { phone }, { ...bearer(token), ...from('192.0.2.6') })).body.status).toBe(
      '000',
    );
    expect((await upstream.call('pre_sms_login', { phone }, from('192.0.2.7'))).body.status).toBe('000');
  });

  it('counts a client address’s login and binding codes together', async () => {
    upstream = await startTestUpstream({ env: { EMAIL_CODE_LIMIT_ADDRESS: '3' } });
    const token = await logInByEmail(upstream, 'reader@example.com');
    const ip = from('203.0.113.7');
    expect((await upstream.call('pre_sms_login', { phone: '13900000001' }, ip)).http).toBe(200);
    expect((await upstream.call('pre_bind_phone', { phone: '13900000002' }, { ...bearer(token), ...ip })).http).toBe(200);
    expect((await upstream.call('pre_bind_email', { email: 'x@example.com' }, { ...bearer(token), ...ip })).http).toBe(200);
    const refused = await upstream.call('pre_bind_phone', { phone: '13900000003' }, { ...bearer(token), ...ip });
    expect(refused.http).toBe(429);
    expect((await upstream.call('pre_sms_login', { phone: '13900000004' }, ip)).body.status).toBe('000');
  });

  it('stops a number for the day after 20 wrong codes, whether they were tried at binding or login', async () => {
    upstream = await startTestUpstream();
    const token = await logInByEmail(upstream, 'reader@example.com');
    for (let round = 0; round < 4; round++) {
      await upstream.call('pre_bind_phone', { phone }, bearer(token));
      const code = await latestSms(upstream, phone);
      for (let i = 0; i < 5; i++) {
        expect((await upstream.call('bind_phone', { phone, code: wrongFor(code) }, bearer(token))).body.status).toBe(
          'invalid_code',
        );
      }
      upstream.clock.advance(minute);
    }
    await upstream.call('pre_sms_login', { phone });
    const capped = await upstream.call('sms_login', { phone, code: await latestSms(upstream, phone) });
    expect(capped.http).toBe(429);
    expect(capped.body.status).toBe('too_many_tries');
  });
});
