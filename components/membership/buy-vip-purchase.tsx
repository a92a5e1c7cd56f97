'use client';

import { useForUser } from '@/components/account/use-for-user';
import { useRequireLogin } from '@/components/account/use-require-login';
import { formatBeijingDate } from '@/lib/client/membership/pay-model';
import { usePackages, useRemainingUses } from '@/lib/client/membership/queries';
import type { SellablePackage } from '@/lib/contract/membership';
import { openOverlay } from '@/lib/client/overlays';
import { useCurrentUser } from '@/lib/client/user';
import { remainingUses } from '@/lib/membership/benefits';
import type { PackageType } from '@/lib/contract/membership';
import { PackageList, PackagesPending } from './package-list';
import { Button } from '@/components/ui/button';

/**
 * The purchase part of /BuyVip: who is buying and their membership now, the packages (rendered
 * on the server, fetched here only if that failed), 立即购买 opening the confirm-order flow. A
 * visitor is asked to log in first, and comes back here afterwards.
 */
export function BuyVipPurchase({ initialPackages }: { initialPackages?: SellablePackage[] }) {
  const packages = usePackages(initialPackages);
  const { data: user } = useCurrentUser();
  const requireLogin = useRequireLogin();
  const forUser = useForUser();

  const buy = (type: PackageType) => forUser(() => openOverlay('vipOrder', { type }));

  return (
    <div className="flex flex-col gap-4">
      {user && <MemberLine />}
      {user === null && (
        <div
          data-testid="buy-vip-login"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <span>登录后即可购买会员。</span>
          <Button data-testid="buy-vip-login-button" onClick={requireLogin}>
            登录
          </Button>
        </div>
      )}
      {packages.data ? (
        <PackageList packages={packages.data} onBuy={buy} buyLabel={user === null ? '登录后购买' : '立即购买'} />
      ) : (
        <PackagesPending error={packages.error} onRetry={() => void packages.refetch()} retrying={packages.isFetching} />
      )}
    </div>
  );
}

function MemberLine() {
  const { data: user, isFetchedAfterMount } = useCurrentUser({ fresh: true });
  const remain = useRemainingUses(!!user && !user.isVip);
  if (!user) return null;
  const until = formatBeijingDate(user.expireTime);
  const left = remainingUses(remain.data?.remain);
  return (
    <div data-testid="buy-vip-status" className="rounded-xl bg-slate-50 px-4 py-3 text-sm">
      <p>
        当前账号：<span className="font-medium">{user.nickname}</span>
        <span className="text-ink-mute">（{user.account}）</span>
      </p>
      <p className="mt-1 text-ink-soft">
        {user.isVip
          ? until
            ? `会员，有效期至 ${until}，续费后顺延。`
            : isFetchedAfterMount
              ? '会员，续费后有效期顺延。'
              : '会员'
          : '非会员'}
        {left.length > 0 && `　今日剩余免费次数：${left.join('，')}`}
      </p>
    </div>
  );
}
