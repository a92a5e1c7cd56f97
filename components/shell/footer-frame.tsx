'use client';

import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { useClientMode } from '@/lib/client/use-client-mode';
import { chromeAt, type ChromeMap, type FooterStyle } from '@/lib/routes/chrome';

const styles: Record<FooterStyle, string> = {
  black: 'bg-ink text-slate-300',
  // brand-600, not 500: white small text on 500 falls short of WCAG AA contrast.
  blue: 'bg-brand-600 text-white',
};

/**
 * Whether and how the current route shows the footer (never inside the native app). A client leaf because the shell layout is
 * kept across client navigations: only `usePathname` follows the route (and it is right in the
 * server render too). 60 px tall; below 768 px the items wrap onto more lines instead of overflowing.
 */
export function FooterFrame({ chrome, children }: { chrome: ChromeMap; children: ReactNode }) {
  const { showFooter, footerStyle } = chromeAt(chrome, usePathname() ?? '/', { embedded: useClientMode().isApp }).layout;
  if (!showFooter) return null;
  return (
    <footer data-chrome="" data-testid="site-footer" data-footer-style={footerStyle} className={styles[footerStyle]}>
      <div className="mx-auto flex min-h-footer max-w-[1300px] flex-wrap items-center justify-center gap-x-6 gap-y-1 px-4 py-2 text-xs md:justify-between md:text-sm">
        {children}
      </div>
    </footer>
  );
}
