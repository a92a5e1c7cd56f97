'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useClientMode } from '@/lib/client/use-client-mode';
import type { WechatShareRuntime } from '@/lib/client/referral/wechat-share-runtime';
import { useUser } from '@/lib/client/app-state';
import { SHARE_PARAM } from '@/lib/routes/navigation';

/**
 * Inside WeChat's browser, sets every page up for sharing (lib/client/referral/share-setup.ts):
 * after each navigation, and for a logged-in user only once share_account is on the URL
 * (components/shell/share-account-sync.tsx puts it there), so that what is signed is the URL
 * WeChat sees. Elsewhere it renders nothing and loads nothing.
 */
export function WechatShare() {
  const mode = useClientMode();
  return mode.isWechat ? <WechatShareSetup /> : null;
}

function WechatShareSetup() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const user = useUser();
  // undefined while the browser is still asking who is logged in (pages cached for every reader).
  const known = user !== undefined;
  const account = user?.account ?? null;
  const runtime = useRef<Promise<WechatShareRuntime> | null>(null);

  useEffect(() => {
    const started = import('@/lib/client/referral/wechat-share-runtime').then(({ startWechatShare }) => startWechatShare());
    runtime.current = started;
    return () => {
      runtime.current = null;
      void started.then((r) => r.dispose());
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation (pathname) is a new page to sign
  useEffect(() => {
    // Who shares is not known yet, or the URL is about to change again: the setup waits for the
    // URL that will be shared.
    if (!known || (account && new URLSearchParams(search).get(SHARE_PARAM) !== account)) return;
    void runtime.current?.then((r) => r.update(account));
  }, [pathname, search, account, known]);

  return null;
}
