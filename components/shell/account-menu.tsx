'use client';

import { Link } from '@/components/ui/link';
import { Overlay } from '@/components/ui/overlay';
import { openOverlay } from '@/lib/client/overlays';
import { useLogout } from '@/lib/client/user';
import type { CurrentUser } from '@/lib/contract/current-user';
import { ReviewDue } from '@/components/review/review-due';
import { accountLinks } from './account-links';

/** The logged-in user's menu: who they are, personal centre, membership and logout. */
export function AccountMenu({
  user,
  anchor,
  open,
  onOpenChange,
}: {
  user: CurrentUser;
  anchor: Element;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const logout = useLogout();
  const menuItem = 'block w-full rounded-lg px-3 py-2 text-left hover:bg-slate-100 focus-visible:bg-slate-100';
  return (
    <Overlay
      open={open}
      onOpenChange={onOpenChange}
      layout="popover"
      anchor={anchor}
      size="xs"
      label={`${user.nickname}：账户菜单`}
      trapFocus={false}
      testId="account-menu"
      className="p-1.5 text-sm"
    >
      <div className="px-3 py-2">
        <div className="truncate font-medium">{user.nickname}</div>
        <div className="text-xs text-ink-mute">
          账号 {user.account}
          {user.isVip && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-amber-700">VIP</span>}
        </div>
      </div>
      {accountLinks(user.isVip).map((link) => (
        <Link
          key={link.key}
          href={link.href}
          onClick={(event) => {
            onOpenChange(false);
            // A plain click opens the overlay over the page; a new tab or window still gets the page.
            if (!link.overlay || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            openOverlay(link.overlay);
          }}
          data-testid={`account-${link.key}`}
          className={menuItem}
        >
          {link.label}
          {link.key === 'review' && <ReviewDue />}
        </Link>
      ))}
      <button
        type="button"
        data-testid="logout-button"
        disabled={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSettled: () => onOpenChange(false) })}
        className={`${menuItem} disabled:opacity-50`}
      >
        {logout.isPending ? '正在退出…' : '退出登录'}
      </button>
    </Overlay>
  );
}
