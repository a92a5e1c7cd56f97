'use client';

import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { callData } from '@/lib/client/api';

let loaded = false;

/**
 * The on-page debug console (vConsole) for phones and the WeChat browser: only with `?debug` in
 * the URL or in the test environment. It is a separate chunk, fetched only then. The environment
 * is asked of the upstream once per page load (pages are the same for every environment's reader
 * until then); when it cannot say, the site behaves as production.
 */
export function DebugConsoleLoader() {
  const asked = useSearchParams().has('debug');
  const env = useQuery({
    queryKey: ['env-type'],
    queryFn: ({ signal }) => callData('get_env_type', undefined, signal, { quiet: true }),
    enabled: !asked,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const wanted = asked || env.data?.env_type === 'test';
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
