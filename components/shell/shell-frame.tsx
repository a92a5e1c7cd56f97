import type { ReactNode } from 'react';
import { menus } from '@/lib/routes/menus';
import { routeChrome } from '@/lib/routes/route-table';
import { Footer } from './footer';
import { SiteHeader } from './site-header';

/** The id of every page's main content: the skip link's target. */
export const mainContentId = 'main';

/**
 * Header, page, footer: the frame of every page with the site's chrome (spec section 2). The
 * first thing a keyboard reaches is 跳到正文, hidden until focused, so that nobody tabs through
 * the whole menu on every page; main takes the focus it sends (tabIndex -1: focusable by the
 * link, not a stop of its own).
 */
export function ShellFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col">
      <a
        href={`#${mainContentId}`}
        data-testid="skip-link"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-brand-700 focus:shadow-lg focus:ring-2 focus:ring-brand-500"
      >
        跳到正文
      </a>
      <SiteHeader chrome={routeChrome} menus={menus} />
      <main id={mainContentId} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer chrome={routeChrome} />
    </div>
  );
}
