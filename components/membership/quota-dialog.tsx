'use client';

import { Overlay, OverlayClose } from '@/components/ui/overlay';
import { openOverlay, type HostedOverlayProps } from '@/lib/client/overlays';

/**
 * The quota prompt on wide screens (spec section 4, login_user_free_num_limit): the centre
 * dialog saying today's free uses are spent, with 取消, and 开通会员 leading into the
 * open-membership dialog.
 */
export function QuotaDialog({ open, onClose, onOpenChange }: HostedOverlayProps<'centerDialog'>) {
  return (
    <Overlay
      open={open}
      onOpenChange={onOpenChange}
      layout="dialog"
      size="sm"
      title="今日免费次数已用完"
      description="开通会员后不限次数查词，并解锁语境释义识别、短语识别和句子分析。"
      testId="quota-dialog"
    >
      <div className="flex justify-end gap-3 pt-2">
        <OverlayClose
          testId="quota-cancel"
          className="h-10 rounded-lg border border-slate-300 px-5 text-sm font-medium text-ink-soft hover:bg-slate-50"
        >
          取消
        </OverlayClose>
        <button
          type="button"
          data-testid="quota-buy-vip"
          onClick={() => {
            onClose();
            openOverlay('vipPackages');
          }}
          className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-5 text-sm font-medium text-white hover:bg-brand-700"
        >
          开通会员
        </button>
      </div>
    </Overlay>
  );
}
