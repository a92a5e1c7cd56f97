import type { AccountServices } from '../account/module';
import type { MeteringServices } from '../metering/module';
import type { UpstreamModule } from '../platform/module';
import { membershipHandlers } from './membership-calls';
import { createOrders, type Orders } from './orders';
import { notificationRoutes, sandboxPayRoutes } from './payment-routes';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider';
import { createWechatPayProvider } from './wechat-provider';

export interface MembershipServices {
  /** The payment sandbox (WeChat Pay's part, played locally): used when no merchant is configured. */
  paymentSandbox: SandboxProvider;
  /** VIP orders and their settlement. */
  orders: Orders;
}

/**
 * Membership: the VIP packages, orders paid by WeChat Pay (or its sandbox), settled exactly once,
 * and the membership they extend.
 */
export const membershipModule: UpstreamModule<AccountServices & MeteringServices, MembershipServices> = {
  name: 'membership',
  services: {
    paymentSandbox: ({ config, db, now }) =>
      createSandboxProvider({
        db,
        now,
        // The QR code's page is on the site's origin (the BFF relays /sandbox/wechatpay/*); without
        // SITE_URL the browser resolves the path against the page it is on.
        payPageUrl: (id) => `${config.wechat.callbackOrigin ?? ''}/sandbox/wechatpay/pay/${id}`,
      }),
    orders: ({ config, db, now, log, paymentSandbox }) => {
      // A configured merchant is WeChat Pay itself; otherwise the sandbox, which never takes
      // orders in production.
      const merchant = config.membership.wechatPay;
      const provider = merchant
        ? createWechatPayProvider(merchant, now)
        : config.envType === 'production'
          ? null
          : paymentSandbox;
      const orders = createOrders({ db, now, log, config: config.membership, provider });
      // Orders left pending by a stop (paid, perhaps, and not yet credited) are asked about again,
      // and refunds the provider has not taken yet are asked for again.
      setTimeout(() => {
        orders.recover().then(
          (n) => n > 0 && log(`[membership] asked the payment provider again about ${n} pending order(s) and refund(s)`),
          (error: unknown) =>
            log(`[membership] recovery of pending orders failed: ${error instanceof Error ? error.message : String(error)}`),
        );
      }, 0).unref();
      return orders;
    },
  },
  calls: membershipHandlers,
  routes: ({ config, orders, paymentSandbox, now, log }) => [
    { path: '/wechatpay', app: notificationRoutes({ orders, log }) },
    {
      path: '/sandbox/wechatpay',
      app: sandboxPayRoutes({ sandbox: paymentSandbox, orders, now, log, siteOrigin: config.wechat.callbackOrigin }),
      testOnly: true,
    },
  ],
};
