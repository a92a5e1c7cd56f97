'use client';

import { useState } from 'react';

/**
 * Where a learner is in a lesson of `total` items: the item shown, whether the unit is finished,
 * and the moves, each stored through `save` (the unit's progress). Moving past the last item
 * finishes the unit; restarting goes back to the first.
 */
export function useLessonCursor(total: number, start: number, save: (position: number, done: boolean) => void) {
  const [index, setIndex] = useState(start);
  const [finished, setFinished] = useState(false);

  const go = (next: number) => {
    if (next < 0 || total === 0) return;
    if (next >= total) {
      setFinished(true);
      save(total - 1, true);
      return;
    }
    setIndex(next);
    save(next, false);
  };
  const restart = () => {
    setFinished(false);
    setIndex(0);
    save(0, false);
  };
  return { index, finished, go, restart };
}
