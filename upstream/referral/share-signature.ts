import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { createWechatApi } from '../account/wechat-api';
import type { Db } from '../db/database';
import type { UpstreamConfig } from '../platform/config';
import { badRequest, UpstreamError } from '../platform/http';
import { stamp, type Clock } from '../platform/time';

/*
 * The WeChat JS-SDK's signature of a page (wx.config), so that a page shared inside WeChat carries
 * its title, picture and the sharer's link. With the official account configured: the account's
 * access token, then its jsapi_ticket (kept in the database until shortly before it expires, since
 * WeChat limits how often either may be fetched), then SHA-1 over
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`. Without it (outside production) the same
 * signature over a sandbox ticket, so the page's share setup runs the same way.
 */

const tokenReply = z.object({ access_token: z.string(), expires_in: z.number() });
const ticketReply = z.object({ ticket: z.string(), expires_in: z.number() });
const sandboxTicket = 'sandbox-jsapi-ticket';
const sandboxAppId = 'wx-sandbox';
/** A ticket is renewed this long before WeChat's expiry, so that no page is signed with a dying one. */
const renewBeforeSeconds = 300;

export interface ShareSignature {
  appId: string;
  timestamp: string;
  nonceStr: string;
  signature: string;
}

export const jsapiSignature = (ticket: string, nonceStr: string, timestamp: string, url: string) =>
  createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex');

export function createShareSigner({
  config,
  db,
  now,
}: {
  config: Pick<UpstreamConfig, 'envType' | 'wechat'>;
  db: Db;
  now: Clock;
}) {
  const app = config.wechat.insideWechat;
  const askWechat = createWechatApi(config.wechat.apiBase, '微信分享签名失败');

  async function ticket(): Promise<string> {
    if (!app) {
      if (config.envType === 'production') throw new UpstreamError(503, '503', '微信分享尚未配置');
      return sandboxTicket;
    }
    const name = `jsapi:${app.appId}`;
    const cached = await db
      .selectFrom('wechat_tickets')
      .select('value')
      .where('name', '=', name)
      .where('expires_at', '>', stamp(now()))
      .executeTakeFirst();
    if (cached) return cached.value;
    const token = await askWechat(
      '/cgi-bin/token',
      { grant_type: 'client_credential', appid: app.appId, secret: app.appSecret },
      tokenReply,
    );
    const fresh = await askWechat('/cgi-bin/ticket/getticket', { access_token: token.access_token, type: 'jsapi' }, ticketReply);
    const expiresAt = stamp(now(), Math.max(60, fresh.expires_in - renewBeforeSeconds) * 1000);
    await db
      .insertInto('wechat_tickets')
      .values({ name, value: fresh.ticket, expires_at: expiresAt })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: fresh.ticket, expires_at: expiresAt }))
      .execute();
    return fresh.ticket;
  }

  /** The page's URL as WeChat signs it: absolute, http(s), without its #fragment, on this site. */
  function pageUrl(raw: string): string {
    const text = /^https?%3A/i.test(raw) ? decodeURIComponent(raw) : raw;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw badRequest('url 不是有效的网址');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('url 不是有效的网址');
    if (config.wechat.callbackOrigin && url.origin !== config.wechat.callbackOrigin) throw badRequest('只能为本站的页面签名');
    return text.split('#')[0];
  }

  return {
    async sign(rawUrl: string): Promise<ShareSignature> {
      const url = pageUrl(rawUrl);
      const timestamp = String(Math.floor(now().getTime() / 1000));
      const nonceStr = randomBytes(8).toString('hex');
      return {
        appId: app?.appId ?? sandboxAppId,
        timestamp,
        nonceStr,
        signature: jsapiSignature(await ticket(), nonceStr, timestamp, url),
      };
    },
  };
}

export type ShareSigner = ReturnType<typeof createShareSigner>;
