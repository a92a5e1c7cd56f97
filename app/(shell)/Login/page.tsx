import type { Metadata } from 'next';
import { LoginPanel } from '@/components/account/login-panel';
import { loginReasonMessage } from '@/lib/routes/navigation';

export const metadata: Metadata = {
  title: '登录',
  alternates: { canonical: '/Login' },
  robots: { index: false },
};

// WeChat's return (`?code=`) is exchanged by proxy.ts before this page renders. `?reason=` says
// why the visitor was sent here (lib/client/quota.ts); an unknown one shows nothing.
export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const reason = loginReasonMessage((await searchParams).reason);
  return (
    <div className="mx-auto flex max-w-sm flex-col gap-6 px-4 py-12 md:py-20">
      <div>
        <h1 className="text-2xl font-semibold">登录语境</h1>
        <p className="mt-1 text-sm text-ink-soft">登录后继续使用该功能</p>
      </div>
      {reason && (
        <p
          role="status"
          data-testid="login-reason"
          className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {reason}
        </p>
      )}
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <LoginPanel />
      </div>
    </div>
  );
}
