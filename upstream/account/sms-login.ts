import type { UpstreamConfig } from '../platform/config';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import { normalizeMainlandPhone } from '../../lib/contract/phone';
import { UpstreamError } from '../platform/http';
import type { RateLimiter } from '../platform/rate-limit';
import type { Clock } from '../platform/time';
import { type CodePurpose, createLoginCodes, type Recipient, tableCodeStore } from './login-codes';
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

/**
 * Log-in by a one-time code sent by SMS to a mainland mobile number, under the same rules and
 * limits as e-mail codes (login-codes.ts): a number is one recipient however it was typed. The
 * codes live in `sms_codes`; the same codes, for another purpose, add a number to an account.
 */
export function createSmsLogin({ config, db, now, sms, users, rates }: SmsLoginDeps) {
  const codes = createLoginCodes({ config, now, rates, store: tableCodeStore(db, { table: 'sms_codes', recipient: 'phone' }) });
  const recipientOf = (typed: string): Recipient => {
    const phone = normalizeMainlandPhone(typed);
    if (!phone) throw invalidPhone();
    return { to: phone, counted: phone };
  };

  return {
    /** Sends a code (a login code unless said) to the number; `clientAddress` is the asking client's. */
    async sendCode(typed: string, clientAddress: string, purpose: CodePurpose = 'login'): Promise<void> {
      const recipient = recipientOf(typed);
      await codes.send(recipient, purpose, clientAddress, (code) => sms.send({ to: recipient.to, code }));
    },

    /** Consumes the code and answers the (possibly new) user. */
    async verifyCode(typed: string, code: string, shareAccount?: string): Promise<User> {
      const recipient = recipientOf(typed);
      await codes.verify(recipient, 'login', code);
      return users.findOrCreateByPhone(recipient.to, shareAccount);
    },

    /** Consumes a code of the purpose and answers the number (E.164) it was sent to. */
    async consumeCode(typed: string, code: string, purpose: CodePurpose): Promise<string> {
      const recipient = recipientOf(typed);
      await codes.verify(recipient, purpose, code);
      return recipient.to;
    },
  };
}

export type SmsLogin = ReturnType<typeof createSmsLogin>;
