'use client';

import { Link } from '@/components/ui/link';
import { useEffect, useRef, useState } from 'react';
import { Overlay } from '@/components/ui/overlay';
import { formatBeijingDate, formatYuan, SUCCESS_COUNTDOWN_SECONDS } from '@/lib/client/membership/pay-model';
import { packageNames } from '@/lib/contract/membership';
import { closeOverlays, type HostedOverlayProps, type VipCongratsPayload } from '@/lib/client/overlays';
import { useCurrentUser } from '@/lib/client/user';
import { Button, buttonClass } from '@/components/ui/button';

const closeBoth = () => closeOverlays(['vipOrder', 'vipCongrats']);

/**
 * The congratulations dialog after a payment (spec sections 2, 4 and 9): the amount, a 15-second
 * countdown, 返回 and 查看详情 (the personal centre). When the countdown ends, or the learner
 * leaves it any way, it closes together with the confirm-order dialog under it.
 */
export function CongratsDialog({ open, payload }: HostedOverlayProps<'vipCongrats'>) {
  return (
    <Overlay
      open={open}
      onOpenChange={(o) => !o && closeBoth()}
      layout="dialog"
      size="sm"
      title="恭喜您，支付成功"
      testId="congrats-dialog"
    >
      {payload && <CongratsContent payload={payload} />}
    </Overlay>
  );
}

function CongratsContent({ payload }: { payload: VipCongratsPayload }) {
  const left = useCountdown(SUCCESS_COUNTDOWN_SECONDS, closeBoth);
  const { data: user } = useCurrentUser();
  const until = user?.isVip ? formatBeijingDate(user.expireTime) : null;
  return (
    <div className="flex flex-col gap-4 pt-1 text-sm">
      <p>
        已支付{' '}
        <span data-testid="congrats-amount" className="text-xl font-semibold text-brand-700">
          ¥{formatYuan(payload.amount)}
        </span>
        ，{packageNames[payload.type]}已生效。
      </p>
      {until && (
        <p data-testid="congrats-expiry" className="text-ink-soft">
          会员有效期至 {until}
        </p>
      )}
      <p data-testid="congrats-countdown" className="text-xs text-ink-mute" aria-live="off">
        {left} 秒后自动关闭
      </p>
      <div className="flex justify-end gap-3">
        <Button tone="secondary" size="lg" data-testid="congrats-back" onClick={closeBoth}>
          返回
        </Button>
        <Link href="/Admin" data-testid="congrats-details" onClick={closeBoth} className={buttonClass({ size: 'lg' })}>
          查看详情
        </Link>
      </div>
    </div>
  );
}

/** Whole seconds left of `seconds` from mount; `onEnd` runs once when it reaches 0. */
function useCountdown(seconds: number, onEnd: () => void): number {
  const [left, setLeft] = useState(seconds);
  const end = useRef(onEnd);
  end.current = onEnd;
  useEffect(() => {
    // Measured against the clock, so a throttled background tab does not stretch it.
    const endsAt = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const now = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(now);
      if (now === 0) {
        clearInterval(timer);
        end.current();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}
