import { randomInt } from 'node:crypto';
import type { UpstreamConfig } from '../platform/config';
import { sameDigest, sha256 } from '../platform/crypto';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import { UpstreamError } from '../platform/http';
import type { Mailer } from './mailer';
import { tooFrequent, type RateLimiter, type RateRule } from '../platform/rate-limit';
import { days, minutes, stamp, type Clock } from '../platform/time';
import type { Users } from './users';

const codeLifetime = minutes(10);
const triesPerCode = 5;

const invalidCode = () => new UpstreamError(400, 'invalid_code', '验证码错误');
const codeExpired = () => new UpstreamError(400, 'code_expired', '验证码已过期，请重新获取');
const tooManyTries = () => new UpstreamError(400, 'too_many_tries', '验证码错误次数过多，请重新获取');
const tooManyToday = (retryAfterSeconds: number) =>
  new UpstreamError(429, 'too_many_tries', '今日验证码错误次数过多，请明天再试或使用微信登录', {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

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

// Salted with the address so that equal codes of two people never share a hash.
const codeHash = (email: string, code: string) => sha256(`${email}:${code}`);

/** Log-in by a one-time code sent to an e-mail address. Only the newest code of an address is live. */
export function createEmailLogin({ config, db, now, mailer, users, rates }: EmailLoginDeps) {
  const newestCode = (email: string) =>
    db.selectFrom('email_codes').selectAll().where('email', '=', email).orderBy('id', 'desc').limit(1).executeTakeFirst();

  // What may be sent: codes are mail to people who did not ask for it when someone else does,
  // and each one is a guess at a login. See the README's EMAIL_CODE_LIMIT_* settings.
  const limits = config.emailCodeLimits;
  const rules = {
    address: { name: 'login-code:address', limit: limits.perAddress, windowMs: minutes(10) },
    mailbox: { name: 'login-code:mailbox', limit: limits.perMailbox, windowMs: minutes(60) },
    everyone: { name: 'login-code:all', limit: limits.global, windowMs: minutes(10) },
    wrong: { name: 'login-code:wrong', limit: limits.wrongPerDay, windowMs: days(1) },
  } satisfies Record<string, RateRule>;

  return {
    /** Sends a login code to the address; `clientAddress` is the asking client's. */
    async sendCode(address: string, clientAddress: string): Promise<void> {
      const email = normalizeEmail(address);
      const at = now();
      const cooldownMs = config.emailCodeCooldownSeconds * 1000;
      const previous = await newestCode(email);
      if (previous && previous.created_at > stamp(at, -cooldownMs)) {
        throw tooFrequent((Date.parse(previous.created_at) + cooldownMs - at.getTime()) / 1000);
      }
      const verdict = await rates.take([
        { rule: rules.address, subject: clientAddress },
        { rule: rules.mailbox, subject: mailboxOf(email) },
        { rule: rules.everyone, subject: '*' },
      ]);
      if (!verdict.allowed) throw tooFrequent(verdict.retryAfterSeconds);

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const stored = await db.transaction().execute(async (trx) => {
        // A new code replaces the address's earlier ones; dead codes of anyone are swept on the way.
        await trx
          .deleteFrom('email_codes')
          .where((eb) => eb.or([eb('email', '=', email), eb('expires_at', '<=', stamp(at))]))
          .execute();
        return trx
          .insertInto('email_codes')
          .values({
            email,
            code_hash: codeHash(email, code),
            created_at: stamp(at),
            expires_at: stamp(at, codeLifetime),
            tries_left: triesPerCode,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      });

      try {
        await mailer.send({
          to: email,
          subject: '语境登录验证码',
          text: `您的验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略此邮件。`,
        });
      } catch (error) {
        // Undelivered: forget the code so the cooldown does not block an immediate retry.
        await db.deleteFrom('email_codes').where('id', '=', stored.id).execute();
        throw error;
      }
      await rates.sweep();
    },

    /** Consumes the code and answers the (possibly new) user. */
    async verifyCode(address: string, code: string, shareAccount?: string): Promise<User> {
      const email = normalizeEmail(address);
      const mailbox = mailboxOf(email);
      // A day's wrong codes end the day's guessing for the mailbox, right codes included.
      if (rules.wrong.limit > 0) {
        const wrong = await rates.peek(rules.wrong, mailbox);
        if (wrong.count >= rules.wrong.limit) throw tooManyToday(wrong.retryAfterSeconds);
      }
      const live = await newestCode(email);
      if (!live || live.expires_at <= stamp(now())) throw codeExpired();
      // Every attempt spends one of the code's tries before it is compared, in one statement:
      // simultaneous guesses (from several instances too) cannot share a try.
      const spent = await db
        .updateTable('email_codes')
        .set((eb) => ({ tries_left: eb('tries_left', '-', 1) }))
        .where('id', '=', live.id)
        .where('tries_left', '>', 0)
        .executeTakeFirst();
      if (spent.numUpdatedRows === 0n) {
        const still = await db.selectFrom('email_codes').select('id').where('id', '=', live.id).executeTakeFirst();
        // Gone: a simultaneous right attempt consumed it.
        throw still ? tooManyTries() : codeExpired();
      }
      if (!sameDigest(live.code_hash, codeHash(email, code))) {
        await rates.take([{ rule: rules.wrong, subject: mailbox }]);
        throw invalidCode();
      }
      // Deleting is the consumption; of two simultaneous correct attempts only one deletes the row.
      const consumed = await db.deleteFrom('email_codes').where('id', '=', live.id).executeTakeFirst();
      if (consumed.numDeletedRows === 0n) throw codeExpired();
      return users.findOrCreateByEmail(email, shareAccount);
    },
  };
}

export type EmailLogin = ReturnType<typeof createEmailLogin>;
