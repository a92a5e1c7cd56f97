import { z } from 'zod';
import { def, obj, str } from '../define';
import { envelope } from '../envelope';
import { PASSWORD_MAX, passwordProblem } from '../password-rules';
import { PHONE_INPUT_MAX } from '../phone';

/**
 * Accounts: the environment, e-mail, SMS, WeChat and password login, binding a way in to the
 * account, the user, logging out.
 */

/** The upstream's answer to a login: its token, kept by the BFF in the session (never the page's). */
export const loginToken = obj({ token: str, nickname: str, headimgurl: str });

/**
 * What the BFF answers the page for the login calls: the user, never the token, which stays
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

/** A new password: 8 to 128 characters, not only spaces (../password-rules.ts). */
export const newPassword = str.superRefine((password, ctx) => {
  const problem = passwordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
/**
 * A password as typed at a login: never held to today's rules (which may change), only bounded,
 * so that nobody has a slow hash computed over a megabyte.
 */
const typedPassword = str.min(1).max(PASSWORD_MAX);
/** The 8-digit account number or the e-mail address; the upstream trims it and lower-cases an e-mail. */
const accountOrEmail = str.trim().min(1, '请输入账号或邮箱').max(254);

/**
 * A mainland mobile number as typed (spaces, dashes, +86 allowed): the upstream reads it
 * (../phone.ts) and answers 手机号格式不正确 for anything else, in the product's words rather than
 * a schema's.
 */
const typedPhone = str.trim().min(1, '请输入手机号').max(PHONE_INPUT_MAX);

/** How the user can log in, for the personal centre (/Profil). */
export const loginMethods = obj({
  email: str.nullable(),
  /** The mobile number of the SMS login (E.164); absent from an upstream without it. */
  phone: str.nullable().optional(),
  wechat_bound: z.boolean(),
  has_password: z.boolean(),
  password_set_at: str.nullable(),
  /** A WeChat-only account (no e-mail, phone or password) may join an existing account (bind_account). */
  can_bind_account: z.boolean(),
});
export type LoginMethods = z.infer<typeof loginMethods>;

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
  /** Sends a 6-digit login code by SMS to a mainland mobile number, under e-mail codes' limits. */
  pre_sms_login: def('pre_sms_login', {
    request: obj({ phone: typedPhone }),
  }),
  /** Logs in (creating the learner on first use) by the number and its code: as email_login. */
  sms_login: def('sms_login', {
    request: obj({
      phone: typedPhone,
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
  /**
   * The user of the bearer. Without one it answers OK without `data` (nobody is logged in: the
   * browser's everyday question on a page cached for every reader); a bearer that is unknown or
   * expired is refused with 401.
   */
  get_user_info: def('get_user_info', { response: envelope(userInfo) }),
  /** Log in by account number or e-mail and password: the same answer as email_login. */
  password_login: def('password_login', {
    request: obj({ account: accountOrEmail, password: typedPassword, share_account: str.max(64).optional() }),
    response: envelope(loginToken),
  }),
  /** Logged in: sets the password, or changes it (then `old_password` is required). */
  set_password: def('set_password', {
    request: obj({ password: newPassword, old_password: typedPassword.optional() }),
  }),
  /** Logged in: e-mail, WeChat binding and password of the user, for /Profil. */
  get_login_methods: def('get_login_methods', { response: envelope(loginMethods) }),
  /**
   * Logged in through WeChat alone: the WeChat identity joins the existing account named by
   * `account` and `password`; the answer is a login token for that account.
   */
  bind_account: def('bind_account', {
    request: obj({ account: accountOrEmail, password: typedPassword }),
    response: envelope(loginToken),
  }),
  /** Logged in: attaches the WeChat identity of an OAuth code (state marked "bind") to the account. */
  bind_wechat: def('bind_wechat', {
    request: obj({ code: str.min(1).max(512), client_type: z.enum(['pc', 'inside_wechat']) }),
  }),
  /**
   * Logged in: sends a 6-digit code by SMS to the number, to add it to the account (or put it in
   * place of the account's number); the login codes' rules and limits, shared with them.
   */
  pre_bind_phone: def('pre_bind_phone', {
    request: obj({ phone: typedPhone }),
  }),
  /**
   * Logged in: the number of a pre_bind_phone code becomes the account's (then SMS login reaches
   * it); refused with phone_taken (该手机号已绑定其他账号) when another account has it, which is
   * told only after the code was right. Answers the number in E.164; the session stays.
   */
  bind_phone: def('bind_phone', {
    request: obj({ phone: typedPhone, code: str.regex(/^\d{6}$/) }),
    response: envelope(obj({ phone: str })),
  }),
  /** Logged in: as pre_bind_phone, for an e-mail address (a code by mail). */
  pre_bind_email: def('pre_bind_email', {
    request: obj({ email: z.email().max(254) }),
  }),
  /** Logged in: as bind_phone, for an e-mail address; email_taken (该邮箱已绑定其他账号). */
  bind_email: def('bind_email', {
    request: obj({ email: z.email().max(254), code: str.regex(/^\d{6}$/) }),
    response: envelope(obj({ email: str })),
  }),
  /** Spec section 7: sends an empty body, reads status and description. */
  logout: def('logout', {}),
} as const;
