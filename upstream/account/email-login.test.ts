import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailboxOf } from './email-login';
import { bearer, latestCode, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';

const minute = 60_000;

describe('e-mail login', () => {
  let upstream: TestUpstream;
  beforeEach(async () => {
    upstream = await startTestUpstream();
  });
  afterEach(() => upstream.stop());

  const send = (email: string) => upstream.call('pre_email_login', { email });
  const login = (email: string, code: string, extra: Record<string, string> = {}) =>
    upstream.call('email_login', { email, code, ...extra });

  it('mails a six-digit code to the outbox and the log', async () => {
    const sent = await send('Reader@Example.COM');
    expect(sent.http).toBe(200);
    expect(sent.body).toEqual({ status: 'OK', description: '验证码已发送' });

    const { body } = await upstream.request('/__test/outbox?email=reader@example.com');
    expect(body.messages).toHaveLength(1);
    const [mail] = body.messages;
    expect(mail.to).toBe('reader@example.com');
    expect(mail.subject).toBe('语境登录验证码');
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(`您的验证码是 ${mail.code}，10 分钟内有效。`);
    expect(upstream.logs).toContain(`[mail] to=reader@example.com code=${mail.code}`);
  });

  it('stores only a hash of the code', async () => {
    await send('reader@example.com');
    const code = await latestCode(upstream, 'reader@example.com');
    const rows = await upstream.db.selectFrom('email_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('creates the user on first login and logs the same user in again', async () => {
    await send('reader@example.com');
    const first = await login('READER@example.com', await latestCode(upstream, 'reader@example.com'));
    expect(first.http).toBe(200);
    expect(first.body.status).toBe('OK');
    expect(first.body.data).toMatchObject({ nickname: 'reader', headimgurl: '' });
    expect(first.body.data.token).toMatch(/^[\w-]{43}$/);

    upstream.clock.advance(minute);
    await send('reader@example.com');
    const second = await login('reader@example.com', await latestCode(upstream, 'reader@example.com'));
    expect(second.body.data.token).not.toBe(first.body.data.token);

    const a = await upstream.call('get_user_info', {}, bearer(first.body.data.token));
    const b = await upstream.call('get_user_info', {}, bearer(second.body.data.token));
    expect(a.body.data.account).toMatch(/^[1-9]\d{7}$/);
    expect(b.body.data.account).toBe(a.body.data.account);
    expect(await upstream.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('consumes the code: it cannot be used twice', async () => {
    await send('reader@example.com');
    const code = await latestCode(upstream, 'reader@example.com');
    expect((await login('reader@example.com', code)).body.status).toBe('OK');
    const again = await login('reader@example.com', code);
    expect(again.http).toBe(400);
    expect(again.body).toEqual({ status: 'code_expired', description: '验证码已过期，请重新获取' });
  });

  it('counts wrong codes and locks the code after five', async () => {
    await send('reader@example.com');
    const code = await latestCode(upstream, 'reader@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const answer = await login('reader@example.com', wrong);
      expect(answer.http).toBe(400);
      expect(answer.body).toEqual({ status: 'invalid_code', description: '验证码错误' });
      const row = await upstream.db.selectFrom('email_codes').select('tries_left').executeTakeFirstOrThrow();
      expect(row.tries_left).toBe(4 - i);
    }
    const locked = await login('reader@example.com', code);
    expect(locked.http).toBe(400);
    expect(locked.body).toEqual({ status: 'too_many_tries', description: '验证码错误次数过多，请重新获取' });
  });

  it('gives a burst of simultaneous guesses five tries in all, not five each', async () => {
    await send('reader@example.com');
    const code = await latestCode(upstream, 'reader@example.com');
    const guesses = Array.from({ length: 40 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => login('reader@example.com', guess)));
    const statuses = answers.map((a) => a.body.status);
    expect(statuses.filter((s) => s === 'invalid_code')).toHaveLength(5);
    expect(statuses.filter((s) => s === 'too_many_tries')).toHaveLength(35);
    // The right code comes too late: the five tries are spent.
    expect((await login('reader@example.com', code)).body.status).toBe('too_many_tries');
  });

  it('still takes the right code after four wrong ones', async () => {
    await send('reader@example.com');
    const code = await latestCode(upstream, 'reader@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await login('reader@example.com', wrong);
    expect((await login('reader@example.com', code)).body.status).toBe('OK');
  });

  it('lets a code live ten minutes', async () => {
    await send('early@example.com');
    const early = await latestCode(upstream, 'early@example.com');
    await send('late@example.com');
    const late = await latestCode(upstream, 'late@example.com');

    upstream.clock.advance(10 * minute - 1000);
    expect((await login('early@example.com', early)).body.status).toBe('OK');

    upstream.clock.advance(1000);
    const expired = await login('late@example.com', late);
    expect(expired.http).toBe(400);
    expect(expired.body.status).toBe('code_expired');
  });

  it('answers code_expired when no code was ever sent', async () => {
    const answer = await login('nobody@example.com', '123456');
    expect(answer.http).toBe(400);
    expect(answer.body.status).toBe('code_expired');
  });

  it('holds back a repeated request within the cooldown, then replaces the code', async () => {
    await send('reader@example.com');
    const firstCode = await latestCode(upstream, 'reader@example.com');

    upstream.clock.advance(59_000);
    const tooSoon = await send('READER@example.com');
    expect(tooSoon.http).toBe(429);
    expect(tooSoon.body).toEqual({ status: '000', description: '操作太频繁，请勿重复请求' });
    expect(tooSoon.headers.get('retry-after')).toBe('1');
    // Another address is not affected.
    expect((await send('other@example.com')).http).toBe(200);

    upstream.clock.advance(1000);
    expect((await send('reader@example.com')).http).toBe(200);
    const { body } = await upstream.request('/__test/outbox?email=reader@example.com');
    expect(body.messages).toHaveLength(2);
    const secondCode = body.messages[0].code;

    // Only the newest code is live.
    if (firstCode !== secondCode) {
      expect((await login('reader@example.com', firstCode)).body.status).toBe('invalid_code');
    }
    expect((await login('reader@example.com', secondCode)).body.status).toBe('OK');
  });

  it('records the referrer on creation only, and only when the account exists', async () => {
    const referrerToken = await logInByEmail(upstream, 'referrer@example.com');
    const referrer = (await upstream.call('get_user_info', {}, bearer(referrerToken))).body.data.account;

    await logInByEmail(upstream, 'invited@example.com', { share_account: referrer });
    await logInByEmail(upstream, 'stranger@example.com', { share_account: '99999999' });
    upstream.clock.advance(minute);
    await logInByEmail(upstream, 'stranger@example.com', { share_account: referrer });

    const rows = await upstream.db.selectFrom('users').select(['email', 'referrer_account']).execute();
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r.referrer_account]));
    expect(byEmail).toEqual({
      'referrer@example.com': null,
      'invited@example.com': referrer,
      'stranger@example.com': null,
    });
  });

  it('filters the outbox by address, newest first', async () => {
    await send('one@example.com');
    upstream.clock.advance(minute);
    await send('two@example.com');
    upstream.clock.advance(minute);
    await send('one@example.com');
    const { body } = await upstream.request('/__test/outbox?email=ONE@example.com');
    expect(body.messages.map((m: { to: string }) => m.to)).toEqual(['one@example.com', 'one@example.com']);
    expect(body.messages[0].created_at > body.messages[1].created_at).toBe(true);
  });
});

describe('login-code limits', () => {
  let upstream: TestUpstream;
  afterEach(() => upstream?.stop());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const send = (email: string, ip = '203.0.113.7') => upstream.call('pre_email_login', { email }, from(ip));
  const outbox = async () => (await upstream.request('/__test/outbox')).body.messages as unknown[];

  it('refuses the 21st code from one client address within ten minutes with 000, then lets it pass', async () => {
    upstream = await startTestUpstream();
    for (let i = 1; i <= 20; i++) expect((await send(`spray${i}@example.com`)).http).toBe(200);
    const refused = await send('spray21@example.com');
    expect(refused.http).toBe(429);
    expect(refused.body).toEqual({ status: '000', description: '操作太频繁，请勿重复请求' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await outbox()).toHaveLength(20);
    // Another client is not affected, and the address may ask again in the next window.
    expect((await send('spray21@example.com', '198.51.100.9')).http).toBe(200);
    upstream.clock.advance(10 * minute);
    expect((await send('spray22@example.com')).http).toBe(200);
  });

  it('counts a+tag@ and a@ as one mailbox, and Gmail dots too', async () => {
    expect(mailboxOf('brute+1@example.com')).toBe('brute@example.com');
    expect(mailboxOf('b.r.u.t.e+x@googlemail.com')).toBe('brute@gmail.com');
    expect(mailboxOf('first.last@example.com')).toBe('first.last@example.com');
    upstream = await startTestUpstream();
    for (let i = 1; i <= 5; i++) expect((await send(`brute+${i}@example.com`, `192.0.2.${i}`)).http).toBe(200);
    const sixth = await send('brute+6@example.com', '192.0.2.6');
    expect(sixth.body.status).toBe('000');
    expect((await send('brute@example.com', '192.0.2.7')).body.status).toBe('000');
    upstream.clock.advance(60 * minute);
    expect((await send('brute+6@example.com', '192.0.2.6')).http).toBe(200);
  });

  it('holds a global limit, and a refused request spends nobody’s budget', async () => {
    upstream = await startTestUpstream({ env: { EMAIL_CODE_LIMIT_GLOBAL: '3', EMAIL_CODE_LIMIT_ADDRESS: '2' } });
    expect((await send('a@example.com', '192.0.2.1')).http).toBe(200);
    expect((await send('b@example.com', '192.0.2.1')).http).toBe(200);
    // Over the address limit: refused, and not counted against the global one.
    for (let i = 0; i < 5; i++) expect((await send(`x${i}@example.com`, '192.0.2.1')).body.status).toBe('000');
    expect((await send('c@example.com', '192.0.2.2')).http).toBe(200);
    expect((await send('d@example.com', '192.0.2.3')).body.status).toBe('000');
    expect(await outbox()).toHaveLength(3);
  });

  it('turns a limit off with 0', async () => {
    upstream = await startTestUpstream({ env: { EMAIL_CODE_LIMIT_ADDRESS: '0' } });
    for (let i = 1; i <= 25; i++) expect((await send(`many${i}@example.com`)).http).toBe(200);
  });

  it('stops a mailbox for the day after 20 wrong codes, right ones included, until Beijing midnight', async () => {
    upstream = await startTestUpstream();
    const login = (code: string) => upstream.call('email_login', { email: 'victim@example.com', code });
    let code = '';
    for (let round = 0; round < 4; round++) {
      await send('victim@example.com');
      code = await latestCode(upstream, 'victim@example.com');
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) expect((await login(wrong)).body.status).toBe('invalid_code');
      upstream.clock.advance(minute);
    }
    await send('victim+again@example.com');
    const fresh = await latestCode(upstream, 'victim+again@example.com');
    const capped = await upstream.call('email_login', { email: 'victim+again@example.com', code: fresh });
    expect(capped.http).toBe(429);
    expect(capped.body).toEqual({ status: 'too_many_tries', description: '今日验证码错误次数过多，请明天再试或使用微信登录' });
    // The test clock stands at 10:04 in Shanghai: the day ends in under 14 hours.
    const wait = Number(capped.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(13 * 3600);
    expect(wait).toBeLessThanOrEqual(14 * 3600);

    upstream.clock.advance(wait * 1000);
    await send('victim@example.com');
    expect((await login(await latestCode(upstream, 'victim@example.com'))).body.status).toBe('OK');
  });
});
