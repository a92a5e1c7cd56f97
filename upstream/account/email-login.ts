import type { UpstreamConfig } from '../platform/config';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import type { Mailer } from './mailer';
import type { RateLimiter } from '../platform/rate-limit';
import type { Clock } from '../platform/time';
import { type CodeStore, createLoginCodes, type Recipient } from './login-codes';
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

/** E-mail login codes live in `email_codes`. */
function emailCodeStore(db: Db): CodeStore {
  return {
    newest: (email) =>
      db
        .selectFrom('email_codes')
        .select(['id', 'code_hash', 'created_at', 'expires_at'])
        .where('email', '=', email)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    replace: (email, code) =>
      db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('email_codes')
          .where((eb) => eb.or([eb('email', '=', email), eb('expires_at', '<=', code.created_at)]))
          .execute();
        const { id } = await trx
          .insertInto('email_codes')
          .values({ email, ...code })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      }),
    spendTry: async (id) => {
      const spent = await db
        .updateTable('email_codes')
        .set((eb) => ({ tries_left: eb('tries_left', '-', 1) }))
        .where('id', '=', id)
        .where('tries_left', '>', 0)
        .executeTakeFirst();
      return spent.numUpdatedRows > 0n;
    },
    exists: async (id) => !!(await db.selectFrom('email_codes').select('id').where('id', '=', id).executeTakeFirst()),
    remove: async (id) => (await db.deleteFrom('email_codes').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,
  };
}

/** Log-in by a one-time code sent to an e-mail address (login-codes.ts). */
export function createEmailLogin({ config, db, now, mailer, users, rates }: EmailLoginDeps) {
  const codes = createLoginCodes({ config, now, rates, store: emailCodeStore(db) });
  const recipientOf = (address: string): Recipient => {
    const email = normalizeEmail(address);
    return { to: email, counted: mailboxOf(email) };
  };

  return {
    /** Sends a login code to the address; `clientAddress` is the asking client's. */
    async sendCode(address: string, clientAddress: string): Promise<void> {
      const recipient = recipientOf(address);
      await codes.send(recipient, clientAddress, (code) =>
        mailer.send({
          to: recipient.to,
          subject: '语境登录验证码',
          text: `您的验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略此邮件。`,
        }),
      );
    },

    /** Consumes the code and answers the (possibly new) user. */
    async verifyCode(address: string, code: string, shareAccount?: string): Promise<User> {
      const recipient = recipientOf(address);
      await codes.verify(recipient, code);
      return users.findOrCreateByEmail(recipient.to, shareAccount);
    },
  };
}

export type EmailLogin = ReturnType<typeof createEmailLogin>;
