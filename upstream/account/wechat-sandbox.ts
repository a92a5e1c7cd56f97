import { randomInt } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { UpstreamConfig } from '../platform/config';
import { withoutNul } from '../platform/http';
import { escapeHtml, sandboxPage } from '../platform/sandbox-page';
import type { WechatLogin } from './wechat-login';

/*
 * The sandbox stand-in for open.weixin.qq.com's authorise page, mounted in the test environment
 * only. It plays WeChat's part of OAuth: the person agrees, and the browser goes back to
 * redirect_uri with a one-time code and the caller's state.
 */

const maxNickname = 32;
const maxState = 1024;

const scopeLabels: Record<string, string> = {
  snsapi_login: '网站应用扫码登录',
  snsapi_userinfo: '获取你的昵称与头像',
  snsapi_base: '静默授权',
};

const badRedirect = 'redirect_uri 参数错误：只能回到本站的 /Login。';

export function wechatSandboxRoutes({
  config,
  wechatLogin,
}: {
  config: Pick<UpstreamConfig, 'wechat'>;
  wechatLogin: Pick<WechatLogin, 'issueSandboxCode'>;
}): Hono {
  // As WeChat checks redirect_uri against the app's registered callback domain: back to the
  // site's /Login only, so that the page never hands a code (or a visitor) to anyone else.
  const callbackUrl = (value: string | undefined) => {
    const url = httpUrl(value);
    if (url?.pathname !== '/Login' || url.username || url.password) return undefined;
    const origin = config.wechat.callbackOrigin;
    return origin && url.origin !== origin ? undefined : url;
  };
  return new Hono()
    .get('/authorize', (c) => {
      const q = c.req.query();
      const redirectUri = callbackUrl(q.redirect_uri);
      if (!redirectUri) return problemPage(c, badRedirect);
      if (q.response_type !== undefined && q.response_type !== 'code') {
        return problemPage(c, 'response_type 只能是 code。');
      }
      return page(
        c,
        200,
        authorizeBody({
          appid: q.appid ?? '',
          scope: q.scope ?? '',
          redirectUri: redirectUri.href,
          state: (q.state ?? '').slice(0, maxState),
          nickname: `微信用户${randomInt(1000, 10_000)}`,
        }),
      );
    })
    .post('/authorize', async (c) => {
      const form = await c.req.parseBody().catch(() => null);
      if (!form) return problemPage(c, '表单格式不正确。');
      const field = (name: string) => (typeof form[name] === 'string' ? (withoutNul(form[name]) as string) : '');
      const nickname = field('nickname').trim();
      const redirectUri = callbackUrl(field('redirect_uri'));
      const state = field('state');
      if (!redirectUri) return problemPage(c, badRedirect);
      if (!nickname || [...nickname].length > maxNickname) {
        return problemPage(c, `昵称不能为空，且不超过 ${maxNickname} 个字。`);
      }
      if (state.length > maxState) return problemPage(c, 'state 过长。');
      redirectUri.searchParams.set('code', await wechatLogin.issueSandboxCode(nickname));
      redirectUri.searchParams.set('state', state);
      return c.redirect(redirectUri.href, 302);
    });
}

function httpUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

interface AuthorizeView {
  appid: string;
  scope: string;
  redirectUri: string;
  state: string;
  nickname: string;
}

function authorizeBody(v: AuthorizeView): string {
  const scope = scopeLabels[v.scope] ?? v.scope;
  return `
    <h1>微信登录（测试沙箱）</h1>
    <p class="lead">应用 <code>${escapeHtml(v.appid || '未提供 appid')}</code> 请求使用你的微信身份登录${
      scope ? `（${escapeHtml(scope)}）` : ''
    }。</p>
    <form method="post">
      <label for="nickname">昵称</label>
      <input id="nickname" name="nickname" value="${escapeHtml(v.nickname)}" maxlength="${maxNickname}"
        required autofocus data-testid="wechat-sandbox-nickname">
      <input type="hidden" name="redirect_uri" value="${escapeHtml(v.redirectUri)}">
      <input type="hidden" name="state" value="${escapeHtml(v.state)}">
      <button type="submit" data-testid="wechat-sandbox-agree">同意并登录</button>
    </form>
    <p class="note">此页面是微信登录的测试沙箱，仅在测试环境中存在，不会连接微信。
      使用相同的昵称将登录为同一个用户。</p>`;
}

function problemPage(c: Context, message: string): Response {
  return page(c, 400, `<h1>微信登录（测试沙箱）</h1><p class="error">请求无效：${escapeHtml(message)}</p>`);
}

function page(c: Context, status: 200 | 400, body: string): Response {
  return sandboxPage(c, status, '微信登录（测试沙箱）', body);
}
