'use client';

import { RetryButton } from '@/components/ui/retry-button';
import type { SellablePackage } from '@/lib/contract/membership';
import { formatDiscount, formatYuan, packagePeriods } from '@/lib/client/membership/pay-model';
import { packageNames } from '@/lib/contract/membership';
import type { PackageType } from '@/lib/contract/membership';
import { Button } from '@/components/ui/button';

/** The packages on sale as cards, each with its price, original price, discount and 立即购买. */
export function PackageList({
  packages,
  onBuy,
  buyLabel = '立即购买',
}: {
  packages: SellablePackage[];
  onBuy: (type: PackageType) => void;
  buyLabel?: string;
}) {
  if (packages.length === 0) {
    return <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-ink-soft">暂无可购买的套餐</p>;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {packages.map((p) => {
        const discount = formatDiscount(p.discount);
        const original = p.original_price !== undefined && p.original_price > p.actual_price ? p.original_price : null;
        return (
          <li
            key={p.type}
            data-testid={`package-${p.type}`}
            className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-semibold">{packageNames[p.type]}</h3>
              {discount && (
                <span
                  data-testid="package-discount"
                  className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700"
                >
                  {discount}
                </span>
              )}
            </div>
            <p className="text-xs text-ink-mute">{packagePeriods[p.type]} · 不限次数查词和句子分析</p>
            <p className="flex items-baseline gap-2">
              <span data-testid="package-price" className="text-2xl font-semibold text-brand-700">
                {`¥${formatYuan(p.actual_price)}`}
              </span>
              {original !== null && (
                <span data-testid="package-original-price" className="text-sm text-ink-mute line-through">
                  <span className="sr-only">原价</span>
                  {`¥${formatYuan(original)}`}
                </span>
              )}
            </p>
            <Button
              size="lg"
              data-testid={`buy-${p.type}`}
              aria-label={`${buyLabel}${packageNames[p.type]}`}
              onClick={() => onBuy(p.type)}
              className="mt-1"
            >
              {buyLabel}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** The loading and failed states of a package list. */
export function PackagesPending({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  if (!error) {
    return (
      <div role="status" data-testid="packages-loading" className="grid gap-3 sm:grid-cols-2">
        <span className="sr-only">正在加载套餐…</span>
        {[0, 1].map((i) => (
          <div key={i} aria-hidden className="h-40 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
        ))}
      </div>
    );
  }
  return (
    <div
      role="alert"
      data-testid="packages-error"
      className="flex flex-col items-center gap-3 rounded-xl bg-red-50 px-4 py-6 text-sm text-red-800"
    >
      <p>套餐加载失败：{error instanceof Error && error.message ? error.message : '未知错误'}</p>
      <RetryButton onRetry={onRetry} retrying={retrying} testId="packages-retry" tone="alert" className="h-9" />
    </div>
  );
}
