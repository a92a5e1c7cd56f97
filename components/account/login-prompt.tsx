'use client';

import { useRequireLogin } from './use-require-login';

/** A screen's word to a visitor that it needs a login, with the button that opens it. */
export function LoginPrompt({ message, testId }: { message: string; testId?: string }) {
  const requireLogin = useRequireLogin();
  return (
    <div data-testid={testId} className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-4 text-sm text-amber-900">
      <p>{message}</p>
      <button
        type="button"
        onClick={requireLogin}
        className="mt-3 h-9 rounded-lg bg-brand-600 px-4 font-medium text-white hover:bg-brand-700"
      >
        登录
      </button>
    </div>
  );
}
