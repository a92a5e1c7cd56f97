'use client';

import { useRef } from 'react';

/**
 * Radix returns focus to its Dialog.Trigger on close; the shell's overlays are opened from a
 * store, without one, so Radix would send focus nowhere. Spread these props on Dialog.Content:
 * the element that had focus when the dialog opened gets it back, if it is still in the page.
 */
export function useReturnFocus() {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Runs before Radix moves focus in, so this is still what had focus outside.
      const active = document.activeElement;
      returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = returnTo.current;
      returnTo.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
