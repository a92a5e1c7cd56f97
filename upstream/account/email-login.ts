import type { UpstreamConfig } from '../platform/config';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import type { Mailer } from './mailer';
import type { RateLimiter } from '../platform/rate-limit';
import type { Clock } from '../platform/time';
import { type CodePurpose, createLoginCodes, type Recipient, tableCodeStore } from './login-codes';
import type { Users } from './users';

interface EmailLoginDeps {
  config: Pick<UpstreamConfig, 'emailCodeCooldownSeconds' | 'emailCodeLimits'>;
  db: Db;
  now: Clock;
  mailer: Mailer;
  users: Users;
  rates: RateLimiter;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The mailbox an address delivers to, for counting: 'a+x@…' and 'a+y@…' reach the same person,
 * and Gmail ignores dots in the local part as well.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  let local = email.slice(0, at).split('+')[0] || email.slice(0, at);
  let domain = email.slice(at + 1);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** The mail that carries a code: a login, or adding the address to an account, in its own words. */
function codeMail(purpose: CodePurpose, code: string): { subject: string; text: string } {
  const ignore = '如非本人操作，请忽略此邮件。';
  return purpose === 'login'
    ? { subject: '语境登录验证码', text: `您的验证码是 ${code}，10 分钟内有效。${ignore}` }
    : {
        subject: '语境绑定邮箱验证码',
        text: `您正在将此邮箱绑定到语境账号，验证码是 ${code}，10 分钟内有效。${ignore}`,
      };
}

/**
 * Log-in by a one-time code sent to an e-mail address (login-codes.ts); the codes live in
 * `email_codes`, and the same codes, for another purpose, add an address to an account.
 */
export function createEmailLogin({ config, db, now, mailer, users, rates }: EmailLoginDeps) {
  const codes = createLoginCodes({ config, now, rates, store: tableCodeStore(db, { table: 'email_codes', recipient: 'email' }) });
  const recipientOf = (address: string): Recipient => {
    const email = normalizeEmail(address);
    return { to: email, counted: mailboxOf(email) };
  };

  return {
    /** Sends a code (a login code unless said) to the address; `clientAddress` is the asking client's. */
    async sendCode(address: string, clientAddress: string, purpose: CodePurpose = 'login'): Promise<void> {
      const recipient = recipientOf(address);
      await codes.send(recipient, purpose, clientAddress, (code) =>
        mailer.send({ to: recipient.to, ...codeMail(purpose, code) }),
      );
    },

    /** Consumes the code and answers the (possibly new) user. */
    async verifyCode(address: string, code: string, shareAccount?: string): Promise<User> {
      const recipient = recipientOf(address);
      await codes.verify(recipient, 'login', code);
      return users.findOrCreateByEmail(recipient.to, shareAccount);
    },

    /** Consumes a code of the purpose and answers the (normalised) address it was sent to. */
    async consumeCode(address: string, code: string, purpose: CodePurpose): Promise<string> {
      const recipient = recipientOf(address);
      await codes.verify(recipient, purpose, code);
      return recipient.to;
    },
  };
}

export type EmailLogin = ReturnType<typeof createEmailLogin>;
