'use client';

import { useQuery, useQueryClient } from '@/lib/client/query';
import { Link } from '@/components/ui/link';
import { type ReactNode, useEffect, useState } from 'react';
import { LoginPrompt } from '@/components/account/login-prompt';
import { callData } from '@/lib/client/api';
import { formatYuan, membershipLine, payOutcomeMessages, payOutcomeOf } from '@/lib/client/membership/pay-model';
import { membershipKey, remainKey, useFreeUses } from '@/lib/client/membership/queries';
import { benefitNames } from '@/lib/membership/benefits';
import { FINISH_POLL_LIMIT_MS, type VipFinishInput, vipFinishPolls, vipFinishViewOf } from '@/lib/client/membership/vip-finish';
import { useCurrentUser, userQueryKey } from '@/lib/client/user';
import { Button, buttonClass } from '@/components/ui/button';

const primaryLink = buttonClass({ size: 'lg' });
const secondaryLink = buttonClass({ tone: 'secondary', size: 'lg' });

/**
 * /VipFinish: the membership as the server has it now. The server render brings the user along
 * and the page asks again on arrival; while the payment has not settled (WeChat's notification
 * still on its way) it says 支付结果确认中 and asks every 2 s for at most 30 s, then shows what it
 * found. `orderId` (from `?order_id=`): the order to follow, so that a renewal is confirmed by its
 * payment, not by a membership the user already had. `back`: where 继续阅读 leads, already checked
 * to be a path of this site. Answers that are not OK are ignored, as the pay dialog's polls are.
 * `h5`: back from WeChat's H5 pay page, which returns whether or not the learner paid: while the
 * order is unpaid the page asks them too (已完成支付 / 重新支付), and says 支付未完成 when it still is.
 */
export function VipFinishStatus({ back, orderId, h5 = false }: { back: string; orderId: string | null; h5?: boolean }) {
  // One polite live region: a screen reader hears the result when the page finds it.
  return (
    <div aria-live="polite">
      <VipFinishContent back={back} orderId={orderId} h5={h5} />
    </div>
  );
}

function VipFinishContent({ back, orderId, h5 }: { back: string; orderId: string | null; h5: boolean }) {
  const [round, setRound] = useState(0);
  const [waitedOut, setWaitedOut] = useState(false);
  // Back from H5: the server asked again after the learner said 已完成支付.
  const [checked, setChecked] = useState(false);
  const queryClient = useQueryClient();
  const inputOf = (user: VipFinishInput['user'], outcome: string | undefined): VipFinishInput => ({
    user,
    waitedOut,
    ...(orderId ? { order: { outcome: payOutcomeOf(outcome) } } : {}),
    ...(orderId && h5 ? { h5: { checked } } : {}),
  });

  const orderKey = [...membershipKey, 'finish-order', orderId] as const;
  const { data: user, isFetching } = useCurrentUser({
    fresh: true,
    refetchInterval: (current) =>
      vipFinishPolls(inputOf(current, queryClient.getQueryData<{ pay_status?: string }>(orderKey)?.pay_status)).user,
  });
  const order = useQuery({
    queryKey: orderKey,
    queryFn: ({ signal }) => callData('get_pay_status', { order_id: orderId! }, signal, { quiet: true }),
    enabled: !!orderId && !!user,
    refetchInterval: (query) => vipFinishPolls(inputOf(user, query.state.data?.pay_status)).order,
    staleTime: 0,
    gcTime: 0,
  });
  const input = inputOf(user, order.data?.pay_status);
  const view = vipFinishViewOf(input);
  const outcome = input.order?.outcome ?? null;

  // Each round of asking (the arrival, 重新查询) lasts 30 s at most.
  // biome-ignore lint/correctness/useExhaustiveDependencies: round is what restarts the wait
  useEffect(() => {
    setWaitedOut(false);
    const timer = setTimeout(() => setWaitedOut(true), FINISH_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [round]);

  // The order is paid: the membership (a new expiry, for a renewal) is read at once.
  useEffect(() => {
    if (outcome === 'SUCCESS') void queryClient.invalidateQueries({ queryKey: userQueryKey });
  }, [outcome, queryClient]);

  // A new member's free-use counts no longer apply.
  const isMember = view === 'member';
  useEffect(() => {
    if (isMember) void queryClient.invalidateQueries({ queryKey: remainKey });
  }, [isMember, queryClient]);

  const askAgain = () => {
    setRound((r) => r + 1);
    setChecked(false);
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
    if (orderId) void queryClient.invalidateQueries({ queryKey: orderKey });
  };

  if (view === 'login' || !user) {
    return <LoginPrompt message="登录后查看会员开通结果。" testId="vip-finish-login" />;
  }

  if (view === 'member') {
    return (
      <FinishFrame state="member" tone="success" title="会员已开通" actions={<FinishLinks back={back} />}>
        <p className="text-sm">
          当前账号：<span className="font-medium">{user.nickname}</span>
          <span className="text-ink-mute">（{user.account}）</span>
        </p>
        <p data-testid="vip-finish-status" className="text-base font-medium text-emerald-900">
          {membershipLine(user)}
        </p>
        {outcome === 'SUCCESS' && order.data?.amount !== undefined && (
          <p data-testid="vip-finish-amount" className="text-sm">
            已支付 ¥{formatYuan(order.data.amount)}
          </p>
        )}
        <UnlimitedNow />
      </FinishFrame>
    );
  }

  // 已完成支付: the order is asked about at once, and what it says then is the answer.
  const confirmPaid = () => {
    void order.refetch().then(() => setChecked(true));
  };
  const status = <CurrentStatus line={membershipLine(user)} />;

  if (view === 'confirm') {
    return (
      <FinishFrame
        state="confirm"
        tone="neutral"
        title="请确认微信支付是否已完成"
        actions={
          <>
            <Button size="lg" data-testid="vip-finish-paid" disabled={order.isFetching} onClick={confirmPaid}>
              {order.isFetching ? '正在查询…' : '已完成支付'}
            </Button>
            <Link href="/BuyVip" data-testid="vip-finish-buy" className={secondaryLink}>
              重新支付
            </Link>
          </>
        }
      >
        <p className="flex items-center gap-2 text-sm text-ink-soft">
          <Spinner className="size-4" />
          正在查询支付结果…
        </p>
        {status}
      </FinishFrame>
    );
  }

  if (view === 'unpaid') {
    return (
      <FinishFrame
        state="unpaid"
        tone="warning"
        title="支付未完成"
        note="暂未收到这笔订单的付款。如果刚在微信中付过款，请稍后重新查询；如果没有付款，可以重新支付。"
        actions={
          <>
            <Link href="/BuyVip" data-testid="vip-finish-buy" className={primaryLink}>
              重新支付
            </Link>
            <Button tone="secondary" size="lg" data-testid="vip-finish-retry" disabled={isFetching} onClick={askAgain}>
              重新查询
            </Button>
          </>
        }
      >
        {status}
      </FinishFrame>
    );
  }

  if (view === 'settling') {
    return (
      <FinishFrame state="settling" tone="neutral" title="支付结果确认中" busy>
        <p className="text-sm text-ink-soft">微信支付完成后，会员通常在几秒内生效，请稍候，不要重复支付。</p>
        {status}
      </FinishFrame>
    );
  }

  if (view === 'failed' || view === 'timeout') {
    return (
      <FinishFrame
        state={view}
        tone="danger"
        title={payOutcomeMessages[view === 'failed' ? 'FAIL' : 'TIMEOUT']}
        note="这笔订单未支付成功，可以重新购买；如果微信显示已扣款，请联系客服处理。"
        actions={
          <>
            <Link href="/BuyVip" data-testid="vip-finish-buy" className={primaryLink}>
              重新购买
            </Link>
            <Link href={back} data-testid="vip-finish-back" className={secondaryLink}>
              继续阅读
            </Link>
          </>
        }
      >
        {status}
      </FinishFrame>
    );
  }

  return (
    <FinishFrame
      state="unconfirmed"
      tone="warning"
      title="暂未确认到支付结果"
      note="如果已经完成支付，会员会在支付确认后自动生效，可稍后在个人中心查看；如果没有完成支付，可以重新购买。"
      actions={
        <>
          <Button size="lg" data-testid="vip-finish-retry" disabled={isFetching} onClick={askAgain}>
            重新查询
          </Button>
          <Link href="/BuyVip" className={secondaryLink}>
            重新购买
          </Link>
          <Link href="/Admin" data-testid="vip-finish-admin" className={secondaryLink}>
            个人中心
          </Link>
        </>
      }
    >
      {status}
    </FinishFrame>
  );
}

/** How a finish state looks: its box, and the colour of its title and note. */
const finishTones = {
  success: { box: 'border-emerald-200 bg-emerald-50', text: 'text-emerald-900' },
  neutral: { box: 'border-slate-200 bg-white', text: '' },
  warning: { box: 'border-amber-200 bg-amber-50', text: 'text-amber-900' },
  danger: { box: 'border-red-200 bg-red-50', text: 'text-red-800' },
} as const;

/**
 * The frame every finish state shares: the titled box (`busy`: a spinner before the title), what
 * the state says (`children`, then `note` in the state's colour) and its buttons.
 */
function FinishFrame({
  state,
  tone,
  title,
  busy = false,
  note,
  actions,
  children,
}: {
  state: string;
  tone: keyof typeof finishTones;
  title: string;
  busy?: boolean;
  note?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { box, text } = finishTones[tone];
  return (
    <section data-testid="vip-finish" data-state={state} className={`flex flex-col gap-4 rounded-2xl border p-6 ${box}`}>
      <h2 className={`text-lg font-semibold ${busy ? 'flex items-center gap-3' : ''} ${text}`}>
        {busy && <Spinner className="size-5" />}
        {title}
      </h2>
      {children}
      {note && <p className={`text-sm ${text}`}>{note}</p>}
      {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
    </section>
  );
}

/** The membership as the server has it now, while the payment is not (yet) confirmed. */
function CurrentStatus({ line }: { line: string }) {
  return (
    <p data-testid="vip-finish-status" className="text-sm">
      当前状态：{line}
    </p>
  );
}

function Spinner({ className }: { className: string }) {
  return (
    <span
      aria-hidden
      className={`rounded-full border-2 border-slate-300 border-t-brand-600 motion-safe:animate-spin ${className}`}
    />
  );
}

function FinishLinks({ back }: { back: string }) {
  return (
    <>
      <Link href="/Admin" data-testid="vip-finish-admin" className={primaryLink}>
        查看个人中心
      </Link>
      <Link href={back} data-testid="vip-finish-back" className={secondaryLink}>
        继续阅读
      </Link>
    </>
  );
}

/** What the membership now gives without limit: the features the running product delivers. */
function UnlimitedNow() {
  const uses = useFreeUses();
  if (!uses.data) return null;
  return <p className="text-sm text-ink-soft">{benefitNames(uses.data.metered)}现在不限次数。</p>;
}
