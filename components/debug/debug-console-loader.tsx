'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { askPlainly } from '@/lib/client/api';

let loaded = false;
/**
 * The environment, asked once per page load; undefined when the upstream cannot say. Read by hand
 * from the one field it has, so that every page's load does not fetch the API core for it
 * (lib/client/user-fetch.ts says why).
 */
let envAnswer: Promise<string | undefined> | null = null;
const envType = () =>
  (envAnswer ??= askPlainly('get_env_type').then(
    ({ data }) => {
      const env = (data as { env_type?: unknown } | undefined)?.env_type;
      return typeof env === 'string' ? env : undefined;
    },
    () => undefined,
  ));

/**
 * The on-page debug console (vConsole) for phones and the WeChat browser: only with `?debug` in
 * the URL or in the test environment. It is a separate chunk, fetched only then. The environment
 * is asked of the upstream once per page load (pages are the same for every environment's reader
 * until then); when it cannot say, the site behaves as production.
 */
export function DebugConsoleLoader() {
  const asked = useSearchParams().has('debug');
  const [testEnv, setTestEnv] = useState(false);
  useEffect(() => {
    if (asked) return;
    let live = true;
    void envType().then((env) => live && setTestEnv(env === 'test'));
    return () => {
      live = false;
    };
  }, [asked]);
  const wanted = asked || testEnv;
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
