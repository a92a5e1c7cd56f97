import type { UpstreamConfig } from '../platform/config';
import type { CallHandlers } from '../platform/contract-routes';
import { ok } from '../platform/http';
import type { EmailLogin } from './email-login';
import type { Users } from './users';
import type { WechatLogin } from './wechat-login';

export interface AccountCallsDeps {
  config: Pick<UpstreamConfig, 'envType'>;
  users: Users;
  emailLogin: EmailLogin;
  wechatLogin: WechatLogin;
}

/** Environment, log-in (e-mail and WeChat), the user's own info, log-out. */
export function accountCalls({ config, users, emailLogin, wechatLogin }: AccountCallsDeps): CallHandlers {
  return {
    get_env_type: async () => ok({ env_type: config.envType }),

    pre_email_login: async ({ email }, caller) => {
      await emailLogin.sendCode(email, caller.ip);
      return ok(undefined, '验证码已发送');
    },

    email_login: async ({ email, code, share_account }) => {
      const user = await emailLogin.verifyCode(email, code, share_account);
      return ok(await users.logIn(user));
    },

    get_wechat_access_token: async ({ code, client_type, share_account }) => {
      const profile = await wechatLogin.exchangeCode(code, client_type);
      const user = await users.findOrCreateByWechat(profile, share_account);
      return ok(await users.logIn(user));
    },

    get_user_info: async (_input, caller) => ok(users.userInfo(await users.requireUser(caller))),

    logout: async (_input, caller) => {
      await users.logOut(caller.token);
      return ok();
    },
  };
}
