'use client';

import * as Popover from '@radix-ui/react-popover';
import Link from 'next/link';
import { useState } from 'react';
import { useRequireLogin } from '@/components/login/use-require-login';
import { useCurrentUser, useLogout } from '@/lib/client/user';
import { accountLinks } from './account-links';
import { Avatar } from './avatar';

/** Anonymous: a login button (the login dialog). Logged in: avatar and name with the account menu. */
export function AccountCorner() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const requireLogin = useRequireLogin();
  const [open, setOpen] = useState(false);

  if (!user) {
    return (
      <button
        type="button"
        onClick={() => requireLogin()}
        data-testid="login-button"
        className="whitespace-nowrap rounded-full bg-brand-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
      >
        登录
      </button>
    );
  }

  const menuItem = 'block w-full rounded-lg px-3 py-2 text-left hover:bg-slate-100 focus-visible:bg-slate-100';
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        data-testid="account-trigger"
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-1 text-sm hover:bg-slate-100 md:pr-3"
        aria-label={`${user.nickname}：账户菜单`}
      >
        <Avatar src={user.headimgurl} name={user.nickname} />
        <span data-testid="account-nickname" className="hidden max-w-[10em] truncate md:inline">
          {user.nickname}
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          data-testid="account-menu"
          className="z-50 w-52 rounded-xl border border-slate-200 bg-white p-1.5 text-sm shadow-lg"
        >
          <div className="px-3 py-2">
            <div className="truncate font-medium">{user.nickname}</div>
            <div className="text-xs text-ink-mute">
              账号 {user.account}
              {user.isVip && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-amber-700">VIP</span>}
            </div>
          </div>
          {accountLinks(user.isVip).map((link) => (
            <Link key={link.key} href={link.href} onClick={() => setOpen(false)} data-testid={`account-${link.key}`} className={menuItem}>
              {link.label}
            </Link>
          ))}
          <button
            type="button"
            data-testid="logout-button"
            disabled={logout.isPending}
            onClick={() => logout.mutate(undefined, { onSettled: () => setOpen(false) })}
            className={`${menuItem} disabled:opacity-50`}
          >
            {logout.isPending ? '正在退出…' : '退出登录'}
          </button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
