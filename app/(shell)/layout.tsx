import { Suspense, type ReactNode } from 'react';
import { Header } from '@/components/shell/header';
import { ShareAccountSync } from '@/components/shell/share-account-sync';

export default function ShellLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col">
      <Header />
      <Suspense>
        <ShareAccountSync />
      </Suspense>
      <main className="flex-1">{children}</main>
    </div>
  );
}
