import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { UpstreamConfig, WechatApp } from '../platform/config';
import { sha256 } from '../platform/crypto';
import type { Db } from '../db/database';
import { UpstreamError } from '../platform/http';
import { minutes, stamp, type Clock } from '../platform/time';
import type { WechatProfile } from './users';
import { createWechatApi } from './wechat-api';

export type WechatClientType = 'pc' | 'inside_wechat';

const sandboxCodeLifetime = minutes(5);

const invalidSandboxCode = () => new UpstreamError(400, 'invalid_code', '登录码无效或已过期');

const accessTokenReply = z.object({ access_token: z.string(), openid: z.string(), unionid: z.string().optional() });
const userInfoReply = z.object({
  openid: z.string(),
  nickname: z.string().optional(),
  headimgurl: z.string().optional(),
  unionid: z.string().optional(),
});

interface WechatLoginDeps {
  config: Pick<UpstreamConfig, 'envType' | 'wechat'>;
  db: Db;
  now: Clock;
}

/** Same nickname, same sandbox person: lets a tester come back as the user they were. */
export const sandboxOpenid = (nickname: string) => `sandbox_${sha256(`wechat-sandbox:${nickname}`).slice(0, 24)}`;

/**
 * The WeChat OAuth code exchange. With the app credentials of the client type configured it asks
 * WeChat; without them it is the sandbox, whose codes come from the local authorise page.
 */
export function createWechatLogin({ config, db, now }: WechatLoginDeps) {
  const askWechat = createWechatApi(config.wechat.apiBase, '微信登录失败');

  async function profileFromWechat(app: WechatApp, code: string): Promise<WechatProfile> {
    const grant = await askWechat(
      '/sns/oauth2/access_token',
      { appid: app.appId, secret: app.appSecret, code, grant_type: 'authorization_code' },
      accessTokenReply,
    );
    const info = await askWechat(
      '/sns/userinfo',
      { access_token: grant.access_token, openid: grant.openid, lang: 'zh_CN' },
      userInfoReply,
    );
    return {
      openid: grant.openid,
      unionid: info.unionid ?? grant.unionid,
      nickname: info.nickname || '微信用户',
      headimgurl: info.headimgurl ?? '',
    };
  }

  async function profileFromSandbox(code: string): Promise<WechatProfile> {
    if (config.envType === 'production') throw new UpstreamError(403, '403', '生产环境不可使用微信登录沙箱');
    const claimed = await db
      .updateTable('wechat_sandbox_codes')
      .set({ used: 1 })
      .where('code', '=', code)
      .where('used', '=', 0)
      .where('expires_at', '>', stamp(now()))
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) throw invalidSandboxCode();
    const row = await db.selectFrom('wechat_sandbox_codes').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    return { openid: row.openid, nickname: row.nickname, headimgurl: '' };
  }

  return {
    exchangeCode(code: string, clientType: WechatClientType): Promise<WechatProfile> {
      const app = clientType === 'pc' ? config.wechat.pc : config.wechat.insideWechat;
      return app ? profileFromWechat(app, code) : profileFromSandbox(code);
    },

    /** A one-time code, as WeChat would hand to the redirect_uri after the user agrees. */
    async issueSandboxCode(nickname: string): Promise<string> {
      const at = now();
      const code = randomBytes(16).toString('base64url');
      await db.deleteFrom('wechat_sandbox_codes').where('expires_at', '<=', stamp(at)).execute();
      await db
        .insertInto('wechat_sandbox_codes')
        .values({ code, nickname, openid: sandboxOpenid(nickname), expires_at: stamp(at, sandboxCodeLifetime) })
        .execute();
      return code;
    },
  };
}

export type WechatLogin = ReturnType<typeof createWechatLogin>;
