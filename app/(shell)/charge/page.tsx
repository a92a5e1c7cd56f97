import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { BuyVipPurchase } from '@/components/membership/buy-vip-purchase';
import { packagesOnSale } from '@/lib/bff/membership';

export const metadata: Metadata = {
  title: '会员充值',
  description: '语境会员充值：月度、年度套餐，微信扫码支付，开通后不限次数查词和句子分析。',
  alternates: { canonical: '/BuyVip' },
};

/**
 * /charge: the purchase entry that desktop links point at. The packages are rendered on the
 * server; 立即购买 opens the same confirm-order flow as /BuyVip (a centre dialog with the QR code
 * on a wide screen), and a visitor logs in first.
 */
export default async function ChargePage() {
  const packages = await packagesOnSale();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:py-12">
      <header>
        <h1 className="text-2xl font-semibold">会员充值</h1>
        <p className="mt-1 text-sm text-ink-soft">
          选择套餐，微信扫码支付；会员不限次数查词和句子分析。
          <Link href="/VipDetails" className="ml-1 text-brand-700 underline underline-offset-2">
            查看会员权益
          </Link>
        </p>
      </header>
      <BuyVipPurchase initialPackages={packages ?? undefined} />
    </div>
  );
}
