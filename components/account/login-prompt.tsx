'use client';

import { useRequireLogin } from './use-require-login';
import { Button } from '@/components/ui/button';

/** A screen's word to a visitor that it needs a login, with the button that opens it. */
export function LoginPrompt({ message, testId }: { message: string; testId?: string }) {
  const requireLogin = useRequireLogin();
  return (
    <div data-testid={testId} className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-4 text-sm text-amber-900">
      <p>{message}</p>
      <Button onClick={requireLogin} className="mt-3">
        登录
      </Button>
    </div>
  );
}
