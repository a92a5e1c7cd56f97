'use client';

import { useEffect, useState } from 'react';
import { LoginPrompt } from '@/components/account/login-prompt';
import { QrCode } from '@/components/ui/qr-code';
import { formatYuan } from '@/lib/client/membership/pay-model';
import { shareLinkOf, useReferralFigures } from '@/lib/client/referral/queries';
import { toast } from '@/lib/client/toast';
import { useCurrentUser } from '@/lib/client/user';
import { Button } from '@/components/ui/button';

/**
 * /Share: the user's own link (the home page carrying their account) as text and as a QR code to
 * show a friend, and what the link has brought so far. A visitor is asked to log in first.
 */
export function ShareScreen() {
  const { data: user, isPending } = useCurrentUser();
  const [origin, setOrigin] = useState<string | null>(null);
  useEffect(() => setOrigin(window.location.origin), []);

  if (isPending) return <p className="text-sm text-ink-mute">正在加载…</p>;
  if (!user) return <LoginPrompt message="登录后即可获得你的专属分享链接。" testId="share-login" />;
  const link = origin ? shareLinkOf(origin, user.account) : null;
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success('链接已复制');
    } catch {
      toast.error('复制失败，请长按链接手动复制');
    }
  };
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="share-link"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 md:flex-row md:items-center"
      >
        {link && <QrCode url={link} alt="我的分享链接二维码" testId="share-qr" />}
        <div className="min-w-0 flex-1">
          <h2 id="share-link" className="font-semibold">
            我的分享链接
          </h2>
          <p className="mt-1 text-sm text-ink-soft">朋友通过此链接首次登录，即记为你邀请的用户。</p>
          <p data-testid="share-link" className="mt-3 break-all rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm">
            {link ?? '…'}
          </p>
          <Button onClick={copy} disabled={!link} className="mt-3">
            复制链接
          </Button>
        </div>
      </section>
      <ReferralFigures />
    </div>
  );
}

/** What the user's links brought: users, what they paid, the reward. */
export function ReferralFigures() {
  const { brought, paid } = useReferralFigures(true);
  const figure = (label: string, value: string | undefined, testId: string) => (
    <div className="rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-xs text-ink-mute">{label}</dt>
      <dd data-testid={testId} className="mt-1 text-xl font-semibold">
        {value ?? '—'}
      </dd>
    </div>
  );
  const failed = brought.isError || paid.isError;
  return (
    <section aria-labelledby="referral-figures">
      <h2 id="referral-figures" className="mb-3 font-semibold">
        邀请成果
      </h2>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          暂时无法读取邀请数据，请稍后再试。
        </p>
      ) : (
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {figure('邀请的用户', brought.data ? `${brought.data.share_num} 人` : undefined, 'share-num')}
          {figure('他们的消费', paid.data ? `￥${formatYuan(paid.data.pay_amount)}` : undefined, 'share-paid')}
          {figure(
            paid.data ? `我的奖励（${paid.data.reward_percent}%）` : '我的奖励',
            paid.data ? `￥${formatYuan(paid.data.reward)}` : undefined,
            'share-reward',
          )}
        </dl>
      )}
    </section>
  );
}
