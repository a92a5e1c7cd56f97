import type { Metadata } from 'next';
import { Footer } from '@/components/shell/footer';
import { NotFoundContent } from '@/components/shell/not-found-content';
import { SiteHeader } from '@/components/shell/site-header';

// Next adds <meta name="robots" content="noindex"> to every 404 answer by itself.
export const metadata: Metadata = {
  title: '页面不存在',
};

/**
 * Unknown paths (and /NotFound, which proxy.ts sends here) match no route group, so the shell
 * layout is not around them: this page draws the shell itself, so a lost reader still has the
 * whole menu (the native app draws its own).
 */
export default function NotFound() {
  return (
    <div className="flex min-h-full flex-col">
      <SiteHeader />
      <main className="flex-1">
        <NotFoundContent />
      </main>
      <Footer />
    </div>
  );
}
