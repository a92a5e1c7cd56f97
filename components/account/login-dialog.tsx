'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { Overlay } from '@/components/ui/overlay';
import type { HostedOverlayProps } from '@/lib/client/overlays';
import { LoginPanel } from './login-panel';

/** The login dialog of spec section 2: after logging in, the user stays where they were. */
export function LoginDialog({ open, onOpenChange }: HostedOverlayProps<'loginDialog'>) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  return (
    <Overlay open={open} onOpenChange={onOpenChange} layout="dialog" size="sm" title="登录后继续使用该功能" testId="login-dialog">
      <div className="pt-2">
        <LoginPanel returnTo={search ? `${pathname}?${search}` : pathname} />
      </div>
    </Overlay>
  );
}
