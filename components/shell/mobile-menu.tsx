'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Sheet } from '@/components/ui/sheet';
import { useRequireLogin } from '@/components/login/use-require-login';
import { useCurrentUser, useLogout } from '@/lib/client/user';
import { flattenMenu, type Menu } from '@/lib/routes/menu';
import { accountLinks } from './account-links';
import { useActiveMenu } from './use-active-menu';

/** Below 768 px: one button that opens every menu item, plus the personal links when logged in. */
export function MobileMenu({ menu }: { menu: Menu }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const active = useActiveMenu();
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const requireLogin = useRequireLogin();

  useEffect(() => setOpen(false), [pathname]);

  const link = (isActive: boolean) =>
    `block rounded-lg px-3 py-2.5 ${isActive ? 'bg-brand-50 font-semibold text-brand-600' : 'hover:bg-slate-100'}`;

  return (
    <>
      <button
        type="button"
        aria-label="打开菜单"
        data-testid="mobile-menu-button"
        onClick={() => setOpen(true)}
        className="grid size-9 place-items-center rounded-lg text-ink hover:bg-slate-100 md:hidden"
      >
        <svg aria-hidden viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M3 5h14M3 10h14M3 15h14" />
        </svg>
      </button>
      <Sheet open={open} onOpenChange={setOpen} title="菜单" placement="left" testId="mobile-menu">
        <nav aria-label="主菜单">
          <ul className="flex flex-col gap-0.5">
            {flattenMenu(menu).map((item) => (
              <li key={item.key}>
                <Link href={item.href} aria-current={active?.item === item.key ? 'page' : undefined} className={link(active?.item === item.key)}>
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
                  </Link>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  data-testid="mobile-logout"
                  disabled={logout.isPending}
                  onClick={() => logout.mutate(undefined, { onSettled: () => setOpen(false) })}
                  className={`${link(false)} w-full text-left disabled:opacity-50`}
                >
                  退出登录
                </button>
              </li>
            </ul>
          ) : (
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                requireLogin();
              }}
              className="h-10 w-full rounded-lg bg-brand-600 font-medium text-white hover:bg-brand-700"
            >
              登录
            </button>
          )}
        </div>
      </Sheet>
    </>
  );
}
