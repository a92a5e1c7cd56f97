'use client';

import { useLayoutEffect } from 'react';
import { configStore } from '@/lib/config/config-store';

/** The CSS variable reading text takes its size from: `font-size: var(--reading-font-size, 1.2rem)`. */
export const READING_FONT_SIZE_VAR = '--reading-font-size';

/**
 * Keeps `--reading-font-size` on <html> equal to the stored display.fontSize (rem): on mount, so a
 * reload keeps the reader's size, and on every change, from the settings screen or another tab.
 * It follows the store directly rather than through useGlobalConfig: that hook renders the
 * defaults during hydration, which would set 1.2rem first and the real size a moment later. No
 * React state is involved, so it renders nothing and re-renders nothing.
 */
export function ReadingFontSize() {
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    const apply = () => style.setProperty(READING_FONT_SIZE_VAR, `${configStore.getSnapshot().display.fontSize}rem`);
    apply();
    const unsubscribe = configStore.subscribe(apply);
    return () => {
      unsubscribe();
      style.removeProperty(READING_FONT_SIZE_VAR);
    };
  }, []);
  return null;
}
