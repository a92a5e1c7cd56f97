'use client';

import { useEffect, useState } from 'react';
import { callData } from '@/lib/client/api';

/**
 * The number of cards due now (and new ones left for today), beside 复习 in the account menus.
 * Asked when the menu opens, so it is as fresh as the menu; nothing shows until it is known, or
 * when nothing is waiting.
 */
export function ReviewDue() {
  const [waiting, setWaiting] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    callData('review_counts', {}, controller.signal, { quiet: true })
      .then((counts) => setWaiting(counts.due + counts.new_left))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  if (!waiting) return null;
  return (
    <span className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-red-500 px-1.5 text-xs font-semibold text-white tabular-nums">
      <span data-testid="review-due-badge">{waiting > 99 ? '99+' : waiting}</span>
      <span className="sr-only">张待复习</span>
    </span>
  );
}
