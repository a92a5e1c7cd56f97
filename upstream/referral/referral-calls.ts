import type { Users } from '../account/users';
import type { Db } from '../db/database';
import type { MembershipConfig } from '../platform/config';
import type { CallHandlers } from '../platform/contract-routes';
import { ok } from '../platform/http';
import type { ShareSigner } from './share-signature';

export interface ReferralHandlersDeps {
  config: { membership: Pick<MembershipConfig, 'referralRewardPercent'> };
  db: Db;
  users: Users;
  shareSigner: ShareSigner;
}

/**
 * What a user's share links brought: the users who first logged in through them (their account
 * is recorded on the new user, users.referrer_account), what those users paid (the credited
 * payments of the ledger), and the sharer's reward at the configured rate; and the share signature.
 */
export function referralHandlers({ config, db, users, shareSigner }: ReferralHandlersDeps): CallHandlers {
  return {
    get_share_parameters: async ({ url }) => ok(await shareSigner.sign(url)),

    get_share_num: async (_input, caller) => {
      const user = await users.requireUser(caller);
      const { n } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('referrer_account', '=', user.account)
        .executeTakeFirstOrThrow();
      return ok({ share_num: Number(n) });
    },

    get_share_pay_amount: async (_input, caller) => {
      const user = await users.requireUser(caller);
      const { paid } = await db
        .selectFrom('payments')
        .innerJoin('users', 'users.id', 'payments.user_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('payments.amount_fen'), eb.lit(0)).as('paid'))
        .where('users.referrer_account', '=', user.account)
        .where('payments.outcome', '=', 'credited')
        .executeTakeFirstOrThrow();
      const percent = config.membership.referralRewardPercent;
      const payAmount = Number(paid);
      // Fen, rounded down: a reward is never more than the rate allows.
      return ok({ pay_amount: payAmount, reward: Math.floor((payAmount * percent) / 100), reward_percent: percent });
    },
  };
}
