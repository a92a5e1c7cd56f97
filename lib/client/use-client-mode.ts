'use client';

import { useSyncExternalStore } from 'react';
import { type ClientMode, clientModeOf } from '@/lib/contract/client-mode';

/*
 * The client's mode (native app, phone, tablet, WeChat), read from the browser's user agent.
 * Pages are rendered on the server once for every reader (the reading pages are cached whole), so
 * the server render is the plain web mode and the browser switches right after hydration. The
 * app mode's chrome is hidden before the first paint by the inline script of app/layout.tsx.
 */

const webMode = clientModeOf('');
let browserMode: ClientMode | undefined;
const browserSnapshot = () => {
  browserMode ??= clientModeOf(navigator.userAgent);
  return browserMode;
};
// The user agent never changes while the page is open.
const subscribe = () => () => {};

export function useClientMode(): ClientMode {
  return useSyncExternalStore(subscribe, browserSnapshot, () => webMode);
}
