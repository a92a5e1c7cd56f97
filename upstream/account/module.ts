import type { UpstreamModule } from '../platform/module';
import { createRateLimiter } from '../platform/rate-limit';
import { accountHandlers } from './account-calls';
import { type ContactBinding, createContactBinding } from './contact-binding';
import { createEmailLogin, type EmailLogin } from './email-login';
import { createMailer, type Mailer } from './mailer';
import { createPasswords, type Passwords } from './passwords';
import { createSmsLogin, type SmsLogin } from './sms-login';
import { createSmsSender, type SmsSender } from './sms-sender';
import { testOutboxRoutes } from './test-outbox';
import { createUsers, type Users } from './users';
import { wechatSandboxRoutes } from './wechat-sandbox';
import { createWechatLogin, type WechatLogin } from './wechat-login';

export interface AccountServices {
  /** Users and their sessions: every feature that knows who is asking uses this. */
  users: Users;
  mailer: Mailer;
  emailLogin: EmailLogin;
  /** Text messages: Tencent Cloud SMS, or the SMS outbox (test only). */
  sms: SmsSender;
  smsLogin: SmsLogin;
  wechatLogin: WechatLogin;
  passwords: Passwords;
  /** Adding a phone number or an e-mail address to the logged-in learner's account, by code. */
  contactBinding: ContactBinding;
}

/**
 * Accounts: users and sessions, log-in by e-mail code, by SMS code, by WeChat and by password,
 * binding WeChat to a password account, binding a phone number or an e-mail address by code, the
 * user's info; in the test environment also the WeChat authorise sandbox and the outboxes of
 * "sent" codes (mail and SMS).
 */
export const accountModule: UpstreamModule<object, AccountServices> = {
  name: 'account',
  services: {
    users: ({ db, now }) => createUsers({ db, now }),
    mailer: ({ config, db, now, log }) => createMailer({ config, db, now, log }),
    emailLogin: ({ config, db, now, mailer, users }) =>
      createEmailLogin({ config, db, now, mailer, users, rates: createRateLimiter({ db, now }) }),
    sms: ({ config, db, now, log }) => createSmsSender({ config, db, now, log }),
    smsLogin: ({ config, db, now, sms, users }) =>
      createSmsLogin({ config, db, now, sms, users, rates: createRateLimiter({ db, now }) }),
    wechatLogin: ({ config, db, now }) => createWechatLogin({ config, db, now }),
    passwords: ({ config, db, now, users, wechatLogin }) =>
      createPasswords({ config, db, now, users, wechatLogin, rates: createRateLimiter({ db, now }) }),
    contactBinding: ({ db, emailLogin, smsLogin }) => createContactBinding({ db, emailLogin, smsLogin }),
  },
  calls: accountHandlers,
  routes: ({ config, db, wechatLogin }) => [
    { path: '/sandbox/wechat', app: wechatSandboxRoutes({ config, wechatLogin }), testOnly: true },
    { path: '/__test', app: testOutboxRoutes({ db }), testOnly: true },
  ],
};
