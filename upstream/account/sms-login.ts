import type { UpstreamConfig } from '../platform/config';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import { normalizeMainlandPhone } from '../../lib/contract/phone';
import { UpstreamError } from '../platform/http';
import type { RateLimiter } from '../platform/rate-limit';
import type { Clock } from '../platform/time';
import { type CodeStore, createLoginCodes, type Recipient } from './login-codes';
import type { SmsSender } from './sms-sender';
import type { Users } from './users';

interface SmsLoginDeps {
  config: Pick<UpstreamConfig, 'emailCodeCooldownSeconds' | 'emailCodeLimits'>;
  db: Db;
  now: Clock;
  sms: SmsSender;
  users: Users;
  rates: RateLimiter;
}

export const invalidPhone = () => new UpstreamError(400, 'invalid_phone', '手机号格式不正确');

/** SMS login codes live in `sms_codes`, as e-mail's in `email_codes`. */
function smsCodeStore(db: Db): CodeStore {
  return {
    newest: (phone) =>
      db
        .selectFrom('sms_codes')
        .select(['id', 'code_hash', 'created_at', 'expires_at'])
        .where('phone', '=', phone)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    replace: (phone, code) =>
      db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('sms_codes')
          .where((eb) => eb.or([eb('phone', '=', phone), eb('expires_at', '<=', code.created_at)]))
          .execute();
        const { id } = await trx
          .insertInto('sms_codes')
          .values({ phone, ...code })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      }),
    spendTry: async (id) => {
      const spent = await db
        .updateTable('sms_codes')
        .set((eb) => ({ tries_left: eb('tries_left', '-', 1) }))
        .where('id', '=', id)
        .where('tries_left', '>', 0)
        .executeTakeFirst();
      return spent.numUpdatedRows > 0n;
    },
    exists: async (id) => !!(await db.selectFrom('sms_codes').select('id').where('id', '=', id).executeTakeFirst()),
    remove: async (id) => (await db.deleteFrom('sms_codes').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,
  };
}

/**
 * Log-in by a one-time code sent by SMS to a mainland mobile number, under the same rules and
 * limits as e-mail codes (login-codes.ts): a number is one recipient however it was typed.
 */
export function createSmsLogin({ config, db, now, sms, users, rates }: SmsLoginDeps) {
  const codes = createLoginCodes({ config, now, rates, store: smsCodeStore(db) });
  const recipientOf = (typed: string): Recipient => {
    const phone = normalizeMainlandPhone(typed);
    if (!phone) throw invalidPhone();
    return { to: phone, counted: phone };
  };

  return {
    /** Sends a login code to the number; `clientAddress` is the asking client's. */
    async sendCode(typed: string, clientAddress: string): Promise<void> {
      const recipient = recipientOf(typed);
      await codes.send(recipient, clientAddress, (code) => sms.send({ to: recipient.to, code }));
    },

    /** Consumes the code and answers the (possibly new) user. */
    async verifyCode(typed: string, code: string, shareAccount?: string): Promise<User> {
      const recipient = recipientOf(typed);
      await codes.verify(recipient, code);
      return users.findOrCreateByPhone(recipient.to, shareAccount);
    },
  };
}

export type SmsLogin = ReturnType<typeof createSmsLogin>;
