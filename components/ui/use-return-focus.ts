'use client';

import { useRef } from 'react';

/**
 * Radix returns focus to its Trigger on close; the shell's overlays are opened from a store or a
 * plain button, without one, so Radix would send focus nowhere. Spread `contentProps` on the
 * Content: the element that had focus when the overlay opened gets it back, if it is still in the
 * page. A popover closed by a click elsewhere leaves focus where that click put it
 * (`onPointerDownOutside`): taking it back would pull the reader away from what they clicked.
 */
export function useReturnFocus() {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    contentProps: {
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
    },
    onPointerDownOutside: () => {
      returnTo.current = null;
    },
  };
}
