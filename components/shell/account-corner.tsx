'use client';

import { lazy, Suspense, useState } from 'react';
import { useRequireLogin } from '@/components/account/use-require-login';
import { useUser } from '@/lib/client/app-state';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';

// The menu and the overlay frame under it are fetched when the user first reaches for it.
const loadMenu = () => import('./account-menu').then((m) => ({ default: m.AccountMenu }));
const AccountMenu = lazy(loadMenu);

/** Anonymous: a login button (the login dialog). Logged in: avatar and name with the account menu. */
export function AccountCorner() {
  const user = useUser();
  const requireLogin = useRequireLogin();
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<Element | null>(null);

  // Not known yet (a page cached for every reader asks the browser): a quiet space of the button's size.
  if (user === undefined) {
    return <span aria-hidden data-testid="account-pending" className="block h-8 w-14 rounded-full bg-slate-100" />;
  }

  if (!user) {
    return (
      <Button shape="pill" onClick={() => requireLogin()} data-testid="login-button" className="whitespace-nowrap">
        登录
      </Button>
    );
  }

  return (
    <>
      <button
        type="button"
        data-testid="account-trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`${user.nickname}：账户菜单`}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpen((o) => !o);
        }}
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-1 text-sm hover:bg-slate-100 md:pr-3"
      >
        <Avatar src={user.headimgurl} name={user.nickname} />
        <span data-testid="account-nickname" className="hidden max-w-[10em] truncate md:inline">
          {user.nickname}
        </span>
      </button>
      {anchor && (
        <Suspense fallback={null}>
          <AccountMenu user={user} anchor={anchor} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
