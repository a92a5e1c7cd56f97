import type { OverlayName } from '@/lib/client/overlays';

/**
 * The personal links of a logged-in user, in the account menu and the mobile menu alike. A link
 * with `overlay` opens that overlay where the menu can (the header's account menu); it stays a
 * real link, so a new tab or the mobile menu goes to the page.
 */
export function accountLinks(isVip: boolean): readonly { key: string; href: string; label: string; overlay?: OverlayName }[] {
  return [
    { key: 'admin', href: '/Admin', label: '个人中心' },
    { key: 'review', href: '/review', label: '复习' },
    { key: 'vip', href: '/BuyVip', label: isVip ? '续费会员' : '开通会员', overlay: 'vipPackages' },
  ];
}
