'use client';

import * as Popover from '@radix-ui/react-popover';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { rememberRoute } from '@/lib/client/return-route';
import { useCurrentUser, useLogout } from '@/lib/client/user';
import { Avatar } from './avatar';

/** Anonymous: a login button. Logged in: avatar and name with the account menu. */
export function AccountCorner() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const pathname = usePathname();

  if (!user) {
    if (pathname === '/Login') return null;
    return (
      <Link
        href="/Login"
        onClick={() => rememberRoute()}
        data-testid="login-button"
        className="rounded-full bg-brand-500 px-4 py-1.5 text-sm font-medium text-white hover:bg-brand-600"
      >
        登录
      </Link>
    );
  }

  return (
    <Popover.Root>
      <Popover.Trigger
        data-testid="account-trigger"
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm hover:bg-slate-100"
        aria-label={`账户菜单：${user.nickname}`}
      >
        <Avatar src={user.headimgurl} name={user.nickname} />
        <span data-testid="account-nickname" className="max-w-[10em] truncate">
          {user.nickname}
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-48 rounded-xl border border-slate-200 bg-white p-1.5 text-sm shadow-lg"
        >
          <div className="px-3 py-2 text-xs text-ink-mute">账号 {user.account}</div>
          <button
            type="button"
            data-testid="logout-button"
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
            className="w-full rounded-lg px-3 py-2 text-left hover:bg-slate-100 disabled:opacity-50"
          >
            {logout.isPending ? '正在退出…' : '退出登录'}
          </button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
