import type { ReactNode } from 'react';
import { Footer } from '@/components/shell/footer';
import { SiteHeader } from '@/components/shell/site-header';

export default function ShellLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col">
      <SiteHeader />
      <main className="flex-1">{children}</main>
      <Footer />
    </div>
  );
}
