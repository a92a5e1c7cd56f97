/**
 * A tiny global toast store: any module (the API client included) can raise a toast, and the one
 * <Toaster/> in the root layout shows them.
 */
export type ToastKind = 'error' | 'success' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_DURATION_MS = 5000;

// One array, so that React sees the same server snapshot on every call.
const noToasts: readonly Toast[] = Object.freeze([]);
let toasts: readonly Toast[] = noToasts;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const l of listeners) l();
}

export function showToast(kind: ToastKind, message: string, durationMs = TOAST_DURATION_MS): void {
  const id = nextId++;
  // The same message twice at once says nothing new.
  if (toasts.some((t) => t.message === message && t.kind === kind)) return;
  emit([...toasts, { id, kind, message }]);
  setTimeout(() => dismissToast(id), durationMs);
}

export function dismissToast(id: number): void {
  emit(toasts.filter((t) => t.id !== id));
}

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => toasts,
  serverSnapshot: (): readonly Toast[] => noToasts,
};

export const toast = {
  error: (message: string) => showToast('error', message),
  success: (message: string, durationMs?: number) => showToast('success', message, durationMs),
  info: (message: string) => showToast('info', message),
};
