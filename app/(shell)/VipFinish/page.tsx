import type { Metadata } from 'next';
import { VipFinishStatus } from '@/components/membership/vip-finish-status';
import { finishOrderIdOf } from '@/lib/client/membership/vip-finish';
import { safeReturnPath } from '@/lib/routes/navigation';

export const metadata: Metadata = {
  title: '支付结果',
  robots: { index: false },
};

/**
 * Where a payment inside WeChat comes back to (spec section 2): the membership as the server has
 * it, read again until the payment has settled. `?order_id=` names the order paid (a renewal is
 * confirmed by it), `?back=` the page 继续阅读 returns to, `?via=h5` that the browser is back from
 * WeChat's H5 pay page (a phone browser outside WeChat), which returns whether or not it was paid.
 */
export default async function VipFinishPage({
  searchParams,
}: {
  searchParams: Promise<{ back?: string | string[]; order_id?: string | string[]; via?: string | string[] }>;
}) {
  const { back, order_id, via } = await searchParams;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-8 md:py-12">
      <h1 className="text-2xl font-semibold">支付结果</h1>
      <VipFinishStatus
        back={safeReturnPath(typeof back === 'string' ? back : null)}
        orderId={finishOrderIdOf(order_id)}
        h5={via === 'h5'}
      />
    </div>
  );
}
