import type { CallRequest, Gloss } from '@/lib/contract';
import type { PackageType } from '@/lib/contract/membership';

/**
 * The shell-level overlays of spec section 2, in one store: which one is open and with what.
 * Each kind has its own payload type, so `openOverlay('posExplain', pos)` is checked where it is
 * called and the overlay receives its payload typed, with nothing to re-check. The OverlayHost
 * (components/overlays) loads and renders them; any component opens one by name.
 */

/** Where an anchored overlay points: an element on the page (followed as it moves), or a point. */
export type OverlayAnchor = Element | { x: number; y: number; width?: number; height?: number };

/**
 * A word looked up in its sentence (the word query of spec section 7, as the contract takes it;
 * `from` names the screen), and the word on the page the panel sits beside.
 */
export interface WordLookup {
  query: CallRequest<'query_word'>;
  anchor?: OverlayAnchor;
}

/** A gloss's part of speech, whose explanation the drawer shows. */
export type PartOfSpeech = NonNullable<Gloss['pos']>;

/** The centre dialog's content: so far the quota prompt (spec section 4). */
export interface CenterDialogPayload {
  kind: 'quota';
}

/** A sentence to translate in the translate drawer (spec section 2). */
export interface SentenceTranslatePayload {
  text: string;
}

/**
 * The chat drawer: the sentence analysis panel over the current page, for a sentence of the text
 * being read (`from` names the screen, kept with the sentence in the learner's history), or a
 * stored conversation to reopen.
 */
export type ChatDrawerPayload =
  | { sentence: string; from: string; wordId?: string | number }
  | { conversationId: string | number; from: string };

/** The confirm-order dialog (spec section 2, VIP dialogs): the package chosen; it can be switched there. */
export interface VipOrderPayload {
  type: PackageType;
}

/** The congratulations dialog after a payment: what was paid (fen) for which package. */
export interface VipCongratsPayload {
  amount: number;
  type: PackageType;
}

/** What each overlay is opened with; `undefined` where it needs nothing (yet). */
export interface OverlayPayloads {
  wordTranslation: WordLookup;
  /** The translate drawer: the text to translate. */
  sentenceTranslate: SentenceTranslatePayload;
  centerDialog: CenterDialogPayload;
  loginDialog: undefined;
  settings: undefined;
  posExplain: PartOfSpeech;
  chatDrawer: ChatDrawerPayload;
  /** The open-membership dialog: the packages, each with 立即购买. */
  vipPackages: undefined;
  vipOrder: VipOrderPayload;
  vipCongrats: VipCongratsPayload;
}
export type OverlayName = keyof OverlayPayloads;

// Typed as a record so that a kind added to OverlayPayloads and not listed here fails to compile.
const everyOverlay: Record<OverlayName, true> = {
  wordTranslation: true,
  sentenceTranslate: true,
  centerDialog: true,
  loginDialog: true,
  settings: true,
  posExplain: true,
  chatDrawer: true,
  vipPackages: true,
  vipOrder: true,
  vipCongrats: true,
};
export const overlayNames = Object.keys(everyOverlay) as readonly OverlayName[];

/**
 * Spec section 4: a route change closes these (the translation popup, the translate drawer), and
 * the chat drawer, whose sentence belongs to the page it was opened on. (The spec's sense drawer
 * is the word panel's own sense list here, not an overlay of its own.)
 */
export const closedOnRouteChange: readonly OverlayName[] = ['wordTranslation', 'sentenceTranslate', 'chatDrawer'];

export type OpenOverlay<N extends OverlayName> = { readonly payload: OverlayPayloads[N] };
export type OverlayState = { readonly [N in OverlayName]?: OpenOverlay<N> };

/**
 * What the OverlayHost hands the overlay of kind N: whether it is open, its payload (the last one
 * stays while it closes), and how to close it.
 */
export interface HostedOverlayProps<N extends OverlayName> {
  open: boolean;
  payload: OverlayPayloads[N] | undefined;
  onClose: () => void;
  /** The same, in the shape an overlay frame reports (false: it asks to close). */
  onOpenChange: (open: boolean) => void;
}

/** An overlay that needs a payload must be given one; the others may be. */
export type PayloadArgs<N extends OverlayName> = undefined extends OverlayPayloads[N]
  ? [payload?: OverlayPayloads[N]]
  : [payload: OverlayPayloads[N]];

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

export function openOverlay<N extends OverlayName>(name: N, ...[payload]: PayloadArgs<N>): void {
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

// The OverlayHost knows where each overlay's code is; it tells the store how to fetch it, so that
// a screen can ask for an overlay ahead of time without depending on the host.
let preloader: (name: OverlayName) => void = () => {};

export function setOverlayPreloader(next: (name: OverlayName) => void): void {
  preloader = next;
}

/**
 * Starts fetching an overlay's code before it is needed, when a person shows they are about to
 * open it (e.g. the dictionary's reading mode, where any click opens the word panel).
 */
export function preloadOverlay(name: OverlayName): void {
  preloader(name);
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
