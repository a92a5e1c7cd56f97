import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { minutes } from '../platform/time';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';

const refused = { status: 'invalid_credentials', description: '账号或密码错误' };
const tooFrequent = { status: '000', description: '操作太频繁，请勿重复请求' };

let upstream: TestUpstream;
afterEach(() => upstream.stop());

const from = (address: string) => ({ 'x-forwarded-for': address });

async function accountOf(token: string): Promise<string> {
  return (await upstream.call('get_user_info', {}, bearer(token))).body.data.account;
}

async function methodsOf(token: string) {
  return (await upstream.call('get_login_methods', {}, bearer(token))).body.data;
}

/** A WeChat OAuth code from the sandbox authorise page, for the sandbox person `nickname`. */
async function wechatCode(nickname: string): Promise<string> {
  const answer = await upstream.request('/sandbox/wechat/authorize', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      nickname,
      redirect_uri: 'http://localhost:3000/Login?client_type=pc',
      state: 'bind1',
    }).toString(),
  });
  const code = new URL(answer.headers.get('location') ?? 'invalid:').searchParams.get('code');
  if (!code) throw new Error(`no sandbox code: ${answer.http}`);
  return code;
}

/** Logs the sandbox WeChat person `nickname` in; answers the token. */
async function logInByWechat(nickname: string): Promise<string> {
  const login = await upstream.call('get_wechat_access_token', { code: await wechatCode(nickname), client_type: 'pc' });
  expect(login.body.status).toBe('OK');
  return login.body.data.token;
}

/** A user with an e-mail and a password; answers the token and the account number. */
async function passwordUser(email: string, password: string) {
  const token = await logInByEmail(upstream, email);
  expect((await upstream.call('set_password', { password }, bearer(token))).body).toEqual({
    status: 'OK',
    description: '密码已设置',
  });
  return { token, account: await accountOf(token) };
}

const passwordLogin = (account: string, password: string, address = '10.0.0.1') =>
  upstream.call('password_login', { account, password }, from(address));

/** Pays (or fails) a sandbox order of the user, as the sandbox pay page would. */
async function order(token: string, outcome: 'pay' | 'fail' | 'leave') {
  const made = await upstream.call('get_pay_qr_code', { money: 2800, type: 'month' }, bearer(token));
  expect(made.body.status).toBe('OK');
  const id = made.body.data.order_id as string;
  if (outcome === 'leave') return;
  await upstream.request(`/sandbox/wechatpay/pay/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${outcome}`,
  });
  const status = (await upstream.call('get_pay_status', { order_id: id }, bearer(token))).body.data.pay_status;
  expect(status).toBe(outcome === 'pay' ? 'SUCCESS' : 'FAIL');
}

describe('password login', () => {
  beforeEach(async () => {
    upstream = await startTestUpstream();
  });

  it('logs in by account number or by e-mail (trimmed, any case) with the right password', async () => {
    const { account } = await passwordUser('reader@example.com', 'correct horse');
    for (const name of [account, ` ${account} `, 'reader@example.com', '  READER@example.COM ']) {
      const login = await passwordLogin(name, 'correct horse');
      expect(login.body.status, name).toBe('OK');
      expect(login.body.data).toMatchObject({ nickname: 'reader', headimgurl: '' });
      expect(await accountOf(login.body.data.token)).toBe(account);
    }
  });

  it('answers a wrong password, an unknown account and an account without a password alike', async () => {
    const { account } = await passwordUser('known@example.com', 'correct horse');
    await logInByEmail(upstream, 'nopassword@example.com');
    const answers = [
      await passwordLogin(account, 'wrong horse'),
      await passwordLogin('known@example.com', 'Correct horse'),
      await passwordLogin('nobody@example.com', 'correct horse'),
      await passwordLogin(account === '12345678' ? '87654321' : '12345678', 'correct horse'),
      await passwordLogin('nopassword@example.com', 'correct horse'),
      await passwordLogin('not an account', 'correct horse'),
    ];
    for (const answer of answers) {
      expect(answer.http).toBe(400);
      expect(answer.body).toEqual(refused);
    }
  });

  it('refuses an account after 5 failures in 15 minutes, by either name and from any address; a success does not count', async () => {
    const { account } = await passwordUser('target@example.com', 'correct horse');
    for (let i = 0; i < 4; i++) {
      const name = i % 2 ? account : 'target@example.com';
      expect((await passwordLogin(name, `guess ${i}`, `10.0.1.${i}`)).body).toEqual(refused);
    }
    // Successes in between spend nothing: the fifth failure is still answered as a failure.
    for (let i = 0; i < 3; i++) expect((await passwordLogin(account, 'correct horse', '10.0.2.1')).body.status).toBe('OK');
    expect((await passwordLogin(account, 'guess 5', '10.0.1.9')).body).toEqual(refused);

    // Now even the right password waits, from anywhere.
    const blocked = await passwordLogin('target@example.com', 'correct horse', '10.0.3.1');
    expect(blocked.http).toBe(429);
    expect(blocked.body).toEqual(tooFrequent);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other accounts are not held up.
    await passwordUser('bystander@example.com', 'another secret');
    expect((await passwordLogin('bystander@example.com', 'another secret', '10.0.1.1')).body.status).toBe('OK');

    upstream.clock.advance(minutes(15));
    expect((await passwordLogin(account, 'correct horse', '10.0.3.1')).body.status).toBe('OK');
  });

  it('limits the failures of one address across accounts, unknown ones included', async () => {
    await upstream.stop();
    upstream = await startTestUpstream({ env: { PASSWORD_LIMIT_ADDRESS: '6', PASSWORD_LIMIT_ACCOUNT: '100' } });
    await passwordUser('mine@example.com', 'my own secret');
    for (let i = 0; i < 6; i++) {
      expect((await passwordLogin(`someone${i}@example.com`, 'password1', '10.9.9.9')).body).toEqual(refused);
    }
    expect((await passwordLogin('someone9@example.com', 'password1', '10.9.9.9')).body).toEqual(tooFrequent);
    expect((await passwordLogin('mine@example.com', 'my own secret', '10.9.9.9')).body).toEqual(tooFrequent);
    // Another address is not held up.
    expect((await passwordLogin('mine@example.com', 'my own secret', '10.9.9.10')).body.status).toBe('OK');
  });
});

describe('setting and changing the password', () => {
  beforeEach(async () => {
    upstream = await startTestUpstream();
  });

  it('holds a new password to 8–128 characters, not all spaces', async () => {
    const token = await logInByEmail(upstream, 'rules@example.com');
    for (const password of ['short', '        ', ' \t \n    ', 'x'.repeat(129)]) {
      const answer = await upstream.call('set_password', { password }, bearer(token));
      expect(answer.http, JSON.stringify(password)).toBe(400);
      expect(answer.body.status).toBe('400');
    }
    expect((await methodsOf(token)).has_password).toBe(false);
    expect((await upstream.call('set_password', { password: '12345678' })).http).toBe(401);
    expect((await upstream.call('set_password', { password: '   8 chars ' }, bearer(token))).body.status).toBe('OK');
    expect((await passwordLogin('rules@example.com', '   8 chars ')).body.status).toBe('OK');
  });

  it('tells /Profil how the user logs in', async () => {
    const token = await logInByEmail(upstream, 'methods@example.com');
    expect(await methodsOf(token)).toEqual({
      email: 'methods@example.com',
      phone: null,
      wechat_bound: false,
      has_password: false,
      password_set_at: null,
      can_bind_account: false,
    });
    await upstream.call('set_password', { password: 'a fine secret' }, bearer(token));
    expect(await methodsOf(token)).toMatchObject({ has_password: true, password_set_at: upstream.clock.now().toISOString() });
    const wechat = await logInByWechat('微信读者');
    expect(await methodsOf(wechat)).toEqual({
      email: null,
      phone: null,
      wechat_bound: true,
      has_password: false,
      password_set_at: null,
      can_bind_account: true,
    });
    expect((await upstream.call('get_login_methods')).http).toBe(401);
  });

  it('changes the password only with the old one, and then ends the other sessions', async () => {
    const { token } = await passwordUser('change@example.com', 'first secret');
    const elsewhere = (await passwordLogin('change@example.com', 'first secret')).body.data.token;

    const missing = await upstream.call('set_password', { password: 'second secret' }, bearer(token));
    expect(missing.body).toEqual({ status: 'old_password_required', description: '请输入原密码' });
    const wrong = await upstream.call('set_password', { password: 'second secret', old_password: 'not it' }, bearer(token));
    expect(wrong.http).toBe(400);
    expect(wrong.body).toEqual({ status: 'wrong_password', description: '原密码错误' });
    expect((await passwordLogin('change@example.com', 'first secret')).body.status).toBe('OK');

    const changed = await upstream.call(
      'set_password',
      { password: 'second secret', old_password: 'first secret' },
      bearer(token),
    );
    expect(changed.body.status).toBe('OK');
    expect((await passwordLogin('change@example.com', 'first secret')).body).toEqual(refused);
    expect((await passwordLogin('change@example.com', 'second secret')).body.status).toBe('OK');
    // The session that changed it goes on; the one elsewhere has ended.
    expect((await upstream.call('get_user_info', {}, bearer(token))).http).toBe(200);
    expect((await upstream.call('get_user_info', {}, bearer(elsewhere))).http).toBe(401);
  });

  it('keeps the other sessions when a first password is set', async () => {
    const token = await logInByEmail(upstream, 'first@example.com');
    const other = await logInByEmail(upstream, 'first@example.com');
    await upstream.call('set_password', { password: 'my first one' }, bearer(token));
    expect((await upstream.call('get_user_info', {}, bearer(other))).http).toBe(200);
  });

  it('limits wrong old passwords per account', async () => {
    const { token } = await passwordUser('guarded@example.com', 'the real one');
    for (let i = 0; i < 5; i++) {
      const answer = await upstream.call('set_password', { password: 'new secret', old_password: `guess ${i}` }, bearer(token));
      expect(answer.body.status).toBe('wrong_password');
    }
    const blocked = await upstream.call('set_password', { password: 'new secret', old_password: 'the real one' }, bearer(token));
    expect(blocked.body).toEqual(tooFrequent);
    // The same budget as the login's: guessing here or there is guessing the one password.
    expect((await passwordLogin('guarded@example.com', 'the real one')).body).toEqual(tooFrequent);
  });
});

describe('bind_account: a WeChat-only user joins an existing account', () => {
  beforeEach(async () => {
    upstream = await startTestUpstream();
  });

  it('moves the WeChat identity to the account and logs in as it; the old sessions end', async () => {
    const { account } = await passwordUser('owner@example.com', 'owner secret');
    const wechat = await logInByWechat('扫码同学');
    const wechatAccount = await accountOf(wechat);

    const bound = await upstream.call('bind_account', { account: 'owner@example.com', password: 'owner secret' }, bearer(wechat));
    expect(bound.body.status).toBe('OK');
    // The account's placeholder name (from its e-mail) gives way to the WeChat one.
    expect(bound.body.data).toMatchObject({ nickname: '扫码同学' });
    const token = bound.body.data.token as string;
    expect(await accountOf(token)).toBe(account);
    expect(await methodsOf(token)).toMatchObject({ email: 'owner@example.com', wechat_bound: true, has_password: true });
    expect((await upstream.call('get_user_info', {}, bearer(wechat))).http).toBe(401);

    // WeChat now logs in to the account; the old row is still there, without WeChat.
    expect(await accountOf(await logInByWechat('扫码同学'))).toBe(account);
    const old = await upstream.db.selectFrom('users').selectAll().where('account', '=', wechatAccount).executeTakeFirstOrThrow();
    expect(old).toMatchObject({ wechat_openid: null, wechat_unionid: null });
  });

  it('keeps a name and picture of the account’s own', async () => {
    const { account } = await passwordUser('named@example.com', 'named secret');
    await upstream.db
      .updateTable('users')
      .set({ nickname: '我的名字', headimgurl: 'https://img.example/me.png' })
      .where('account', '=', account)
      .execute();
    const wechat = await logInByWechat('微信名');
    const bound = await upstream.call('bind_account', { account, password: 'named secret' }, bearer(wechat));
    expect(bound.body.data).toMatchObject({ nickname: '我的名字', headimgurl: 'https://img.example/me.png' });
  });

  it('refuses a wrong password as a login does, and counts it', async () => {
    await passwordUser('locked@example.com', 'locked secret');
    const wechat = await logInByWechat('猜密码');
    for (let i = 0; i < 5; i++) {
      const answer = await upstream.call(
        'bind_account',
        { account: 'locked@example.com', password: `guess ${i}` },
        bearer(wechat),
      );
      expect(answer.body).toEqual(refused);
    }
    const blocked = await upstream.call(
      'bind_account',
      { account: 'locked@example.com', password: 'locked secret' },
      bearer(wechat),
    );
    expect(blocked.body).toEqual(tooFrequent);
    expect((await methodsOf(wechat)).wechat_bound).toBe(true);
  });

  it('refuses an account that already has WeChat, and a user who is not WeChat-only', async () => {
    const { account } = await passwordUser('taken@example.com', 'taken secret');
    const first = await logInByWechat('第一个');
    expect((await upstream.call('bind_account', { account, password: 'taken secret' }, bearer(first))).body.status).toBe('OK');
    const second = await logInByWechat('第二个');
    const again = await upstream.call('bind_account', { account, password: 'taken secret' }, bearer(second));
    expect(again.http).toBe(409);
    expect(again.body).toEqual({ status: 'wechat_taken', description: '该账号已绑定其他微信，无法再绑定' });
    expect((await methodsOf(second)).wechat_bound).toBe(true);

    const emailUser = await logInByEmail(upstream, 'plain@example.com');
    const notWechat = await upstream.call('bind_account', { account, password: 'taken secret' }, bearer(emailUser));
    expect(notWechat.body.status).toBe('cannot_bind');
    expect((await upstream.call('bind_account', { account, password: 'taken secret' })).http).toBe(401);
  });

  it('never merges money: refuses a WeChat user with a payment, VIP time or an order that may yet be paid', async () => {
    await passwordUser('bank@example.com', 'bank secret');
    const bind = (token: string) =>
      upstream.call('bind_account', { account: 'bank@example.com', password: 'bank secret' }, bearer(token));
    const expectRefused = async (token: string) => {
      const answer = await bind(token);
      expect(answer.http).toBe(409);
      expect(answer.body.status).toBe('has_membership');
      expect(answer.body.description).toContain('不能合并');
      expect((await upstream.call('get_user_info', {}, bearer(token))).http).toBe(200);
      expect((await methodsOf(token)).wechat_bound).toBe(true);
    };

    const paid = await logInByWechat('付费用户');
    await order(paid, 'pay');
    await expectRefused(paid);
    // Still refused once the membership has run out: the payment is on record.
    upstream.clock.advance(minutes(60 * 24 * 40));
    await expectRefused(await logInByWechat('付费用户'));

    const pending = await logInByWechat('待支付');
    await order(pending, 'leave');
    await expectRefused(pending);

    const failed = await logInByWechat('支付失败');
    await order(failed, 'fail');
    expect((await bind(failed)).body.status).toBe('OK');
  });
});

describe('bind_wechat: a logged-in user attaches WeChat', () => {
  beforeEach(async () => {
    upstream = await startTestUpstream();
  });

  const bindWechat = async (token: string, nickname: string) =>
    upstream.call('bind_wechat', { code: await wechatCode(nickname), client_type: 'pc' }, bearer(token));

  it('attaches a WeChat identity nobody has, and WeChat then logs in to the account', async () => {
    const token = await logInByEmail(upstream, 'attach@example.com');
    const account = await accountOf(token);
    const bound = await bindWechat(token, '新微信');
    expect(bound.body).toEqual({ status: 'OK', description: '微信已绑定' });
    expect(await methodsOf(token)).toMatchObject({ wechat_bound: true, email: 'attach@example.com' });
    expect((await upstream.call('get_user_info', {}, bearer(token))).body.data.nickname).toBe('新微信');
    expect(await accountOf(await logInByWechat('新微信'))).toBe(account);
    // The same WeChat again changes nothing.
    expect((await bindWechat(token, '新微信')).body.status).toBe('OK');
  });

  it('moves a bare WeChat-only account’s identity over and ends that account’s sessions', async () => {
    const wechat = await logInByWechat('老微信');
    const token = await logInByEmail(upstream, 'receiver@example.com');
    const account = await accountOf(token);
    expect((await bindWechat(token, '老微信')).body.status).toBe('OK');
    expect((await upstream.call('get_user_info', {}, bearer(wechat))).http).toBe(401);
    expect(await accountOf(await logInByWechat('老微信'))).toBe(account);
  });

  it('refuses a WeChat identity whose account has a password, a payment or an e-mail', async () => {
    const token = await logInByEmail(upstream, 'wants@example.com');

    const withPassword = await logInByWechat('有密码');
    await upstream.call('set_password', { password: 'its own secret' }, bearer(withPassword));
    const paid = await logInByWechat('有会员');
    await order(paid, 'pay');
    const withEmail = await logInByEmail(upstream, 'both@example.com');
    expect((await bindWechat(withEmail, '有邮箱')).body.status).toBe('OK');

    for (const [nickname, owner] of [
      ['有密码', withPassword],
      ['有会员', paid],
      ['有邮箱', withEmail],
    ] as const) {
      const answer = await bindWechat(token, nickname);
      expect(answer.http, nickname).toBe(409);
      expect(answer.body.status, nickname).toBe('wechat_taken');
      expect((await upstream.call('get_user_info', {}, bearer(owner))).http, nickname).toBe(200);
      expect((await methodsOf(owner)).wechat_bound, nickname).toBe(true);
    }
    expect((await methodsOf(token)).wechat_bound).toBe(false);
  });

  it('refuses a second WeChat for an account that has one, and a bad code', async () => {
    const token = await logInByEmail(upstream, 'one@example.com');
    expect((await bindWechat(token, '第一')).body.status).toBe('OK');
    const second = await bindWechat(token, '第二');
    expect(second.body).toEqual({ status: 'already_bound', description: '当前账号已绑定其他微信' });
    expect((await upstream.call('bind_wechat', { code: 'forged', client_type: 'pc' }, bearer(token))).body.status).toBe(
      'invalid_code',
    );
    expect((await upstream.call('bind_wechat', { code: 'forged', client_type: 'pc' })).http).toBe(401);
  });
});
