import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';
import { jsapiSignature } from './share-signature';

let upstream: TestUpstream | undefined;
let wechat: { url: string; asked: URL[]; close(): Promise<void> } | undefined;
afterEach(async () => {
  await upstream?.stop();
  await wechat?.close();
  upstream = undefined;
  wechat = undefined;
});

/** WeChat's server API for an official account: an access token, then a jsapi_ticket. */
function fakeWechat(): Promise<{ url: string; asked: URL[]; close(): Promise<void> }> {
  const asked: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    asked.push(url);
    const q = url.searchParams;
    let reply: object = { errcode: 40001, errmsg: 'unknown path' };
    if (url.pathname === '/cgi-bin/token') {
      reply =
        q.get('appid') === 'wx-mp' && q.get('secret') === 'mp-secret' && q.get('grant_type') === 'client_credential'
          ? { access_token: 'AT-1', expires_in: 7200 }
          : { errcode: 40125, errmsg: 'invalid appsecret' };
    } else if (url.pathname === '/cgi-bin/ticket/getticket') {
      reply =
        q.get('access_token') === 'AT-1' && q.get('type') === 'jsapi'
          ? { errcode: 0, errmsg: 'ok', ticket: 'TICKET-1', expires_in: 7200 }
          : { errcode: 40014, errmsg: 'invalid access_token' };
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, asked, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

describe('referral', () => {
  it('counts the users a share link brought, what they paid, and the sharer’s reward', async () => {
    upstream = await startTestUpstream({ env: { REFERRAL_REWARD_PERCENT: '15' } });
    const sharer = await logInByEmail(upstream, 'sharer@example.com');
    const { account } = (await upstream.call('get_user_info', {}, bearer(sharer))).body.data;
    expect((await upstream.call('get_share_num', {}, bearer(sharer))).body.data).toEqual({ share_num: 0 });

    const friend = await logInByEmail(upstream, 'friend@example.com', { share_account: account });
    await logInByEmail(upstream, 'stranger@example.com');
    expect((await upstream.call('get_share_num', {}, bearer(sharer))).body.data).toEqual({ share_num: 1 });

    // The friend buys a year in the sandbox; an order left unpaid (the month they switched away
    // from, closed by the new order) counts for nothing.
    await upstream.call('get_pay_qr_code', { money: 2800, type: 'month' }, bearer(friend));
    const { order_id } = (await upstream.call('get_pay_qr_code', { money: 19_800, type: 'year' }, bearer(friend))).body.data;
    await upstream.request(`/sandbox/wechatpay/pay/${order_id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    expect((await upstream.call('get_share_pay_amount', {}, bearer(sharer))).body.data).toEqual({
      pay_amount: 19_800,
      reward: 2970,
      reward_percent: 15,
    });
    expect((await upstream.call('get_share_num', {})).body.status).toBe('401');
  });

  it('signs a page for the JS-SDK with the official account’s ticket, fetched once', async () => {
    wechat = await fakeWechat();
    upstream = await startTestUpstream({
      env: {
        WECHAT_MP_APP_ID: 'wx-mp',
        WECHAT_MP_APP_SECRET: 'mp-secret',
        WECHAT_API_BASE: wechat.url,
        SITE_URL: 'https://yujing.example.com',
      },
    });
    const page = 'https://yujing.example.com/ContextualDict?share_account=12345678';
    const first = (await upstream.call('get_share_parameters', { url: encodeURIComponent(`${page}#top`) })).body.data;
    expect(first.appId).toBe('wx-mp');
    expect(first.signature).toBe(jsapiSignature('TICKET-1', first.nonceStr, first.timestamp, page));
    await upstream.call('get_share_parameters', { url: page });
    expect(wechat.asked.filter((u) => u.pathname === '/cgi-bin/ticket/getticket')).toHaveLength(1);
    // Another site's page is not signed.
    expect((await upstream.call('get_share_parameters', { url: 'https://evil.example.com/' })).body.status).toBe('400');
  });

  it('signs with a sandbox ticket when no official account is configured', async () => {
    upstream = await startTestUpstream();
    const page = 'http://localhost:3000/';
    const answer = (await upstream.call('get_share_parameters', { url: page })).body.data;
    expect(answer.appId).toBe('wx-sandbox');
    expect(answer.signature).toBe(jsapiSignature('sandbox-jsapi-ticket', answer.nonceStr, answer.timestamp, page));
  });
});
