'use client';

import { formatBeijingTime, formatYuan, orderStatusLabel } from '@/lib/client/membership/pay-model';
import { packageNames } from '@/lib/contract/membership';
import { useOrders } from '@/lib/client/membership/queries';

const statusTone: Record<string, string> = {
  SUCCESS: 'text-emerald-700',
  FAIL: 'text-red-600',
  REFUND: 'text-amber-700',
};

/**
 * The personal centre's list of the user's orders: package, amount, when, and what became of it.
 * An order replaced by a newer one (another package chosen in the dialog) is not there: it was
 * closed unpaid; only the live one is 待支付.
 */
export function OrderHistory() {
  const orders = useOrders(true);

  return (
    <section aria-labelledby="admin-orders" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="admin-orders" className="font-semibold">
        我的订单
      </h2>
      {orders.isPending ? (
        <p className="mt-2 text-sm text-ink-mute">正在加载…</p>
      ) : orders.isError ? (
        <p className="mt-2 text-sm text-red-600">订单暂时无法读取，请稍后再试。</p>
      ) : orders.data.length === 0 ? (
        <p data-testid="admin-orders-empty" className="mt-2 text-sm text-ink-mute">
          还没有订单。
        </p>
      ) : (
        <ul data-testid="admin-orders" className="mt-2 divide-y divide-slate-100">
          {orders.data.map((order) => (
            <li
              key={order.order_id}
              data-testid="admin-order"
              data-status={order.pay_status}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm"
            >
              <span className="font-medium">{packageNames[order.type]}</span>
              <span className="tabular-nums">￥{formatYuan(order.amount)}</span>
              <span className="text-ink-mute tabular-nums">{formatBeijingTime(order.created_at)}</span>
              <span className={statusTone[order.pay_status] ?? 'text-ink-soft'}>{orderStatusLabel(order)}</span>
            </li>
          ))}
        </ul>
      )}
      {orders.data?.some((order) => order.pay_status === 'REFUND') && (
        <p className="mt-2 text-xs text-ink-mute">订单关闭或超时后才到账的付款不会开通会员，将原路退回；如有疑问请联系客服。</p>
      )}
    </section>
  );
}
