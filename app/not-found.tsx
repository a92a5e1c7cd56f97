import type { Metadata } from 'next';
import { MissingPage } from '@/components/shell/missing-page';
import { ShellFrame } from '@/components/shell/shell-frame';

// Next adds <meta name="robots" content="noindex"> to every 404 answer by itself.
export const metadata: Metadata = {
  title: '页面不存在',
};

/**
 * Unknown paths (and /NotFound, which proxy.ts sends here) match no route group, so no group's
 * layout is around them: this page draws the shell itself, so a lost reader still has the whole
 * menu (the native app draws its own).
 *
 * It reads nothing of the request: Next renders it into every route's tree as the root's 404
 * boundary, and one request-time read here would make the reading pages uncacheable. So it is
 * rendered at build, and its footer shows the SITE_* settings the build had (see README).
 */
export default function NotFound() {
  return (
    <ShellFrame>
      <MissingPage />
    </ShellFrame>
  );
}
