/** The personal links of a logged-in user, in the account menu and the mobile menu alike. */
export function accountLinks(isVip: boolean) {
  return [
    { key: 'admin', href: '/Admin', label: '个人中心' },
    { key: 'vip', href: '/BuyVip', label: isVip ? '续费会员' : '开通会员' },
  ] as const;
}
