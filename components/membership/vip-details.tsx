import { BuyVipPurchase } from '@/components/membership/buy-vip-purchase';
import type { MeteredFeature } from '@/lib/contract/calls/metering';
import type { SellablePackage } from '@/lib/contract/membership';
import { benefitsOnSale } from '@/lib/membership/benefits';

/**
 * The membership's benefits and package table, rendered on the server (/VipDetails and /vip):
 * what each kind of user gets per feature, and the packages with 立即购买 (those the page read,
 * or, when it could not, the purchase's own request). Only the features the running product
 * delivers are listed (`delivered`: the model's only where one is configured).
 */
export function VipDetails({
  packages,
  delivered,
}: {
  packages: SellablePackage[] | null;
  delivered: readonly MeteredFeature[] | null;
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8 md:py-12">
      <header>
        <h1 className="text-2xl font-semibold">语境会员权益</h1>
        <p className="mt-1 text-sm text-ink-soft">未登录和登录用户每天有免费次数；会员不限次数。</p>
      </header>
      <div className="overflow-x-auto">
        <table data-testid="vip-details-table" className="w-full min-w-[28rem] border-collapse text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left">
              <th scope="col" className="py-2 pr-4 font-medium">
                功能
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                未登录
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                登录用户
              </th>
              <th scope="col" className="py-2 font-medium text-brand-700">
                会员
              </th>
            </tr>
          </thead>
          <tbody>
            {benefitsOnSale(delivered).map((b) => (
              <tr key={b.feature} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-3 pr-4 text-left font-normal">
                  <span className="font-medium">{b.name}</span>
                  <span className="mt-1 block text-xs text-ink-mute">{b.detail}</span>
                </th>
                <td className="py-3 pr-4">每天有限次数</td>
                <td className="py-3 pr-4">每天更多免费次数</td>
                <td className="py-3 font-medium text-brand-700">不限次数</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="vip-details-packages">
        <h2 id="vip-details-packages" className="mb-3 text-lg font-semibold">
          套餐
        </h2>
        <BuyVipPurchase initialPackages={packages ?? undefined} />
      </section>
    </div>
  );
}
