import type { ReactNode } from 'react';
import { menus } from '@/lib/routes/menu';
import { Footer } from './footer';
import { SiteHeader } from './site-header';

/** Header, page, footer: the frame of every page with the site's chrome (spec section 2). */
export function ShellFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col">
      <SiteHeader menus={menus} />
      <main className="flex-1">{children}</main>
      <Footer />
    </div>
  );
}
