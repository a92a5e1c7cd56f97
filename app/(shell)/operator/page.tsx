import type { Metadata } from 'next';
import { EnginesScreen } from '@/components/operator/engines-screen';

export const metadata: Metadata = {
  title: '运营：引擎状态',
  robots: { index: false },
};

export default function OperatorPage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-8 md:py-12">
      <header>
        <h1 className="text-2xl font-semibold">引擎状态</h1>
        <p className="mt-1 text-sm text-ink-soft">
          这台服务器开启了哪些引擎和服务，以及学习者因此能用或不能用什么。会员页、首页和“关于我们”只介绍已开启的功能。
        </p>
      </header>
      <EnginesScreen />
    </div>
  );
}
