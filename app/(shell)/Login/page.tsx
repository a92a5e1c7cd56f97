import type { Metadata } from 'next';
import { LoginPanel } from '@/components/login/login-panel';

export const metadata: Metadata = {
  title: '登录',
  alternates: { canonical: '/Login' },
  robots: { index: false },
};

// WeChat's return (`?code=`) is exchanged by proxy.ts before this page renders.
export default function LoginPage() {
  return (
    <div className="mx-auto flex max-w-sm flex-col gap-6 px-4 py-12 md:py-20">
      <div>
        <h1 className="text-2xl font-semibold">登录语境</h1>
        <p className="mt-1 text-sm text-ink-soft">登录后继续使用该功能</p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <LoginPanel />
      </div>
    </div>
  );
}
