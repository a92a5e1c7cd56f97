import { randomInt } from 'node:crypto';
import type { Db } from '../db/database';
import type { UpstreamConfig } from '../platform/config';
import { sameDigest, sha256 } from '../platform/crypto';
import { UpstreamError } from '../platform/http';
import { tooFrequent, type RateLimiter, type RateRule } from '../platform/rate-limit';
import { days, minutes, stamp, type Clock } from '../platform/time';

/*
 * One-time codes, whatever carries them (e-mail, SMS) and whatever they are for (logging in,
 * adding the address to an account): how they are made, kept, limited, tried and consumed. The
 * carriers differ only in where a code is stored and how it travels, so that a phone number is
 * exactly as hard to guess at, and as costly to spray codes at, as a mailbox; the purposes share
 * every limit, so that binding is no second door for guessing or spraying. See the README's
 * EMAIL_CODE_* settings, which hold for all of them.
 */

const codeLifetime = minutes(10);
const triesPerCode = 5;

const invalidCode = () => new UpstreamError(400, 'invalid_code', '验证码错误');
const codeExpired = () => new UpstreamError(400, 'code_expired', '验证码已过期，请重新获取');
const tooManyTries = () => new UpstreamError(400, 'too_many_tries', '验证码错误次数过多，请重新获取');
const tooManyToday = (retryAfterSeconds: number) =>
  new UpstreamError(429, 'too_many_tries', '今日验证码错误次数过多，请明天再试或使用微信登录', {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** A stored code: only its hash, salted with its recipient. */
export interface StoredCode {
  id: number;
  code_hash: string;
  created_at: string;
  expires_at: string;
}

/**
 * What a code is for. A code of one purpose is never accepted for another: a login code cannot
 * bind, and a code to bind an address to one account cannot bind it to another or log in.
 */
export type CodePurpose = 'login' | `bind:${number}`;

/** The purpose of a code that adds its address to the account of this user. */
export const bindPurpose = (userId: number): CodePurpose => `bind:${userId}`;

/** Where one carrier keeps its codes (a table per carrier); every write is one statement. */
export interface CodeStore {
  /** The recipient's newest code of the purpose: only it is live. */
  newest(recipient: string, purpose: CodePurpose): Promise<StoredCode | undefined>;
  /**
   * Stores a new code in place of the recipient's earlier ones of the purpose (in one
   * transaction, sweeping anyone's codes dead by its `created_at` on the way); answers its id.
   */
  replace(recipient: string, purpose: CodePurpose, code: Omit<StoredCode, 'id'> & { tries_left: number }): Promise<number>;
  /** Spends one try of the code, only while it has one left; false when it had none (or is gone). */
  spendTry(id: number): Promise<boolean>;
  exists(id: number): Promise<boolean>;
  /** Deletes the code; false when it was already gone. */
  remove(id: number): Promise<boolean>;
}

/** A recipient: the address the code goes to, and what its limits are counted by. */
export interface Recipient {
  /** The normalised address: the code's key. */
  to: string;
  /** Who is reached: a mailbox ('a+x@' and 'a@' are one), a phone number. */
  counted: string;
}

interface LoginCodesDeps {
  config: Pick<UpstreamConfig, 'emailCodeCooldownSeconds' | 'emailCodeLimits'>;
  now: Clock;
  rates: RateLimiter;
  store: CodeStore;
}

// Salted with the address so that equal codes of two people never share a hash.
const codeHash = (recipient: string, code: string) => sha256(`${recipient}:${code}`);

/**
 * What may be sent: codes are messages to people who did not ask for them when someone else does,
 * and each one is a guess at a login. The rules' names are the stored counters' keys: a client
 * address and the whole site count e-mail and SMS codes together.
 */
export function loginCodeRules(limits: UpstreamConfig['emailCodeLimits']) {
  return {
    address: { name: 'login-code:address', limit: limits.perAddress, windowMs: minutes(10) },
    recipient: { name: 'login-code:mailbox', limit: limits.perMailbox, windowMs: minutes(60) },
    everyone: { name: 'login-code:all', limit: limits.global, windowMs: minutes(10) },
    wrong: { name: 'login-code:wrong', limit: limits.wrongPerDay, windowMs: days(1) },
  } satisfies Record<string, RateRule>;
}

export function createLoginCodes({ config, now, rates, store }: LoginCodesDeps) {
  const rules = loginCodeRules(config.emailCodeLimits);

  return {
    /**
     * Makes a code of the purpose for the recipient and hands it to `deliver`; `clientAddress` is
     * the asking client's. A code that cannot be delivered is forgotten, so that the cooldown does
     * not block an immediate retry.
     */
    async send(
      recipient: Recipient,
      purpose: CodePurpose,
      clientAddress: string,
      deliver: (code: string) => Promise<void>,
    ): Promise<void> {
      const at = now();
      const cooldownMs = config.emailCodeCooldownSeconds * 1000;
      const previous = await store.newest(recipient.to, purpose);
      if (previous && previous.created_at > stamp(at, -cooldownMs)) {
        throw tooFrequent((Date.parse(previous.created_at) + cooldownMs - at.getTime()) / 1000);
      }
      const verdict = await rates.take([
        { rule: rules.address, subject: clientAddress },
        { rule: rules.recipient, subject: recipient.counted },
        { rule: rules.everyone, subject: '*' },
      ]);
      if (!verdict.allowed) throw tooFrequent(verdict.retryAfterSeconds);

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const id = await store.replace(recipient.to, purpose, {
        code_hash: codeHash(recipient.to, code),
        created_at: stamp(at),
        expires_at: stamp(at, codeLifetime),
        tries_left: triesPerCode,
      });
      try {
        await deliver(code);
      } catch (error) {
        await store.remove(id);
        throw error;
      }
      await rates.sweep();
    },

    /** Consumes the recipient's code of the purpose, or throws why it cannot. */
    async verify(recipient: Recipient, purpose: CodePurpose, code: string): Promise<void> {
      // A day's wrong codes end the day's guessing for the recipient, right codes included.
      if (rules.wrong.limit > 0) {
        const wrong = await rates.peek(rules.wrong, recipient.counted);
        if (wrong.count >= rules.wrong.limit) throw tooManyToday(wrong.retryAfterSeconds);
      }
      const live = await store.newest(recipient.to, purpose);
      if (!live || live.expires_at <= stamp(now())) throw codeExpired();
      // Every attempt spends one of the code's tries before it is compared, in one statement:
      // simultaneous guesses (from several instances too) cannot share a try.
      if (!(await store.spendTry(live.id))) {
        // Gone: a simultaneous right attempt consumed it.
        throw (await store.exists(live.id)) ? tooManyTries() : codeExpired();
      }
      if (!sameDigest(live.code_hash, codeHash(recipient.to, code))) {
        await rates.take([{ rule: rules.wrong, subject: recipient.counted }]);
        throw invalidCode();
      }
      // Deleting is the consumption; of two simultaneous correct attempts only one deletes the row.
      if (!(await store.remove(live.id))) throw codeExpired();
    },
  };
}

export type LoginCodes = ReturnType<typeof createLoginCodes>;

/** The tables that keep codes, by carrier, and the column holding each one's recipient. */
type CodeTable = { table: 'email_codes'; recipient: 'email' } | { table: 'sms_codes'; recipient: 'phone' };

/** The codes of one carrier, in its table (email_codes, sms_codes: the same columns but one). */
export function tableCodeStore(db: Db, { table: name, recipient: column }: CodeTable): CodeStore {
  // The two tables differ only in the recipient column's name: one code path, typed as one of them.
  const table = name as 'sms_codes';
  const to = column as 'phone';
  return {
    newest: (recipient, purpose) =>
      db
        .selectFrom(table)
        .select(['id', 'code_hash', 'created_at', 'expires_at'])
        .where(to, '=', recipient)
        .where('purpose', '=', purpose)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    replace: (recipient, purpose, code) =>
      db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom(table)
          .where((eb) =>
            eb.or([eb.and([eb(to, '=', recipient), eb('purpose', '=', purpose)]), eb('expires_at', '<=', code.created_at)]),
          )
          .execute();
        const { id } = await trx
          .insertInto(table)
          .values({ [to]: recipient, purpose, ...code } as { phone: string } & typeof code)
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      }),
    spendTry: async (id) => {
      const spent = await db
        .updateTable(table)
        .set((eb) => ({ tries_left: eb('tries_left', '-', 1) }))
        .where('id', '=', id)
        .where('tries_left', '>', 0)
        .executeTakeFirst();
      return spent.numUpdatedRows > 0n;
    },
    exists: async (id) => !!(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()),
    remove: async (id) => (await db.deleteFrom(table).where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,
  };
}
