import type { UpstreamConfig } from '../platform/config';
import type { CallHandlers } from '../platform/contract-routes';
import { ok } from '../platform/http';
import type { ContactBinding } from './contact-binding';
import type { EmailLogin } from './email-login';
import type { Passwords } from './passwords';
import type { SmsLogin } from './sms-login';
import type { Users } from './users';
import type { WechatLogin } from './wechat-login';

export interface AccountHandlersDeps {
  config: Pick<UpstreamConfig, 'envType'>;
  users: Users;
  emailLogin: EmailLogin;
  smsLogin: SmsLogin;
  wechatLogin: WechatLogin;
  passwords: Passwords;
  contactBinding: ContactBinding;
}

/**
 * Environment, log-in (e-mail, SMS, WeChat, password), binding (another account, WeChat, a phone
 * number, an e-mail address), the user's own info, log-out.
 */
export function accountHandlers({
  config,
  users,
  emailLogin,
  smsLogin,
  wechatLogin,
  passwords,
  contactBinding,
}: AccountHandlersDeps): CallHandlers {
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

    pre_sms_login: async ({ phone }, caller) => {
      await smsLogin.sendCode(phone, caller.ip);
      return ok(undefined, '验证码已发送');
    },

    sms_login: async ({ phone, code, share_account }) => {
      const user = await smsLogin.verifyCode(phone, code, share_account);
      return ok(await users.logIn(user));
    },

    get_wechat_access_token: async ({ code, client_type, share_account }) => {
      const profile = await wechatLogin.exchangeCode(code, client_type);
      const user = await users.findOrCreateByWechat(profile, share_account);
      return ok(await users.logIn(user));
    },

    // Nobody logged in is a state, not an error: every page cached for every reader asks who
    // reads it, and a 401 there would be an error in each visitor's console. A token that is no
    // longer valid is still refused (401), so that the BFF ends the session that holds it.
    get_user_info: async (_input, caller) =>
      caller.token ? ok(users.userInfo(await users.requireUser(caller))) : ok(undefined, '未登录'),

    password_login: async ({ account, password }, caller) => {
      // share_account is accepted for the shape's sake: a password account already exists, so
      // nobody is referred by this login.
      const user = await passwords.logIn(account, password, caller.ip);
      return ok(await users.logIn(user));
    },

    set_password: async ({ password, old_password }, caller) => {
      const user = await users.requireUser(caller);
      await passwords.setPassword(user, caller.token, password, old_password);
      return ok(undefined, '密码已设置');
    },

    get_login_methods: async (_input, caller) => ok(passwords.methods(await users.requireUser(caller))),

    bind_account: async ({ account, password }, caller) => {
      const user = await users.requireUser(caller);
      const target = await passwords.bindAccount(user, account, password, caller.ip);
      return ok(await users.logIn(target));
    },

    bind_wechat: async ({ code, client_type }, caller) => {
      const user = await users.requireUser(caller);
      await passwords.bindWechat(user, code, client_type);
      return ok(undefined, '微信已绑定');
    },

    pre_bind_phone: async ({ phone }, caller) => {
      await contactBinding.sendPhoneCode(await users.requireUser(caller), phone, caller.ip);
      return ok(undefined, '验证码已发送');
    },

    bind_phone: async ({ phone, code }, caller) => {
      const bound = await contactBinding.bindPhone(await users.requireUser(caller), phone, code);
      return ok({ phone: bound.phone }, bound.said);
    },

    pre_bind_email: async ({ email }, caller) => {
      await contactBinding.sendEmailCode(await users.requireUser(caller), email, caller.ip);
      return ok(undefined, '验证码已发送');
    },

    bind_email: async ({ email, code }, caller) => {
      const bound = await contactBinding.bindEmail(await users.requireUser(caller), email, code);
      return ok({ email: bound.email }, bound.said);
    },

    logout: async (_input, caller) => {
      await users.logOut(caller.token);
      return ok();
    },
  };
}
