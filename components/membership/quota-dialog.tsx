'use client';

import { Overlay, OverlayClose } from '@/components/ui/overlay';
import { openOverlay, type HostedOverlayProps } from '@/lib/client/overlays';
import { Button, buttonClass } from '@/components/ui/button';

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
        <OverlayClose testId="quota-cancel" className={buttonClass({ tone: 'secondary', size: 'lg' })}>
          取消
        </OverlayClose>
        <Button
          size="lg"
          data-testid="quota-buy-vip"
          onClick={() => {
            onClose();
            openOverlay('vipPackages');
          }}
        >
          开通会员
        </Button>
      </div>
    </Overlay>
  );
}
