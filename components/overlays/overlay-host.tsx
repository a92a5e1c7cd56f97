'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { LoginDialog } from '@/components/login/login-dialog';
import { SettingsOverlay } from '@/components/settings/settings-overlay';
import { closeOverlay, closeOverlays, closedOnRouteChange } from '@/lib/client/overlays';
import { useOverlays } from '@/lib/client/use-overlays';

/**
 * The one place that renders the shell-level overlays. The feature issues add theirs here (the
 * sense drawer, the translate drawers, the chat drawer…); an overlay without content is not
 * rendered at all.
 */
export function OverlayHost() {
  const open = useOverlays();
  const pathname = usePathname();

  useEffect(() => {
    closeOverlays(closedOnRouteChange);
  }, [pathname]);

  return (
    <>
      <LoginDialog open={!!open.loginDialog} onOpenChange={(o) => !o && closeOverlay('loginDialog')} />
      <SettingsOverlay open={!!open.settings} onOpenChange={(o) => !o && closeOverlay('settings')} />
    </>
  );
}
