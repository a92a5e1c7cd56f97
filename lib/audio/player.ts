/**
 * The audio engine of the browser (spec sections 4, 5, 8 and 9), framework-free.
 *
 * One thing sounds at a time: starting an item stops whatever was playing. An item (a text in a
 * voice) goes wait → load (its audio is fetched) → read (it sounds, `repeat` times with `interval`
 * seconds between) → wait, on its end or on stop. A text split into segments plays in one of three
 * modes: sequence (from the chosen segment to the end), single (the chosen one) and singleLoop (the
 * chosen one until stopped); segment audio is fetched ahead, at most 3 at a time, and after 10
 * failed fetches the whole run is abandoned with 'maxError'. Failures to fetch or play are logged,
 * never thrown at the page: a button simply goes back to wait.
 *
 * One request speaks at most speechLimits.maxChars characters (issue 29). A longer text (a long
 * sentence of a book: the reading page's sentences are not cut) is fetched in pieces, cut at its
 * clause marks and then between words (lib/text/speech-pieces.ts), and its pieces sound one after
 * another as one item, with no interval between them; a repeat sounds them all again.
 *
 * Two engines speak, behind this one interface: the browser's own natural voices (Web Speech API,
 * speech-engine.ts) where the learner keeps 浏览器自然人声 (the default) and the browser has a
 * natural voice for the accent, and the server's synthesis otherwise, or where a browser voice
 * fails, or for a composed text (`concat:`), which only the server can put together. The states,
 * repeats, intervals, modes and stops are the same for both; a spoken item has no 'load'.
 *
 * Everything the browser provides (the audio element, fetch, object URLs, speech, the console) can
 * be replaced, so the engine runs under Node in unit tests with fake timers.
 */
import { callData } from '@/lib/client/api';
import type { Voice } from '@/lib/contract';
// The plain half of the contract: the player must not load every call's schemas (zod) with it.
import { audioQuery, CONCAT_PREFIX, speechLimits, textAudioPath } from '@/lib/contract/audio';
import { speechPieces } from '@/lib/text/speech-pieces';
import type { SpeechVoiceLike } from './browser-voices';
import { MAX_FETCH_ERRORS, MaxErrors, segmentFetcher } from './player-segment-fetcher';
import { Aborted, type AudioElementLike, PlayFailed, type PlaySettings, playOnce, silentWavUrl, sleep } from './player-sound';
import { type SpeechEngine, speechEngine } from './speech-engine';

export { FETCH_CONCURRENCY, FETCH_LOOKAHEAD, MAX_FETCH_ERRORS } from './player-segment-fetcher';

export type ItemState = 'wait' | 'load' | 'read';
export type PlayMode = 'sequence' | 'single' | 'singleLoop';
export type PlayerError = 'maxError';
/** Who speaks: the browser's natural voices (where it has one for the accent) or the server. */
export type SpeechSource = 'browser' | 'server';

/** The engine and the browser voice chosen per accent (by name; null: the best natural one). */
export interface VoiceSettings {
  source: SpeechSource;
  browserVoice: Record<Voice, string | null>;
}
export type { AudioElementLike, PlaySettings } from './player-sound';

export const defaultPlaySettings: PlaySettings = Object.freeze({ repeat: 2, interval: 0.5, rate: 1, volume: 1 });

export interface PlayerDeps {
  createAudio?: () => AudioElementLike;
  /** The audio at a same-origin URL, as a Blob; rejects on any failure. */
  fetchAudio?: (url: string, signal: AbortSignal) => Promise<Blob>;
  /** A text's sentence segments (get_text_audio_segments). */
  fetchSegments?: (text: string, voice: Voice, signal: AbortSignal) => Promise<string[]>;
  createObjectUrl?: (blob: Blob) => string;
  revokeObjectUrl?: (url: string) => void;
  /** The browser's speech (default: window.speechSynthesis where there is one; null: none). */
  speech?: SpeechEngine | null;
  /** Where failures are logged (default console.warn). */
  warn?: (...args: unknown[]) => void;
  /** Fetched audio kept for replay, by count (default 24). */
  cacheSize?: number;
  /**
   * Play a moment of silence on the element in the call that starts playback (default true).
   * iOS and the WeChat browser let an element play later, after the audio has been fetched, only
   * if it already played inside a user gesture; the first play call comes from one.
   */
  unlockAudio?: boolean;
}

export interface PlayOptions extends Partial<PlaySettings> {
  voice?: Voice;
  /** The item's identity for its state; defaults to itemId(text, voice). */
  id?: string;
}

export interface SegmentOptions extends PlayOptions {
  /** The server's synthesis even where a browser voice could speak (after that voice failed). */
  useServer?: boolean;
  mode?: PlayMode;
  /** The chosen segment: where a sequence starts, what single and singleLoop play. */
  start?: number;
  /** Names the list; its items are segmentId(listId, index). */
  listId?: string;
}

export interface ActiveItem {
  id: string;
  state: Exclude<ItemState, 'wait'>;
  /** Set when the item is a segment of a list. */
  list?: { id: string; index: number };
}

export interface PlayerSnapshot {
  active: ActiveItem | null;
  /** Why the last segment run was abandoned, until the next run starts. */
  error: PlayerError | null;
}

export interface AudioPlayer {
  /** Plays one text; resolves when it has finished or been stopped. Empty text: nothing. */
  play(text: string, options?: PlayOptions): Promise<void>;
  /** Stops the item if it is the one loading or sounding, else plays it. */
  toggle(text: string, options?: PlayOptions): Promise<void>;
  /** Plays already split segments in a mode. */
  playSegments(segments: readonly string[], options?: SegmentOptions): Promise<void>;
  /** Splits a text through the upstream, then plays its segments. */
  playText(text: string, options?: SegmentOptions): Promise<void>;
  stop(): void;
  /** Whether a text in this accent is spoken by a browser voice now (else by the server). */
  speaksInBrowser(voice: Voice): boolean;
  /** Stops for good: every later call does nothing. */
  dispose(): void;
  /** Defaults for options a call leaves out (the stored config's values). */
  configure(settings: Partial<PlaySettings> & { mode?: PlayMode } & Partial<VoiceSettings>): void;
  stateOf(id: string): ItemState;
  getSnapshot(): PlayerSnapshot;
  subscribe(listener: () => void): () => void;
}

export const itemId = (text: string, voice: Voice = 'us') => `${voice}:${text}`;
export const segmentId = (listId: string, index: number) => `${listId}#${index}`;

/** The URL of a text's audio: a composed text goes as its md5 key plus source (spec §5). */
export const audioUrl = (text: string, voice: Voice = 'us') => `${textAudioPath}?${new URLSearchParams(audioQuery(text, voice))}`;

/**
 * The texts that one item is fetched as: itself, or a text longer than one request may speak in
 * pieces (composed texts are short and never cut).
 */
export function speechRequests(text: string): string[] {
  if (text.length <= speechLimits.maxChars || text.startsWith(CONCAT_PREFIX)) return [text];
  return speechPieces(text, speechLimits.maxChars);
}

/** The URLs of an item's audio, in order (one unless the text is too long for one request). */
export const audioUrls = (text: string, voice: Voice = 'us') => speechRequests(text).map((t) => audioUrl(t, voice));

async function browserFetchAudio(url: string, signal: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`audio request failed: HTTP ${response.status}`);
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('audio/')) throw new Error(`audio request answered ${type || 'no content type'}`);
  return response.blob();
}

async function browserFetchSegments(text: string, voice: Voice, signal: AbortSignal): Promise<string[]> {
  const { segments } = await callData('get_text_audio_segments', { text, voice }, signal);
  return [...segments].sort((a, b) => a.index - b.index).map((s) => s.text);
}

const idle: PlayerSnapshot = Object.freeze({ active: null, error: null });

export function createAudioPlayer(deps: PlayerDeps = {}): AudioPlayer {
  const createAudio = deps.createAudio ?? (() => new Audio() as AudioElementLike);
  const fetchAudio = deps.fetchAudio ?? browserFetchAudio;
  const fetchSegments = deps.fetchSegments ?? browserFetchSegments;
  const createObjectUrl = deps.createObjectUrl ?? ((blob: Blob) => URL.createObjectURL(blob));
  const revokeObjectUrl = deps.revokeObjectUrl ?? ((url: string) => URL.revokeObjectURL(url));
  const warn = deps.warn ?? ((...args: unknown[]) => console.warn(...args));
  // Looked up on first use: creating the player touches no browser API.
  let speech: SpeechEngine | null | undefined = deps.speech;
  const cacheSize = deps.cacheSize ?? 24;
  const unlockAudio = deps.unlockAudio ?? true;
  let unlocked = false;

  let defaults: PlaySettings & { mode: PlayMode } & VoiceSettings = {
    ...defaultPlaySettings,
    mode: 'sequence',
    source: 'browser',
    browserVoice: { us: null, uk: null },
  };
  let snapshot: PlayerSnapshot = idle;
  let current: AbortController | null = null;
  let element: AudioElementLike | null = null;
  let disposed = false;
  const listeners = new Set<() => void>();
  // Least recently used first: a Map keeps insertion order, and a hit re-inserts.
  const blobs = new Map<string, Blob>();

  function publish(next: PlayerSnapshot) {
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }

  function setActive(run: AbortController, active: ActiveItem | null) {
    if (run !== current) return;
    publish({ active, error: snapshot.error });
  }

  /** Stops what runs and makes a new run current. */
  function begin(): AbortController {
    current?.abort();
    const run = new AbortController();
    current = run;
    publish({ active: null, error: null });
    return run;
  }

  function end(run: AbortController, error: PlayerError | null = null) {
    if (run !== current) return;
    current = null;
    publish(error || snapshot.active ? { active: null, error } : idle);
  }

  /** Called synchronously by every call that starts playback, i.e. inside the click. */
  function unlock() {
    if (!unlockAudio || unlocked) return;
    unlocked = true;
    try {
      const audio = (element ??= createAudio());
      audio.src = silentWavUrl();
      audio.play().catch(() => {
        // Refused or cut short by the real source: either way the gesture has been used.
      });
    } catch {
      // No audio support at all: the real play will fail and be logged.
    }
  }

  async function fetchBlob(url: string, signal: AbortSignal): Promise<Blob> {
    const hit = blobs.get(url);
    if (hit) {
      blobs.delete(url);
      blobs.set(url, hit);
      return hit;
    }
    const blob = await fetchAudio(url, signal);
    blobs.set(url, blob);
    while (blobs.size > cacheSize) blobs.delete(blobs.keys().next().value!);
    return blob;
  }

  /**
   * Sounds an item of `count` pieces `repeat` times (forever for singleLoop) with the interval
   * between soundings; the pieces follow one another without one. `piece(i)` fetches piece i; it
   * is asked for once, when the sound reaches it, and the item is 'read' from its first piece on.
   */
  async function sound(
    count: number,
    piece: (i: number) => Promise<Blob>,
    item: ActiveItem,
    settings: PlaySettings,
    forever: boolean,
    run: AbortController,
  ) {
    const urls: string[] = [];
    try {
      for (let i = 0; forever || i < settings.repeat; i++) {
        if (i > 0) await sleep(settings.interval * 1000, run.signal);
        for (let p = 0; p < count; p++) {
          urls[p] ??= createObjectUrl(await piece(p));
          if (i === 0 && p === 0) setActive(run, { ...item, state: 'read' });
          await playOnce((element ??= createAudio()), urls[p], settings, run.signal);
        }
      }
    } finally {
      for (const url of urls) {
        if (element?.src === url) element.removeAttribute('src');
        revokeObjectUrl(url);
      }
    }
  }

  /** The browser voice that speaks `text` in `voice`, or null when the server's synthesis does. */
  function browserVoiceFor(text: string, voice: Voice): SpeechVoiceLike | null {
    if (defaults.source !== 'browser' || text.startsWith(CONCAT_PREFIX)) return null;
    if (speech === undefined) speech = speechEngine();
    return speech?.voiceFor(voice, defaults.browserVoice[voice]) ?? null;
  }

  /**
   * Speaks an item with a browser voice, `repeat` times (forever for singleLoop) with the interval
   * between; a long text in pieces, as the server's audio would be. The first utterance starts
   * before any wait, inside the click that asked for it (iOS speaks only then).
   */
  async function speakItem(
    text: string,
    voice: SpeechVoiceLike,
    item: ActiveItem,
    settings: PlaySettings,
    forever: boolean,
    run: AbortController,
  ) {
    const pieces = speechRequests(text);
    for (let i = 0; forever || i < settings.repeat; i++) {
      if (i > 0) await sleep(settings.interval * 1000, run.signal);
      for (let p = 0; p < pieces.length; p++) {
        const said = speech!.speak(pieces[p], voice, settings, run.signal);
        if (i === 0 && p === 0) setActive(run, { ...item, state: 'read' });
        await said;
      }
    }
  }

  function settingsOf(options: PlayOptions): PlaySettings {
    const pick = (value: number | undefined, fallback: number) =>
      typeof value === 'number' && Number.isFinite(value) ? value : fallback;
    return {
      repeat: Math.max(1, Math.round(pick(options.repeat, defaults.repeat))),
      interval: Math.max(0, pick(options.interval, defaults.interval)),
      rate: Math.min(16, Math.max(0.0625, pick(options.rate, defaults.rate))),
      volume: Math.min(1, Math.max(0, pick(options.volume, defaults.volume))),
    };
  }

  function report(error: unknown, run: AbortController, what: string) {
    if (run.signal.aborted || error instanceof Aborted) return;
    if (error instanceof PlayFailed) warn(`[audio] ${what}: play failed`, error.reason);
    else warn(`[audio] ${what}: could not load audio`, error);
  }

  async function play(text: string, options: PlayOptions = {}): Promise<void> {
    if (disposed || text.trim() === '') return;
    unlock();
    const voice = options.voice ?? 'us';
    const settings = settingsOf(options);
    const item = { id: options.id ?? itemId(text, voice) };
    const run = begin();
    const spoken = browserVoiceFor(text, voice);
    if (spoken) {
      try {
        await speakItem(text, spoken, { ...item, state: 'read' }, settings, false, run);
        end(run);
        return;
      } catch (error) {
        if (run.signal.aborted || error instanceof Aborted) return end(run);
        // The browser voice failed (a network voice offline): the server's synthesis says it.
        warn(`[audio] ${JSON.stringify(text.slice(0, 60))}: browser voice failed, using the server's`, error);
      }
    }
    const urls = audioUrls(text, voice);
    // The next piece is fetched while one sounds (a text is one piece unless it is very long).
    const loads = new Map<number, Promise<Blob>>();
    const load = (p: number) => {
      if (p >= urls.length) return undefined;
      let blob = loads.get(p);
      if (!blob) {
        blob = fetchBlob(urls[p], run.signal);
        blob.catch(() => {}); // a piece fetched ahead that fails is reported when it is reached
        loads.set(p, blob);
      }
      return blob;
    };
    try {
      setActive(run, { ...item, state: 'load' });
      await load(0);
      await sound(
        urls.length,
        (p) => {
          load(p + 1);
          return load(p)!;
        },
        { ...item, state: 'read' },
        settings,
        false,
        run,
      );
    } catch (error) {
      report(error, run, JSON.stringify(text.slice(0, 60)));
    } finally {
      end(run);
    }
  }

  async function playSegments(segments: readonly string[], options: SegmentOptions = {}): Promise<void> {
    if (disposed) return;
    const voice = options.voice ?? 'us';
    const mode = options.mode ?? defaults.mode;
    const listId = options.listId ?? 'segments';
    const settings = settingsOf(options);
    const playable = (i: number) => typeof segments[i] === 'string' && segments[i].trim() !== '';
    const start = Math.max(0, Math.min(segments.length - 1, Math.trunc(options.start ?? 0)));
    const order =
      mode === 'sequence' ? segments.map((_, i) => i).filter((i) => i >= start && playable(i)) : playable(start) ? [start] : [];
    if (order.length === 0) return;

    unlock();
    const run = begin();
    const spoken = options.useServer ? null : browserVoiceFor(segments[order[0]], voice);
    if (spoken) {
      let k = 0;
      try {
        for (; k < order.length; k++) {
          const index = order[k];
          if (k > 0) await sleep(settings.interval * 1000, run.signal);
          const item: ActiveItem = { id: segmentId(listId, index), state: 'read', list: { id: listId, index } };
          await speakItem(segments[index], spoken, item, settings, mode === 'singleLoop', run);
        }
        end(run);
      } catch (error) {
        if (run.signal.aborted || error instanceof Aborted) return end(run);
        warn(`[audio] segment list ${listId}: browser voice failed, using the server's`, error);
        end(run);
        // The server goes on from the segment the voice failed on.
        await playSegments(segments, { ...options, start: order[k], useServer: true });
      }
      return;
    }
    // The fetcher works on pieces: a segment too long for one request is several (speechRequests).
    const urls: string[] = [];
    const firstPiece = order.map((i) => {
      const at = urls.length;
      urls.push(...audioUrls(segments[i], voice));
      return at;
    });
    firstPiece.push(urls.length);
    const fetcher = segmentFetcher(urls, run.signal, { fetchBlob, warn });
    try {
      for (let k = 0; k < order.length; k++) {
        const index = order[k];
        const item: ActiveItem = { id: segmentId(listId, index), state: 'load', list: { id: listId, index } };
        const first = firstPiece[k];
        if (k > 0) await sleep(settings.interval * 1000, run.signal);
        fetcher.advance(first);
        if (!fetcher.has(first)) setActive(run, item);
        await sound(
          firstPiece[k + 1] - first,
          (p) => {
            fetcher.advance(first + p);
            return fetcher.get(first + p);
          },
          item,
          settings,
          mode === 'singleLoop',
          run,
        );
      }
      end(run);
    } catch (error) {
      if (error instanceof MaxErrors) {
        warn(`[audio] maxError: ${MAX_FETCH_ERRORS} segment fetches failed; playback abandoned`);
        end(run, 'maxError');
      } else {
        report(error, run, `segment list ${listId}`);
        end(run);
      }
    } finally {
      fetcher.cancel();
    }
  }

  function stop() {
    if (!current) return;
    const run = current;
    run.abort();
    end(run);
  }

  return {
    play,
    async toggle(text, options = {}) {
      const id = options.id ?? itemId(text, options.voice ?? 'us');
      if (snapshot.active?.id === id) stop();
      else await play(text, options);
    },
    playSegments,
    async playText(text, options = {}) {
      if (disposed || text.trim() === '') return;
      unlock();
      // Claims the player at once, so a click elsewhere while the text is being split wins.
      const run = begin();
      const listId = options.listId ?? 'segments';
      setActive(run, {
        id: segmentId(listId, options.start ?? 0),
        state: 'load',
        list: { id: listId, index: options.start ?? 0 },
      });
      let segments: string[];
      try {
        segments = await fetchSegments(text, options.voice ?? 'us', run.signal);
      } catch (error) {
        report(error, run, 'segments');
        end(run);
        return;
      }
      if (run !== current) return;
      end(run);
      await playSegments(segments, options);
    },
    stop,
    dispose() {
      if (disposed) return;
      stop();
      disposed = true;
      blobs.clear();
      if (element) {
        element.onended = null;
        element.onerror = null;
        element.removeAttribute('src');
      }
      listeners.clear();
    },
    configure(settings) {
      defaults = { ...defaults, ...Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) };
    },
    speaksInBrowser: (voice) => browserVoiceFor('', voice) !== null,
    stateOf(id) {
      return snapshot.active?.id === id ? snapshot.active.state : 'wait';
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
