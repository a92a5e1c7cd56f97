import { randomInt } from 'node:crypto';
import type { UpstreamConfig } from './config';
import { sameDigest, sha256 } from './crypto-utils';
import type { Db } from './db/database';
import type { User } from './db/schema';
import { UpstreamError } from './http';
import type { Mailer } from './mailer';
import { minutes, stamp, type Clock } from './time';
import type { Users } from './users';

const codeLifetime = minutes(10);
const triesPerCode = 5;

const invalidCode = () => new UpstreamError(400, 'invalid_code', '验证码错误');
const codeExpired = () => new UpstreamError(400, 'code_expired', '验证码已过期，请重新获取');
const tooManyTries = () => new UpstreamError(400, 'too_many_tries', '验证码错误次数过多，请重新获取');

interface EmailLoginDeps {
  config: Pick<UpstreamConfig, 'emailCodeCooldownSeconds'>;
  db: Db;
  now: Clock;
  mailer: Mailer;
  users: Users;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// Salted with the address so that equal codes of two people never share a hash.
const codeHash = (email: string, code: string) => sha256(`${email}:${code}`);

/** Log-in by a one-time code sent to an e-mail address. Only the newest code of an address is live. */
export function createEmailLogin({ config, db, now, mailer, users }: EmailLoginDeps) {
  const newestCode = (email: string) =>
    db.selectFrom('email_codes').selectAll().where('email', '=', email).orderBy('id', 'desc').limit(1).executeTakeFirst();

  return {
    async sendCode(address: string): Promise<void> {
      const email = normalizeEmail(address);
      const at = now();
      const cooldownMs = config.emailCodeCooldownSeconds * 1000;
      const previous = await newestCode(email);
      if (previous && previous.created_at > stamp(at, -cooldownMs)) {
        const waitMs = Date.parse(previous.created_at) + cooldownMs - at.getTime();
        throw new UpstreamError(429, '000', '操作太频繁，请勿重复请求', {
          'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
        });
      }

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const stored = await db.transaction().execute(async (trx) => {
        // A new code replaces the address's earlier ones; dead codes of anyone are swept on the way.
        await trx.deleteFrom('email_codes').where((eb) => eb.or([eb('email', '=', email), eb('expires_at', '<=', stamp(at))])).execute();
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
    },

    /** Consumes the code and answers the (possibly new) user. */
    async verifyCode(address: string, code: string, shareAccount?: string): Promise<User> {
      const email = normalizeEmail(address);
      const live = await newestCode(email);
      if (!live || live.expires_at <= stamp(now())) throw codeExpired();
      if (live.tries_left <= 0) throw tooManyTries();
      if (!sameDigest(live.code_hash, codeHash(email, code))) {
        await db
          .updateTable('email_codes')
          .set((eb) => ({ tries_left: eb('tries_left', '-', 1) }))
          .where('id', '=', live.id)
          .where('tries_left', '>', 0)
          .execute();
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
