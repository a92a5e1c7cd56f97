'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { useClientEnv } from '@/lib/client/client-env';

let loaded = false;

/**
 * The on-page debug console (vConsole) for phones and the WeChat browser: only with `?debug` in
 * the URL or in the test environment. It is a separate chunk, fetched only then.
 */
export function DebugConsoleLoader() {
  const { envType } = useClientEnv();
  const wanted = useSearchParams().has('debug') || envType === 'test';
  useEffect(() => {
    if (!wanted || loaded) return;
    loaded = true;
    // Without the network panel: its fetch hook fails on the Request objects ky sends (reading
    // a body length that a Request does not have) and takes the page's navigation down with it.
    void import('vconsole').then(
      ({ default: VConsole }) => new VConsole({ theme: 'light', defaultPlugins: ['system', 'element', 'storage'] }),
    );
  }, [wanted]);
  return null;
}
