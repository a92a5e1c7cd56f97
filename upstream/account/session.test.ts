import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../platform/crypto';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';

const day = 86_400_000;
const needLogin = { status: '401', description: '请先登录' };

describe('session: user info and logout', () => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream();
  });
  afterAll(() => upstream.stop());

  let emails = 0;
  const newUser = () => logInByEmail(upstream, `user${++emails}@example.com`);
  const userInfo = (headers: Record<string, string> = {}) => upstream.call('get_user_info', {}, headers);

  it('answers nobody, without an error status, when there is no bearer', async () => {
    const answer = await userInfo();
    expect(answer.http).toBe(200);
    expect(answer.body).toEqual({ status: 'OK', description: '未登录' });
  });

  it('refuses user info with an unknown bearer', async () => {
    const answer = await userInfo(bearer('x'.repeat(43)));
    expect(answer.http).toBe(401);
    expect(answer.body).toEqual(needLogin);
  });

  it('answers the user info for a valid bearer', async () => {
    const token = await newUser();
    const answer = await userInfo(bearer(token));
    expect(answer.http).toBe(200);
    expect(answer.body.status).toBe('OK');
    expect(answer.body.data).toEqual({
      nickname: `user${emails}`,
      headimgurl: '',
      api_token: expect.stringMatching(/^yj_[\w-]{32}$/),
      user_balance_api: 0,
      account: expect.stringMatching(/^[1-9]\d{7}$/),
      vip_info: { is_vip_now: false, expire_time: null },
    });
    // The API key is generated once: a second look answers the same one.
    expect((await userInfo(bearer(token))).body.data.api_token).toBe(answer.body.data.api_token);
  });

  it('stores tokens only as their sha256', async () => {
    const token = await newUser();
    const rows = await upstream.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('takes an Authorization without the Bearer scheme (the embedded app sends the session value as is)', async () => {
    const token = await newUser();
    expect((await userInfo({ authorization: token })).body.status).toBe('OK');
  });

  it('shows VIP status while the membership runs', async () => {
    const token = await newUser();
    const { account } = (await userInfo(bearer(token))).body.data;
    const expires = new Date(upstream.clock.now().getTime() + 10 * day).toISOString();
    await upstream.db.updateTable('users').set({ vip_expires_at: expires }).where('account', '=', account).execute();
    expect((await userInfo(bearer(token))).body.data.vip_info).toEqual({ is_vip_now: true, expire_time: expires });

    upstream.clock.advance(10 * day);
    expect((await userInfo(bearer(token))).body.data.vip_info.is_vip_now).toBe(false);
  });

  it('logs out: the token stops working, other sessions stay', async () => {
    const token = await newUser();
    const other = await newUser();
    const answer = await upstream.call('logout', {}, bearer(token));
    expect(answer.http).toBe(200);
    expect(answer.body).toEqual({ status: 'OK' });
    expect((await userInfo(bearer(token))).http).toBe(401);
    expect((await userInfo(bearer(other))).http).toBe(200);
  });

  it('answers OK to a logout without a session', async () => {
    expect((await upstream.call('logout')).body).toEqual({ status: 'OK' });
    expect((await upstream.call('logout', {}, bearer('unknown'))).body).toEqual({ status: 'OK' });
  });

  it('ends a session after 30 days', async () => {
    const token = await newUser();
    upstream.clock.advance(30 * day - 1000);
    expect((await userInfo(bearer(token))).http).toBe(200);
    upstream.clock.advance(1000);
    expect((await userInfo(bearer(token))).http).toBe(401);
  });
});
