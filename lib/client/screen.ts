'use client';

import { useSyncExternalStore } from 'react';

/** Spec section 9: narrow below 768 px, the same line as Tailwind's `md`. */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

// One MediaQueryList for every caller, made on first use (there is no window on the server).
let wideScreen: MediaQueryList | undefined;
const query = () => (wideScreen ??= window.matchMedia(WIDE_SCREEN_QUERY));

function subscribe(onChange: () => void) {
  const list = query();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the screen is narrower than 768 px right now (browser only). */
export const isNarrowScreen = (): boolean => !query().matches;

/**
 * Whether the screen is narrower than 768 px. The server and the hydration render say "wide"
 * (the server cannot know), the real answer follows right after; overlays are closed at that
 * point, so nothing visible changes.
 */
export function useIsNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrowScreen, () => false);
}
