import type { Metadata } from 'next';
import { ShareScreen } from '@/components/referral/share-screen';

export const metadata: Metadata = {
  title: '分享语境',
  robots: { index: false },
};

export default function SharePage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:py-12">
      <header>
        <h1 className="text-2xl font-semibold">分享语境</h1>
        <p className="mt-1 text-sm text-ink-soft">把语境分享给一起学英语的朋友。</p>
      </header>
      <ShareScreen />
    </div>
  );
}
