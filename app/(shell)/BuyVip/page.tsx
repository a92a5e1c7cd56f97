import type { Metadata } from 'next';
import { BuyVipPurchase } from '@/components/membership/buy-vip-purchase';
import { deliveredFeatures, packagesOnSale } from '@/lib/bff/membership';
import { benefitsOnSale } from '@/lib/membership/benefits';

export const metadata: Metadata = {
  title: '开通会员',
  description: '语境会员：不限次数的语境查词和句子分析。月度、年度套餐，微信支付。',
  alternates: { canonical: '/BuyVip' },
};

/**
 * The purchase page (spec section 2): where a phone's quota prompt lands. The benefits and the
 * packages are rendered here; buying opens the same confirm-order flow as the dialogs.
 */
export default async function BuyVipPage() {
  const [packages, delivered] = await Promise.all([packagesOnSale(), deliveredFeatures()]);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8 md:py-12">
      <header>
        <h1 className="text-2xl font-semibold">开通语境会员</h1>
        <p className="mt-1 text-sm text-ink-soft">免费次数用完也能继续：会员每天不限次数。</p>
      </header>

      <section aria-labelledby="vip-benefits">
        <h2 id="vip-benefits" className="mb-3 text-lg font-semibold">
          会员权益
        </h2>
        <ul data-testid="vip-benefits" className="grid gap-3 sm:grid-cols-2">
          {benefitsOnSale(delivered).map((b) => (
            <li key={b.feature} className="rounded-xl border border-slate-200 bg-white p-4">
              <h3 className="font-medium">{b.title}</h3>
              <p className="mt-1 text-sm text-ink-soft">{b.detail}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="vip-packages">
        <h2 id="vip-packages" className="mb-3 text-lg font-semibold">
          选择套餐
        </h2>
        <BuyVipPurchase initialPackages={packages ?? undefined} />
      </section>
    </div>
  );
}
