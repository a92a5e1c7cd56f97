'use client';

import { useQueryClient } from '@/lib/client/query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useRequireLogin } from '@/components/account/use-require-login';
import { Overlay } from '@/components/ui/overlay';
import { RetryButton } from '@/components/ui/retry-button';
import { useClientMode } from '@/lib/client/use-client-mode';
import { ApiError } from '@/lib/client/errors';
import {
  formatBeijingDate,
  formatYuan,
  ORDER_PAID_STATUS,
  orderSequence,
  payOutcomeMessages,
  resolvePayUrl,
  sandboxPayLink,
} from '@/lib/client/membership/pay-model';
import { packageNames } from '@/lib/contract/membership';
import {
  refreshAfterPayment,
  usePackages,
  usePayStatus,
  useH5Pay,
  useQrOrder,
  useWechatPay,
  type PayResult,
} from '@/lib/client/membership/queries';
import type { SellablePackage } from '@/lib/contract/membership';
import { closeOverlay, openOverlay, type HostedOverlayProps } from '@/lib/client/overlays';
import { useCurrentUser } from '@/lib/client/user';
import type { CurrentUser } from '@/lib/contract/current-user';
import { extendMembership, type PackageType } from '@/lib/contract/membership';
import { QrCode } from '@/components/ui/qr-code';
import { Button } from '@/components/ui/button';

/**
 * The confirm-order dialog (spec sections 2 and 4): who pays, their membership now, the package
 * (switchable) and its price, the new expiry, the total; then the QR code to scan with WeChat, or
 * inside WeChat a pay button through WeChat's own pay sheet, or in a phone browser outside WeChat
 * (where a QR code would have to be scanned by the phone showing it) 前往微信支付, which leaves
 * for WeChat's H5 pay page and comes back to /VipFinish. While it is open the order's status
 * is polled every 2 s: 支付成功 opens the congratulations dialog; 支付失败 and 支付超时 stop the
 * poll and offer a new order. Its content mounts when it opens, so every opening is a new order.
 * Each new order of an opening (another package, 重新下单) names the one before it, which the
 * server closes first: only the code shown last can be paid. Had that one been paid meanwhile,
 * the new order is refused and the dialog says the membership is open instead of a second code.
 */
export function OrderDialog({ open, payload, onOpenChange }: HostedOverlayProps<'vipOrder'>) {
  return (
    <Overlay open={open} onOpenChange={onOpenChange} size="sm" title="确认订单" testId="order-dialog">
      {payload && <OrderContent initialType={payload.type} />}
    </Overlay>
  );
}

// Tells two openings of the dialog apart, so that reopening it never shows an earlier order.
let openings = 0;

function OrderContent({ initialType }: { initialType: PackageType }) {
  const mode = useClientMode();
  // Inside WeChat its own pay sheet is used; the QR code stays the way out when that cannot work
  // (an account logged in without WeChat has no openid to pay with).
  const [qrInstead, setQrInstead] = useState(false);
  const insideWechat = mode.isWechat && !qrInstead;
  // A phone browser outside WeChat (not the native app, whose web view WeChat's H5 pay does not
  // serve) pays on WeChat's H5 page; the QR code stays the way out, as inside WeChat.
  const phoneBrowser = mode.isPhone && !mode.isWechat && !mode.isApp && !qrInstead;
  const [opening] = useState(() => String(++openings));
  const [type, setType] = useState(initialType);
  const [attempt, setAttempt] = useState(0);
  const packages = usePackages();
  const user = useCurrentUser({ fresh: true });
  // The membership as it was before paying: what the status and the new expiry are shown from,
  // so they do not move when the user is read again after the payment.
  const [before, setBefore] = useState<CurrentUser | null | undefined>(undefined);
  if (before === undefined && user.isFetchedAfterMount) setBefore(user.data ?? null);

  const chosen = packages.data?.find((p) => p.type === type);
  const [sequence] = useState(orderSequence);
  const qr = useQrOrder({
    type,
    money: chosen?.actual_price,
    opening,
    attempt,
    sequence,
    enabled: !insideWechat && !phoneBrowser && !!user.data,
  });
  const wechat = useWechatPay(sequence);
  const h5 = useH5Pay(sequence);
  const orderId = insideWechat ? wechat.data?.orderId : phoneBrowser ? h5.data?.orderId : qr.data?.order_id;
  const result = usePayStatus(orderId);
  // The order before this one was paid just now: no second order, and no switching to make one.
  const paidBefore = [insideWechat ? wechat.error : phoneBrowser ? h5.error : qr.error].find(isOrderPaid);
  const paid = result?.outcome === 'SUCCESS' || !!paidBefore;

  const queryClient = useQueryClient();
  useEffect(() => {
    if (paidBefore) void refreshAfterPayment(queryClient);
  }, [paidBefore, queryClient]);
  const celebrated = useRef<string | null>(null);
  useEffect(() => {
    if (result?.outcome !== 'SUCCESS' || celebrated.current === result.orderId) return;
    celebrated.current = result.orderId;
    void refreshAfterPayment(queryClient);
    openOverlay('vipCongrats', { amount: result.amount ?? chosen?.actual_price ?? 0, type });
  }, [result, queryClient, chosen?.actual_price, type]);

  // Back from WeChat's page by the browser's back button, the dialog may be restored as it was
  // left (on its way to WeChat): 前往微信支付 is offered again; the poll tells if it was paid.
  const resetH5 = h5.reset;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) resetH5();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [resetH5]);

  const orderAgain = () => {
    wechat.reset();
    h5.reset();
    setAttempt((a) => a + 1);
  };
  const switchTo = (next: PackageType) => {
    if (next === type || paid) return;
    wechat.reset();
    h5.reset();
    setType(next);
  };

  if (user.data === null) return <LoggedOut />;
  if (!packages.data) {
    return (
      <div className="py-4">
        {packages.error ? (
          <FailedPanel message={`套餐加载失败：${messageOf(packages.error)}`}>
            <RetryButton
              onRetry={() => void packages.refetch()}
              retrying={packages.isFetching}
              testId="order-packages-retry"
              tone="alert"
              className="h-9"
            />
          </FailedPanel>
        ) : (
          <p role="status" className="text-sm text-ink-mute">
            正在加载套餐…
          </p>
        )}
      </div>
    );
  }

  const account = before ?? user.data;
  // A member whose expiry could not be read: the new one is only known to follow it.
  const newExpiry =
    before === undefined
      ? undefined
      : before?.isVip && !before.expireTime
        ? null
        : extendMembership(type, before?.isVip ? before.expireTime : null, new Date());

  return (
    <div className="flex flex-col gap-4 pt-1 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="text-ink-mute">账号</dt>
        <dd data-testid="order-account" className="min-w-0 truncate">
          {account ? `${account.nickname}（${account.account}）` : '—'}
        </dd>
        <dt className="text-ink-mute">当前状态</dt>
        <dd data-testid="order-current-status">{before === undefined ? '正在读取…' : statusLine(before)}</dd>
      </dl>

      <fieldset disabled={paid} className="flex flex-col gap-2">
        <legend className="mb-2 text-ink-mute">选择套餐</legend>
        {packages.data.map((p) => (
          <PackageChoice key={p.type} pkg={p} checked={p.type === type} onChoose={switchTo} />
        ))}
        {!chosen && <p className="text-red-700">该套餐已下架，请选择其他套餐</p>}
      </fieldset>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="text-ink-mute">开通后有效期至</dt>
        <dd data-testid="order-new-expiry">
          {newExpiry === undefined ? '正在计算…' : newExpiry ? formatBeijingDate(newExpiry) : '在当前到期日基础上顺延'}
        </dd>
        <dt className="self-center text-ink-mute">合计</dt>
        <dd data-testid="order-total" className="text-2xl font-semibold text-brand-700">
          {chosen ? `¥${formatYuan(chosen.actual_price)}` : '—'}
        </dd>
      </dl>

      {chosen && (
        <div className="flex flex-col items-center gap-3 rounded-xl bg-slate-50 px-4 py-4">
          {result ? (
            <Outcome result={result} onOrderAgain={orderAgain} />
          ) : paidBefore ? (
            <PaidBefore message={paidBefore.message} />
          ) : insideWechat ? (
            <WechatPay
              pay={wechat}
              onPay={() => wechat.mutate({ type, money: chosen.actual_price })}
              onQrInstead={() => setQrInstead(true)}
            />
          ) : phoneBrowser ? (
            <H5Pay
              pay={h5}
              onPay={() =>
                h5.mutate(
                  { type, money: chosen.actual_price, back: `${window.location.pathname}${window.location.search}` },
                  { onSuccess: ({ address }) => window.location.assign(address) },
                )
              }
              onQrInstead={() => setQrInstead(true)}
            />
          ) : (
            <QrPay qr={qr} onRetry={orderAgain} />
          )}
        </div>
      )}
    </div>
  );
}

function statusLine(user: CurrentUser | null): string {
  if (!user?.isVip) return '非会员';
  const until = formatBeijingDate(user.expireTime);
  return until ? `会员（有效期至 ${until}）` : '会员';
}

function PackageChoice({
  pkg,
  checked,
  onChoose,
}: {
  pkg: SellablePackage;
  checked: boolean;
  onChoose: (type: PackageType) => void;
}) {
  return (
    <label
      data-testid={`order-package-${pkg.type}`}
      className={`flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
        checked ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50'
      }`}
    >
      <input
        type="radio"
        name="vip-package"
        value={pkg.type}
        checked={checked}
        onChange={() => onChoose(pkg.type)}
        className="size-4 accent-brand-600"
      />
      <span className="flex-1 font-medium">{packageNames[pkg.type]}</span>
      <span className="font-semibold">¥{formatYuan(pkg.actual_price)}</span>
      {pkg.original_price !== undefined && pkg.original_price > pkg.actual_price && (
        <span className="text-xs text-ink-soft line-through">
          <span className="sr-only">原价</span>¥{formatYuan(pkg.original_price)}
        </span>
      )}
    </label>
  );
}

function QrPay({ qr, onRetry }: { qr: ReturnType<typeof useQrOrder>; onRetry: () => void }) {
  if (qr.error) {
    return (
      <FailedPanel message={`下单失败：${messageOf(qr.error)}`}>
        <RetryButton onRetry={onRetry} testId="order-retry" label="重新下单" tone="alert" className="h-9" />
      </FailedPanel>
    );
  }
  if (!qr.data) {
    return (
      <>
        <div aria-hidden className="size-[200px] animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />
        <p role="status" data-testid="order-status" className="text-ink-mute">
          正在生成支付二维码…
        </p>
      </>
    );
  }
  const origin = window.location.origin;
  const url = resolvePayUrl(qr.data.code_url, origin);
  const sandbox = sandboxPayLink(qr.data.code_url, origin);
  if (!url) {
    return <FailedPanel message="支付二维码无效，请稍后重新下单" />;
  }
  return (
    <>
      <QrCode url={url} alt="微信支付二维码" testId="order-qr" />
      <p className="font-medium">请使用微信扫码支付</p>
      <p role="status" data-testid="order-status" className="text-xs text-ink-mute">
        等待支付…支付完成后本页自动更新
      </p>
      {sandbox && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900">
          测试环境：
          <a
            href={sandbox}
            target="_blank"
            rel="noopener"
            data-testid="order-sandbox-link"
            className="font-medium underline underline-offset-2"
          >
            在本机打开测试沙箱支付页
          </a>
          （模拟微信支付，不会扣款）
        </p>
      )}
    </>
  );
}

function WechatPay({
  pay,
  onPay,
  onQrInstead,
}: {
  pay: ReturnType<typeof useWechatPay>;
  onPay: () => void;
  onQrInstead: () => void;
}) {
  // WeChat's answer is a hint: after 'ok' the poll confirms; after a cancel or a failure the
  // learner may try again (a new order; the earlier one times out unpaid).
  const waiting = pay.data?.result === 'ok';
  return (
    <>
      <WechatPayButton testId="order-wechat-pay" onClick={onPay} disabled={pay.isPending || waiting}>
        {pay.isPending ? '正在打开微信支付…' : '微信支付'}
      </WechatPayButton>
      <p role="status" data-testid="order-status" className="text-xs text-ink-mute">
        {pay.error
          ? `无法发起支付：${messageOf(pay.error)}`
          : pay.data?.result === 'cancel'
            ? '已取消支付，可再次点击支付'
            : pay.data?.result === 'fail'
              ? '微信支付未完成，可再次点击支付'
              : waiting
                ? '正在确认支付结果…'
                : ''}
      </p>
      {pay.error && (
        <div className="flex gap-4">
          <QrInsteadButton onClick={onQrInstead} />
          {/* 417: this account has no WeChat to pay with; /Profil binds it (绑定微信). */}
          {pay.error instanceof ApiError && pay.error.status === '417' && (
            <a
              href="/Profil"
              data-testid="order-bind-wechat"
              className="text-xs font-medium text-brand-700 underline underline-offset-2"
            >
              去绑定微信
            </a>
          )}
        </div>
      )}
    </>
  );
}

/**
 * A phone browser outside WeChat: 前往微信支付 makes an H5 order and leaves for WeChat's pay
 * page, which opens WeChat to pay and then returns the browser to /VipFinish.
 */
function H5Pay({ pay, onPay, onQrInstead }: { pay: ReturnType<typeof useH5Pay>; onPay: () => void; onQrInstead: () => void }) {
  // Once the order is made the browser is on its way to WeChat: no second order from here.
  const leaving = pay.isSuccess;
  return (
    <>
      <WechatPayButton testId="order-h5-pay" onClick={onPay} disabled={pay.isPending || leaving}>
        {pay.isPending ? '正在下单…' : leaving ? '正在前往微信支付…' : '前往微信支付'}
      </WechatPayButton>
      <p role="status" data-testid="order-status" className="text-xs text-ink-mute">
        {pay.error ? `无法发起支付：${messageOf(pay.error)}` : '将打开微信完成支付，支付后自动返回本站查看结果'}
      </p>
      {pay.error && <QrInsteadButton onClick={onQrInstead} />}
    </>
  );
}

/** WeChat's green pay button, inside WeChat and on the way to its H5 page. */
function WechatPayButton({
  testId,
  onClick,
  disabled,
  children,
}: {
  testId: string;
  onClick: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      onClick={onClick}
      disabled={disabled}
      className="h-11 w-full rounded-lg bg-[#06813d] font-medium text-white hover:bg-[#056c33] disabled:opacity-60"
    >
      {children}
    </button>
  );
}

/** The way out when WeChat's own payment cannot start: the QR code, scanned with another phone. */
function QrInsteadButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      data-testid="order-qr-instead"
      onClick={onClick}
      className="text-xs font-medium text-brand-700 underline underline-offset-2"
    >
      改用二维码支付
    </button>
  );
}

function Outcome({ result, onOrderAgain }: { result: PayResult; onOrderAgain: () => void }) {
  if (result.outcome === 'SUCCESS') {
    return (
      <p role="status" data-testid="order-status" data-outcome="SUCCESS" className="text-lg font-semibold text-green-700">
        {payOutcomeMessages.SUCCESS}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2">
      <p role="alert" data-testid="order-status" data-outcome={result.outcome} className="text-lg font-semibold text-red-700">
        {payOutcomeMessages[result.outcome]}
      </p>
      <p className="text-xs text-ink-mute">
        {result.outcome === 'TIMEOUT'
          ? '订单已超时关闭，请重新下单。'
          : result.outcome === 'CLOSED'
            ? '您已重新下单（例如在其他页面），此订单已关闭，请重新下单。'
            : '本次支付未成功，请重新下单。'}
      </p>
      <Button data-testid="order-again" onClick={onOrderAgain}>
        重新下单
      </Button>
    </div>
  );
}

/** A new order refused because the order before it has just been paid: that payment counts. */
function PaidBefore({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      <p role="status" data-testid="order-status" data-outcome="PAID_BEFORE" className="text-lg font-semibold text-green-700">
        {payOutcomeMessages.SUCCESS}
      </p>
      <p className="text-sm">{message}</p>
      <a href="/Admin" className="text-xs font-medium text-brand-700 underline underline-offset-2">
        查看订单
      </a>
    </div>
  );
}

function isOrderPaid(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === ORDER_PAID_STATUS;
}

function FailedPanel({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div role="alert" data-testid="order-error" className="flex flex-col items-center gap-3 text-center text-red-800">
      <p>{message}</p>
      {children}
    </div>
  );
}

function LoggedOut() {
  const requireLogin = useRequireLogin();
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-sm">
      <p>请先登录，再购买会员。</p>
      <Button
        size="lg"
        data-testid="order-login"
        onClick={() => {
          closeOverlay('vipOrder');
          requireLogin();
        }}
      >
        登录
      </Button>
    </div>
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '未知错误';
}
