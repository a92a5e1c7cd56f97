'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { Sheet } from '@/components/ui/sheet';
import { LoginPanel } from './login-panel';

/** The login dialog of spec section 2: after logging in, the user stays where they were. */
export function LoginDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="登录后继续使用该功能" testId="login-dialog">
      <LoginPanel returnTo={search ? `${pathname}?${search}` : pathname} />
    </Sheet>
  );
}
