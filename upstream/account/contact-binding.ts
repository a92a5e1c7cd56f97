import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/dialect';
import type { User } from '../db/schema';
import { UpstreamError } from '../platform/http';
import type { EmailLogin } from './email-login';
import { bindPurpose } from './login-codes';
import type { SmsLogin } from './sms-login';

/*
 * Adding a mobile number or an e-mail address to the logged-in learner's account (bind_phone,
 * bind_email), or replacing the one it has, once a code sent there proves the learner reads it:
 * then the learner can log in that way too. The codes are the login codes' (login-codes.ts), of
 * a purpose of their own tied to the account, so every limit is shared with the logins.
 */

const phoneTaken = () => new UpstreamError(409, 'phone_taken', '该手机号已绑定其他账号');
const emailTaken = () => new UpstreamError(409, 'email_taken', '该邮箱已绑定其他账号');

/** What binding did: the account had no such address, had another one, or had this one already. */
export type BindOutcome = 'bound' | 'changed' | 'unchanged';

/** The answer's description: 更换 when the new address took the place of another. */
const saidOf = (what: '手机号' | '邮箱', outcome: BindOutcome) => `${what}${outcome === 'changed' ? '已更换' : '已绑定'}`;

interface ContactBindingDeps {
  db: Db;
  emailLogin: EmailLogin;
  smsLogin: SmsLogin;
}

export function createContactBinding({ db, emailLogin, smsLogin }: ContactBindingDeps) {
  /**
   * Sets the column to the verified value. Whether another account holds it is told only here,
   * after the code: asking for a code says nothing about who is registered. The unique index
   * decides, in the one statement, also between two accounts binding the same address at once.
   */
  async function attach(user: User, column: 'phone' | 'email', value: string, taken: () => UpstreamError): Promise<BindOutcome> {
    const before = user[column];
    if (before === value) return 'unchanged';
    try {
      // Only this column: the nickname, the sessions and every other way in stay as they are.
      await db
        .updateTable('users')
        .set({ [column]: value })
        .where('id', '=', user.id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    return before === null ? 'bound' : 'changed';
  }

  return {
    /** pre_bind_phone: a code to the number, for this user's binding only. */
    sendPhoneCode: (user: User, typed: string, clientAddress: string) =>
      smsLogin.sendCode(typed, clientAddress, bindPurpose(user.id)),

    /** bind_phone: the number (E.164) is the user's once its code is right. */
    async bindPhone(user: User, typed: string, code: string): Promise<{ phone: string; said: string }> {
      const phone = await smsLogin.consumeCode(typed, code, bindPurpose(user.id));
      return { phone, said: saidOf('手机号', await attach(user, 'phone', phone, phoneTaken)) };
    },

    /** pre_bind_email: a code to the address, for this user's binding only. */
    sendEmailCode: (user: User, address: string, clientAddress: string) =>
      emailLogin.sendCode(address, clientAddress, bindPurpose(user.id)),

    /** bind_email: the (normalised) address is the user's once its code is right. */
    async bindEmail(user: User, address: string, code: string): Promise<{ email: string; said: string }> {
      const email = await emailLogin.consumeCode(address, code, bindPurpose(user.id));
      return { email, said: saidOf('邮箱', await attach(user, 'email', email, emailTaken)) };
    },
  };
}

export type ContactBinding = ReturnType<typeof createContactBinding>;
