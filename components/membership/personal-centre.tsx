'use client';

import { Link } from '@/components/ui/link';
import { LoginPrompt } from '@/components/account/login-prompt';
import { OrderHistory } from '@/components/membership/order-history';
import { ReferralFigures } from '@/components/referral/share-screen';
import { Avatar } from '@/components/ui/avatar';
import { membershipLine } from '@/lib/client/membership/pay-model';
import { useRemainingUses } from '@/lib/client/membership/queries';
import { openOverlay } from '@/lib/client/overlays';
import { useCurrentUser, useLogout } from '@/lib/client/user';
import { remainingUses } from '@/lib/membership/benefits';
import { Button } from '@/components/ui/button';

/**
 * /Admin, the personal centre: who the user is, their membership and its expiry with 续费 / 开通,
 * the free uses left today, their orders, what their share link brought, and logout.
 */
export function PersonalCentre() {
  const { data: user, isPending } = useCurrentUser();
  const remain = useRemainingUses(!!user && !user.isVip);
  const logout = useLogout();

  if (isPending) return <p className="text-sm text-ink-mute">正在加载…</p>;
  if (!user) return <LoginPrompt message="登录后查看个人中心。" testId="admin-login" />;
  const left = remainingUses(remain.data?.remain);

  return (
    <div className="flex flex-col gap-6">
      <section className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5">
        <Avatar src={user.headimgurl} name={user.nickname} size={56} />
        <div className="min-w-0">
          <p data-testid="admin-nickname" className="truncate text-lg font-semibold">
            {user.nickname}
          </p>
          <p className="text-sm text-ink-mute">账号 {user.account}</p>
          <Link href="/Profil" className="text-sm text-brand-700 hover:underline">
            个人资料
          </Link>
        </div>
      </section>

      <section aria-labelledby="admin-vip" className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="admin-vip" className="font-semibold">
          会员
        </h2>
        <p data-testid="admin-vip-status" className="mt-2 text-sm">
          {membershipLine(user)}
        </p>
        {!user.isVip && left.length > 0 && (
          <p data-testid="admin-remain" className="mt-1 text-sm text-ink-soft">
            今日剩余免费次数：{left.join('，')}
          </p>
        )}
        <Button data-testid="admin-renew" onClick={() => openOverlay('vipPackages')} className="mt-4">
          {user.isVip ? '续费会员' : '开通会员'}
        </Button>
        <Link href="/VipDetails" className="ml-4 text-sm text-brand-700 hover:underline">
          会员权益
        </Link>
      </section>

      <OrderHistory />

      <section className="rounded-2xl border border-slate-200 bg-white p-5">
        <ReferralFigures />
        <Link href="/Share" className="mt-3 inline-block text-sm text-brand-700 hover:underline">
          我的分享链接与二维码
        </Link>
      </section>

      <Button
        tone="secondary"
        size="lg"
        data-testid="admin-logout"
        disabled={logout.isPending}
        onClick={() => logout.mutate()}
        className="self-start"
      >
        退出登录
      </Button>
    </div>
  );
}
