'use client';

import { useLayoutEffect } from 'react';
import { CONFIG_CHANGED_EVENT, CONFIG_STORAGE_KEY, DEFAULT_FONT_SIZE, storedFontSize } from '@/lib/config/config-values';

/** The CSS variable reading text takes its size from: `font-size: var(--reading-font-size, 1.2rem)`. */
export const READING_FONT_SIZE_VAR = '--reading-font-size';

/**
 * Keeps `--reading-font-size` on <html> equal to the stored display.fontSize (rem): on mount, so a
 * reload keeps the reader's size; on every change in this tab (the config store announces it)
 * and in another (the storage event). It reads the one field without loading the config store
 * and its schemas, which no page needs to show itself. No React state is involved, so it renders
 * nothing and re-renders nothing. The default size is the stylesheet's own fallback (globals.css):
 * for it the variable is left unset, because setting a custom property on <html> restyles every
 * element of the page, in the middle of hydration.
 */
export function ReadingFontSize() {
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    const apply = (rem = storedFontSize()) => {
      if (rem === DEFAULT_FONT_SIZE) style.removeProperty(READING_FONT_SIZE_VAR);
      else style.setProperty(READING_FONT_SIZE_VAR, `${rem}rem`);
    };
    const onChange = (event: Event) => apply((event as CustomEvent<{ display: { fontSize: number } }>).detail.display.fontSize);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === CONFIG_STORAGE_KEY) apply();
    };
    apply();
    window.addEventListener(CONFIG_CHANGED_EVENT, onChange);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(CONFIG_CHANGED_EVENT, onChange);
      window.removeEventListener('storage', onStorage);
      style.removeProperty(READING_FONT_SIZE_VAR);
    };
  }, []);
  return null;
}
