'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { readCookie } from '@/lib/client/return-route';
import { dismissToast, toast, toastStore } from '@/lib/client/toast';
import { FLASH_COOKIE, flashMessages, type FlashKey } from '@/lib/routes/navigation';

const kindStyles = {
  error: 'bg-red-600 text-white',
  success: 'bg-emerald-600 text-white',
  info: 'bg-ink text-white',
} as const;

/** Shows the toasts raised anywhere in the app, and the one-shot message a redirect left. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot, toastStore.serverSnapshot);

  useEffect(() => {
    const flash = readCookie(FLASH_COOKIE);
    if (!flash) return;
    document.cookie = `${FLASH_COOKIE}=; path=/; max-age=0; samesite=lax`;
    if (flash in flashMessages) {
      const { kind, message } = flashMessages[flash as FlashKey];
      toast[kind](message);
    }
  }, []);

  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex flex-col items-center gap-2 px-4">
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-testid={`toast-${t.kind}`}
          className={`pointer-events-auto flex max-w-md items-center gap-3 rounded-lg px-4 py-2.5 text-sm shadow-lg ${kindStyles[t.kind]}`}
        >
          <span>{t.message}</span>
          <button
            type="button"
            aria-label="关闭提示"
            onClick={() => dismissToast(t.id)}
            className="ml-auto rounded px-1 text-white/80 hover:text-white"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
