import { z } from 'zod';
import { def, obj, str } from '../define';
import { envelope } from '../envelope';

/** Accounts: the environment, e-mail and WeChat login, the user, logging out. */

/** The upstream's answer to a login: its token, kept by the BFF in the session (never the page's). */
export const loginToken = obj({ token: str, nickname: str, headimgurl: str });

/**
 * What the BFF answers the page for the two login calls: the user, never the token, which stays
 * in the server-side session.
 */
export const pageLogin = envelope(obj({ account: str, nickname: str, headimgurl: str, is_vip_now: z.boolean() }));
export type PageLogin = z.infer<typeof pageLogin>;

export const userInfo = obj({
  nickname: str,
  headimgurl: str,
  api_token: str.optional(),
  user_balance_api: z.unknown().optional(),
  account: str,
  vip_info: obj({ is_vip_now: z.boolean(), expire_time: z.string().nullable().optional() }),
});
export type UserInfo = z.infer<typeof userInfo>;

export const accountCalls = {
  get_env_type: def('get_env_type', {
    method: 'GET',
    response: envelope(obj({ env_type: z.enum(['test', 'production']) })),
  }),
  pre_email_login: def('pre_email_login', {
    request: obj({ email: z.email().max(254) }),
  }),
  email_login: def('email_login', {
    request: obj({
      email: z.email().max(254),
      code: str.regex(/^\d{6}$/),
      share_account: str.max(64).optional(),
    }),
    response: envelope(loginToken),
  }),
  get_wechat_access_token: def('get_wechat_access_token', {
    request: obj({
      code: str.min(1).max(512),
      client_type: z.enum(['pc', 'inside_wechat']),
      state: str.max(1024).optional(),
      share_account: str.max(64).optional(),
    }),
    response: envelope(loginToken),
  }),
  get_wechat_user_info: def('get_wechat_user_info', {}),
  get_user_info: def('get_user_info', { response: envelope(userInfo) }),
  /** Spec section 7: sends an empty body, reads status and description. */
  logout: def('logout', {}),
} as const;
