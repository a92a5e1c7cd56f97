'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import { useRequireLogin } from '@/components/account/use-require-login';
import { Overlay } from '@/components/ui/overlay';
import { useUser } from '@/lib/client/app-state';
import { useLogout } from '@/lib/client/user';
import { flattenMenu, type Menu } from '@/lib/routes/menu';
import { ReviewDue } from '@/components/review/review-due';
import { accountLinks } from './account-links';
import { useActiveMenu } from './use-active-menu';
import { Button } from '@/components/ui/button';

/** The drawer of the mobile menu: every menu item, then the personal links or 登录. */
export function MobileMenuDrawer({
  menu,
  open,
  onOpenChange,
}: {
  menu: Menu;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const pathname = usePathname();
  const active = useActiveMenu(menu);
  const user = useUser();
  const logout = useLogout();
  const requireLogin = useRequireLogin();

  const link = (isActive: boolean) =>
    `block rounded-lg px-3 py-2.5 ${isActive ? 'bg-brand-50 font-semibold text-brand-600' : 'hover:bg-slate-100'}`;

  return (
    <Overlay open={open} onOpenChange={onOpenChange} layout="side" title="菜单" testId="mobile-menu">
      <nav aria-label="主菜单">
        <ul className="flex flex-col gap-0.5">
          {flattenMenu(menu).map((item) => (
            <li key={item.key}>
              <Link
                href={item.href}
                aria-current={active?.item === item.key ? 'page' : undefined}
                className={link(active?.item === item.key)}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 border-t border-slate-200 pt-4">
        {user ? (
          <ul className="flex flex-col gap-0.5">
            {accountLinks(user.isVip).map((l) => (
              <li key={l.key}>
                <Link href={l.href} className={link(pathname === l.href)} data-testid={`mobile-${l.key}`}>
                  {l.label}
                  {l.key === 'review' && <ReviewDue />}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                data-testid="mobile-logout"
                disabled={logout.isPending}
                onClick={() => logout.mutate(undefined, { onSettled: () => onOpenChange(false) })}
                className={`${link(false)} w-full text-left disabled:opacity-50`}
              >
                退出登录
              </button>
            </li>
          </ul>
        ) : (
          <Button
            size="lg"
            onClick={() => {
              onOpenChange(false);
              requireLogin();
            }}
            className="w-full"
          >
            登录
          </Button>
        )}
      </div>
    </Overlay>
  );
}
