import type { Users } from '../account/users';
import { freeUseContext, type UsageLedger } from '../metering/usage-ledger';
import type { MembershipConfig } from '../platform/config';
import type { CallHandlers } from '../platform/contract-routes';
import { ok } from '../platform/http';
import { stamp, type Clock } from '../platform/time';
import type { Db } from '../db/database';
import type { Orders } from './orders';
import { packagesOnSale } from './packages';

export interface MembershipHandlersDeps {
  config: { membership: MembershipConfig };
  db: Db;
  now: Clock;
  users: Users;
  ledger: UsageLedger;
  orders: Orders;
}

/** The packages, paying for one (QR code, inside WeChat, or H5 in a phone browser), the order's status, the membership. */
export function membershipHandlers({ config, db, now, users, ledger, orders }: MembershipHandlersDeps): CallHandlers {
  return {
    get_packages: async () => ok(packagesOnSale(config.membership)),

    get_pay_qr_code: async ({ money, type, replaces }, caller) =>
      ok(await orders.qrCodeOrder(await users.requireUser(caller), type, money, replaces)),

    get_jsapi_pay_info: async ({ money, type, replaces }, caller) =>
      ok(await orders.jsapiOrder(await users.requireUser(caller), type, money, replaces)),

    // The payer's address is the caller's as the upstream derives it, never a field of the request.
    get_h5_pay_url: async ({ money, type, replaces }, caller) =>
      ok(await orders.h5Order(await users.requireUser(caller), type, money, caller.ip, replaces)),

    get_orders: async ({ limit }, caller) => ok(await orders.list(await users.requireUser(caller), limit)),

    get_pay_status: async ({ order_id }, caller) => ok(await orders.status(await users.requireUser(caller), order_id)),

    // No renewal happens automatically yet: the wish is recorded, and the membership runs to its
    // expiry either way.
    cancel_vip: async (_input, caller) => {
      const user = await users.requireUser(caller);
      await db
        .updateTable('users')
        .set({ vip_renewal_cancelled_at: stamp(now()) })
        .where('id', '=', user.id)
        .where('vip_renewal_cancelled_at', 'is', null)
        .execute();
      const { vip_info } = users.userInfo(user);
      return ok({ vip_info, renewal: 'cancelled' }, vip_info.is_vip_now ? '已取消续费，会员有效期不变' : '已取消续费');
    },

    get_remain_vip_num: async (_input, caller) => {
      const user = await users.userForToken(caller.token);
      const remain = await ledger.remaining(freeUseContext(caller, user, (u) => users.isVip(u)));
      return ok({ is_vip: user ? users.isVip(user) : false, remain });
    },
  };
}
