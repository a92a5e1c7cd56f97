'use client';

import { useEffect } from 'react';

/** The CSS variable reading text takes its size from: `font-size: var(--reading-font-size, 1.2rem)`. */
export const READING_FONT_SIZE_VAR = '--reading-font-size';

/**
 * Keeps `--reading-font-size` on <html> equal to the stored display.fontSize (rem): on mount, so a
 * reload keeps the reader's size, and on every change, from the settings screen or another tab.
 * It follows the store directly rather than through useGlobalConfig: that hook renders the
 * defaults during hydration, which would set 1.2rem first and the real size a moment later. No
 * React state is involved, so it renders nothing and re-renders nothing.
 *
 * The store (and zod, which checks what it reads) is fetched after the page has hydrated, not
 * with it: until then the stylesheet's default size applies, as it did before hydration anyway.
 */
export function ReadingFontSize() {
  useEffect(() => {
    const style = document.documentElement.style;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void import('@/lib/config/config-store').then(({ configStore }) => {
      if (cancelled) return;
      const apply = () => style.setProperty(READING_FONT_SIZE_VAR, `${configStore.getSnapshot().display.fontSize}rem`);
      apply();
      unsubscribe = configStore.subscribe(apply);
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
      style.removeProperty(READING_FONT_SIZE_VAR);
    };
  }, []);
  return null;
}
