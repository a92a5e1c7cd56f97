'use client';

import { useEffect, useRef } from 'react';

export type LessonKeyHandlers = Partial<Record<'ArrowLeft' | 'ArrowRight' | '1' | '2' | '3' | '4' | 'Enter', () => void>>;

/**
 * A lesson's keyboard shortcuts (←/→ move, 1–4 answer, Enter go on), on the whole page, except
 * where the keys mean something else: a field being typed in, the clickable words (their arrows
 * move between words), an open dialog or drawer (the word panel), Enter on a control (which
 * presses it), or with a modifier held.
 */
export function useLessonKeys(handlers: LessonKeyHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const handler = latest.current[event.key as keyof LessonKeyHandlers];
      if (!handler) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="group"][lang="en"], [role="dialog"]')) {
        return;
      }
      if (event.key === 'Enter' && target?.closest('button, a, summary, [role="tab"]')) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
