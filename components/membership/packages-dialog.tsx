'use client';

import { useForUser } from '@/components/account/use-for-user';
import { Overlay, OverlayClose } from '@/components/ui/overlay';
import { usePackages } from '@/lib/client/membership/queries';
import { closeOverlay, openOverlay, type HostedOverlayProps } from '@/lib/client/overlays';
import { useCurrentUser } from '@/lib/client/user';
import type { PackageType } from '@/lib/contract/membership';
import { PackageList, PackagesPending } from './package-list';
import { buttonClass } from '@/components/ui/button';

/**
 * The open-membership dialog (spec section 2, VIP dialogs): the packages with their prices and
 * 立即购买, and 取消. A centre dialog on wide screens, a bottom sheet on phones. Buying one
 * leads to the confirm-order dialog; a visitor is asked to log in first.
 */
export function PackagesDialog({ open, onOpenChange }: HostedOverlayProps<'vipPackages'>) {
  const { data: user } = useCurrentUser();
  const renew = !!user?.isVip;
  return (
    <Overlay
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={renew ? '续费会员' : '开通会员'}
      description={renew ? '续费后有效期从当前到期日顺延。' : '开通后不限次数查词和句子分析。'}
      testId="packages-dialog"
    >
      <PackagesContent />
    </Overlay>
  );
}

function PackagesContent() {
  const packages = usePackages();
  const forUser = useForUser();

  const buy = (type: PackageType) => {
    closeOverlay('vipPackages');
    forUser(() => openOverlay('vipOrder', { type }));
  };

  return (
    <div className="flex flex-col gap-4 pt-1">
      {packages.data ? (
        <PackageList packages={packages.data} onBuy={buy} />
      ) : (
        <PackagesPending error={packages.error} onRetry={() => void packages.refetch()} retrying={packages.isFetching} />
      )}
      <div className="flex justify-end">
        <OverlayClose testId="packages-cancel" className={buttonClass({ tone: 'secondary', size: 'lg' })}>
          取消
        </OverlayClose>
      </div>
    </div>
  );
}
