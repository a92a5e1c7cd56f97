'use client';

import { Suspense } from 'react';
import { DebugConsoleLoader } from '@/components/debug/debug-console-loader';
import { OverlayHost } from '@/components/overlays/overlay-host';
import { WechatShare } from '@/components/referral/wechat-share';
import { Toaster } from '@/components/ui/toaster';
import { ShareAccountSync } from './share-account-sync';

/**
 * What the shell does beside the page: the overlays (login, settings, word panel…), the toasts,
 * keeping share_account on the URL, WeChat sharing and the debug console. A page shows and
 * works without any of them until someone acts, so their code is not in its first load:
 * `DeferredShellServices` fetches this module as the page hydrates. Whatever is asked of them
 * meanwhile waits in its store (an overlay opened, a toast raised) and shows when they mount.
 */
export default function ShellServices() {
  return (
    <>
      <Suspense>
        <OverlayHost />
        <DebugConsoleLoader />
        <ShareAccountSync />
        <WechatShare />
      </Suspense>
      <Toaster />
    </>
  );
}
