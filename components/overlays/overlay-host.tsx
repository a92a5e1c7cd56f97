'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { PosExplainDrawer } from '@/components/dictionary/pos-explain-drawer';
import { QuotaDialog } from '@/components/dictionary/quota-dialog';
import { WordPanel } from '@/components/dictionary/word-panel';
import { LoginDialog } from '@/components/login/login-dialog';
import { SettingsOverlay } from '@/components/settings/settings-overlay';
import { closeOverlay, closeOverlays, closedOnRouteChange } from '@/lib/client/overlays';
import { isQuotaDialogPayload, setQuotaNavigator } from '@/lib/client/quota';
import { useOverlays } from '@/lib/client/use-overlays';

/**
 * The one place that renders the shell-level overlays. The feature issues add theirs here (the
 * sense drawer, the translate drawers, the chat drawer…); an overlay without content is not
 * rendered at all.
 */
export function OverlayHost() {
  const open = useOverlays();
  const pathname = usePathname();
  const router = useRouter();

  // Only a change of route closes them: on the first render a page may already have opened one
  // (a link that looks a word up at once).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeOverlays(closedOnRouteChange);
  }, [pathname]);

  // Quota redirects (lib/client/quota.ts) navigate inside the app instead of reloading it.
  useEffect(() => setQuotaNavigator((href) => router.push(href)), [router]);

  return (
    <>
      <WordPanel />
      <PosExplainDrawer payload={open.posExplain?.payload} onClose={() => closeOverlay('posExplain')} />
      <QuotaDialog open={isQuotaDialogPayload(open.centerDialog?.payload)} onClose={() => closeOverlay('centerDialog')} />
      <LoginDialog open={!!open.loginDialog} onOpenChange={(o) => !o && closeOverlay('loginDialog')} />
      <SettingsOverlay open={!!open.settings} onOpenChange={(o) => !o && closeOverlay('settings')} />
    </>
  );
}
