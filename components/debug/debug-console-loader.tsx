'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { useClientEnv } from '@/components/shell/client-env';

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
    void import('vconsole').then(({ default: VConsole }) => new VConsole({ theme: 'light' }));
  }, [wanted]);
  return null;
}
