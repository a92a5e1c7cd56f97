/**
 * The shell-level overlays of spec section 2, in one store: which one is open and with what.
 * The OverlayHost renders them; any component opens one by name.
 */
export const overlayNames = [
  'senseDrawer',
  'wordTranslation',
  'sentenceTranslate',
  'centerDialog',
  'loginDialog',
  'settings',
  'posExplain',
  'chatDrawer',
] as const;
export type OverlayName = (typeof overlayNames)[number];

/** Spec section 4: a route change closes these. */
export const closedOnRouteChange: readonly OverlayName[] = ['senseDrawer', 'wordTranslation', 'sentenceTranslate'];

export type OverlayState = Readonly<Partial<Record<OverlayName, { payload?: unknown }>>>;

// One object, so that React sees the same server snapshot on every call.
const noOverlays: OverlayState = Object.freeze({});
let state: OverlayState = noOverlays;
const listeners = new Set<() => void>();

function emit(next: OverlayState) {
  state = next;
  for (const l of listeners) l();
}

export const overlayStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => state,
  serverSnapshot: (): OverlayState => noOverlays,
};

export function openOverlay(name: OverlayName, payload?: unknown): void {
  emit({ ...state, [name]: { payload } });
}

export function closeOverlay(name: OverlayName): void {
  if (!state[name]) return;
  const { [name]: _closed, ...rest } = state;
  emit(rest);
}

export function closeOverlays(names: readonly OverlayName[] = overlayNames): void {
  if (!names.some((n) => state[n])) return;
  emit(Object.fromEntries(Object.entries(state).filter(([n]) => !names.includes(n as OverlayName))));
}

export function isOverlayOpen(name: OverlayName): boolean {
  return !!state[name];
}

/**
 * Spec sections 4 and 9: a drawer's content may mount a moment after it opens; poll every
 * 100 ms and give up after more than 10 tries. Resolves whether it became ready.
 */
export function waitUntilReady(check: () => boolean, { intervalMs = 100, maxTries = 10 } = {}): Promise<boolean> {
  return new Promise((resolve) => {
    let tries = 0;
    const tick = () => {
      if (check()) return resolve(true);
      if (++tries > maxTries) return resolve(false);
      setTimeout(tick, intervalMs);
    };
    tick();
  });
}
