import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { audioKeyOf, repeatedWord, speechLimits } from '@/lib/contract';
import {
  FETCH_CONCURRENCY,
  MAX_FETCH_ERRORS,
  audioUrl,
  createAudioPlayer,
  itemId,
  segmentId,
  speechRequests,
  type AudioElementLike,
  type AudioPlayer,
  type ItemState,
} from './player';

/** An audio element whose sound lasts `duration` ms at rate 1 and ends by timer. */
class FakeAudio implements AudioElementLike {
  src = '';
  currentTime = 0;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  volume = 1;
  onended: ((event: Event) => void) | null = null;
  onerror: ((event: Event | string) => void) | null = null;
  plays: { src: string; at: number; rate: number; volume: number }[] = [];
  pauses = 0;
  /** What the next play() does. */
  behaviour: 'ok' | 'reject' | 'decodeError' = 'ok';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private duration: number) {}

  play(): Promise<void> {
    this.plays.push({ src: this.src, at: Date.now(), rate: this.playbackRate, volume: this.volume });
    if (this.behaviour === 'reject') return Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
    if (this.behaviour === 'decodeError') {
      this.timer = setTimeout(() => this.onerror?.(new Event('error')), 10);
      return Promise.resolve();
    }
    this.timer = setTimeout(() => this.onended?.(new Event('ended')), this.duration / this.playbackRate);
    return Promise.resolve();
  }

  pause(): void {
    this.pauses++;
    clearTimeout(this.timer);
  }

  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }
}

interface Harness {
  player: AudioPlayer;
  audio: FakeAudio;
  fetched: string[];
  created: string[];
  revoked: string[];
  warnings: unknown[][];
  inFlight: () => number;
  maxInFlight: () => number;
}

interface HarnessOptions {
  fetchMs?: number;
  durationMs?: number;
  fail?: (url: string) => boolean;
  cacheSize?: number;
  unlockAudio?: boolean;
}

function harness(options: HarnessOptions = {}): Harness {
  const { fetchMs = 100, durationMs = 1000, fail = () => false } = options;
  const audio = new FakeAudio(durationMs);
  const fetched: string[] = [];
  const created: string[] = [];
  const revoked: string[] = [];
  const warnings: unknown[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const player = createAudioPlayer({
    createAudio: () => audio,
    fetchAudio: (url, signal) =>
      new Promise<Blob>((resolve, reject) => {
        fetched.push(url);
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const onAbort = () => {
          clearTimeout(timer);
          inFlight--;
          reject(new DOMException('aborted', 'AbortError'));
        };
        const timer = setTimeout(() => {
          signal.removeEventListener('abort', onAbort);
          inFlight--;
          if (fail(url)) reject(new Error('HTTP 500'));
          else resolve(new Blob([url], { type: 'audio/wav' }));
        }, fetchMs);
        signal.addEventListener('abort', onAbort, { once: true });
      }),
    createObjectUrl: (blob) => {
      const url = `blob:${created.length + 1}`;
      created.push(url);
      void blob;
      return url;
    },
    revokeObjectUrl: (url) => revoked.push(url),
    warn: (...args) => warnings.push(args),
    cacheSize: options.cacheSize,
    unlockAudio: options.unlockAudio ?? false,
  });
  return { player, audio, fetched, created, revoked, warnings, inFlight: () => inFlight, maxInFlight: () => maxInFlight };
}

/** Every distinct state an item passes through, from now on. */
function track(player: AudioPlayer, id: string): ItemState[] {
  const states: ItemState[] = [player.stateOf(id)];
  player.subscribe(() => {
    const s = player.stateOf(id);
    if (states.at(-1) !== s) states.push(s);
  });
  return states;
}

const decodedText = (url: string) => new URL(url, 'http://x').searchParams.get('text');

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('one item', () => {
  it('goes wait → load → read → wait', async () => {
    const h = harness();
    const states = track(h.player, itemId('hello', 'uk'));
    const done = h.player.play('hello', { voice: 'uk', repeat: 1 });
    expect(h.player.stateOf(itemId('hello', 'uk'))).toBe('load');
    await vi.advanceTimersByTimeAsync(100);
    expect(h.player.stateOf(itemId('hello', 'uk'))).toBe('read');
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(states).toEqual(['wait', 'load', 'read', 'wait']);
    expect(h.fetched).toEqual([audioUrl('hello', 'uk')]);
    expect(h.fetched[0]).toBe('/api/get_text_audio?text=hello&voice=uk');
    expect(h.player.getSnapshot()).toEqual({ active: null, error: null });
  });

  it('sounds `repeat` times with `interval` seconds between, and stays read in the pauses', async () => {
    const h = harness({ fetchMs: 100, durationMs: 1000 });
    const done = h.player.play('twice', { repeat: 3, interval: 0.5 });
    await vi.advanceTimersByTimeAsync(1100 + 250);
    expect(h.player.stateOf(itemId('twice'))).toBe('read'); // in the first pause
    await vi.advanceTimersByTimeAsync(10_000);
    await done;
    expect(h.audio.plays.map((p) => p.at)).toEqual([100, 1600, 3100]);
    expect(h.player.stateOf(itemId('twice'))).toBe('wait');
  });

  it('uses the defaults of spec §9 (repeat 2, rate 1, volume 1) and the configured ones', async () => {
    const h = harness();
    const first = h.player.play('default');
    await vi.advanceTimersByTimeAsync(10_000);
    await first;
    expect(h.audio.plays.map((p) => [p.rate, p.volume])).toEqual([
      [1, 1],
      [1, 1],
    ]);

    h.player.configure({ repeat: 1, rate: 1.5, interval: 2 });
    const second = h.player.play('configured');
    await vi.advanceTimersByTimeAsync(10_000);
    await second;
    expect(h.audio.plays).toHaveLength(3);
    expect(h.audio.plays[2].rate).toBe(1.5);
  });

  it('applies rate and volume to the element (the sound then lasts duration / rate)', async () => {
    const h = harness({ fetchMs: 100, durationMs: 1000 });
    const done = h.player.play('fast', { repeat: 2, interval: 1, rate: 2, volume: 0.4 });
    await vi.advanceTimersByTimeAsync(10_000);
    await done;
    expect(h.audio.playbackRate).toBe(2);
    expect(h.audio.defaultPlaybackRate).toBe(2);
    expect(h.audio.volume).toBe(0.4);
    expect(h.audio.plays.map((p) => p.at)).toEqual([100, 100 + 500 + 1000]);
  });

  it('plays one item at a time: starting another stops the first', async () => {
    const h = harness();
    const a = track(h.player, itemId('first'));
    const first = h.player.play('first', { repeat: 3 });
    await vi.advanceTimersByTimeAsync(300);
    expect(h.player.stateOf(itemId('first'))).toBe('read');
    const second = h.player.play('second', { repeat: 1 });
    expect(h.player.stateOf(itemId('first'))).toBe('wait');
    expect(h.player.stateOf(itemId('second'))).toBe('load');
    expect(h.audio.pauses).toBe(1);
    await first; // the stopped item's promise settles
    await vi.advanceTimersByTimeAsync(10_000);
    await second;
    expect(a).toEqual(['wait', 'load', 'read', 'wait']);
    expect(h.audio.plays.map((p) => p.src)).toEqual(['blob:1', 'blob:2']);
    expect(h.warnings).toEqual([]);
  });

  it('toggle stops the item that is sounding and stop() ends a pause between repeats', async () => {
    const h = harness();
    const done = h.player.toggle('word', { repeat: 2 });
    await vi.advanceTimersByTimeAsync(500);
    void h.player.toggle('word', { repeat: 2 });
    expect(h.player.stateOf(itemId('word'))).toBe('wait');
    await done;

    const again = h.player.play('word', { repeat: 3, interval: 2 });
    await vi.advanceTimersByTimeAsync(1500); // cached: no fetch, so the first sounding ended at 1000
    expect(h.player.stateOf(itemId('word'))).toBe('read');
    h.player.stop();
    await again;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.audio.plays).toHaveLength(2);
    expect(h.player.stateOf(itemId('word'))).toBe('wait');
  });

  it('revokes every object URL it made and keeps a small LRU of fetched audio', async () => {
    const h = harness({ cacheSize: 2 });
    for (const text of ['a1', 'a2', 'a1', 'a3', 'a2', 'a1']) {
      const p = h.player.play(text, { repeat: 1 });
      await vi.advanceTimersByTimeAsync(5_000);
      await p;
    }
    // a1, a2 fetched; a1 hit; a3 evicts a2 (a1 was used more recently); a2 again evicts a1; a1 again.
    expect(h.fetched.map(decodedText)).toEqual(['a1', 'a2', 'a3', 'a2', 'a1']);
    expect(h.created).toHaveLength(6);
    expect(h.revoked).toEqual(h.created);
  });

  it('asks for a concat: text by its md5 key with the text as source', async () => {
    const h = harness();
    const composed = repeatedWord('apple', 2);
    const done = h.player.play(composed, { voice: 'uk', repeat: 1 });
    await vi.advanceTimersByTimeAsync(5_000);
    await done;
    const query = new URL(h.fetched[0], 'http://x').searchParams;
    expect(query.get('text')).toBe(audioKeyOf(composed));
    expect(query.get('text')).toMatch(/^md5:[0-9a-f]{32}$/);
    expect(query.get('source')).toBe('concat:0.3:apple|apple');
    expect(query.get('voice')).toBe('uk');
  });

  it('unlocks the element with silence inside the call that starts playback (iOS, WeChat)', async () => {
    const h = harness({ unlockAudio: true, fetchMs: 100 });
    const done = h.player.play('tap', { repeat: 1 });
    // Synchronously, before the fetch: the element plays a silent data URL.
    expect(h.audio.plays).toHaveLength(1);
    expect(h.audio.plays[0].src).toMatch(/^data:audio\/wav;base64,UklGR/);
    await vi.advanceTimersByTimeAsync(5_000);
    await done;
    expect(h.audio.plays.map((p) => p.src)).toEqual([expect.stringMatching(/^data:/), 'blob:1']);
    expect(h.player.getSnapshot().active).toBeNull();
    // Only once per player.
    const again = h.player.play('tap', { repeat: 1 });
    await vi.advanceTimersByTimeAsync(5_000);
    await again;
    expect(h.audio.plays.filter((p) => p.src.startsWith('data:'))).toHaveLength(1);
  });

  it('does nothing for empty text or once disposed', async () => {
    const h = harness();
    const listener = vi.fn();
    h.player.subscribe(listener);
    await h.player.play('');
    await h.player.play('   \n');
    await h.player.playSegments([]);
    await h.player.playSegments(['', '  '], { mode: 'sequence' });
    await h.player.playText(' ');
    expect(listener).not.toHaveBeenCalled();
    h.player.dispose();
    await h.player.play('hello');
    await h.player.playSegments(['one']);
    expect(h.fetched).toEqual([]);
    expect(h.audio.plays).toEqual([]);
  });

  it('logs a rejected play() and goes back to wait, without throwing', async () => {
    const h = harness();
    h.audio.behaviour = 'reject';
    const done = h.player.play('blocked');
    await vi.advanceTimersByTimeAsync(200);
    await expect(done).resolves.toBeUndefined();
    expect(h.player.stateOf(itemId('blocked'))).toBe('wait');
    expect(h.warnings).toHaveLength(1);
    expect(String(h.warnings[0][0])).toMatch(/play failed/);
    expect(h.revoked).toEqual(h.created);
  });

  it('logs a decode error and a failed fetch the same way', async () => {
    const h = harness({ fail: (url) => url.includes('missing') });
    h.audio.behaviour = 'decodeError';
    const broken = h.player.play('broken');
    await vi.advanceTimersByTimeAsync(500);
    await expect(broken).resolves.toBeUndefined();
    const missing = h.player.play('missing');
    await vi.advanceTimersByTimeAsync(500);
    await expect(missing).resolves.toBeUndefined();
    expect(h.warnings.map((w) => String(w[0]))).toEqual([
      expect.stringMatching(/play failed/),
      expect.stringMatching(/could not load audio/),
    ]);
    expect(h.player.getSnapshot().active).toBeNull();
  });
});

describe('texts too long for one request', () => {
  // A sentence of a book with no full stop for 2,600 characters: clauses of about 100.
  const clause = 'and the rain went on falling over the roofs and the gardens of the quiet little town by the';
  const long = Array.from({ length: 26 }, (_, i) => `${clause} river ${i + 1}`).join(', ');

  it('are cut at clause marks into pieces that one request may speak, and short texts are left alone', () => {
    const pieces = speechRequests(long);
    expect(long.length).toBeGreaterThan(2 * speechLimits.maxChars);
    expect(pieces).toHaveLength(3);
    expect(pieces.every((p) => p.length <= speechLimits.maxChars)).toBe(true);
    expect(pieces.every((p, i) => i === pieces.length - 1 || p.endsWith(','))).toBe(true);
    expect(pieces.join(' ')).toBe(long);
    expect(speechRequests('hello   world')).toEqual(['hello   world']);
    expect(speechRequests('x'.repeat(speechLimits.maxChars))).toHaveLength(1);
  });

  it('play() sounds the pieces one after another as one item, fetching the next while one sounds; a repeat sounds them all', async () => {
    const h = harness({ fetchMs: 100, durationMs: 1000 });
    const id = itemId(long);
    const states = track(h.player, id);
    const done = h.player.play(long, { repeat: 2, interval: 0.5 });
    await vi.advanceTimersByTimeAsync(1500); // within the second piece
    expect(h.player.stateOf(id)).toBe('read');
    await vi.advanceTimersByTimeAsync(10_000);
    await done;
    expect(h.fetched.map(decodedText)).toEqual(speechRequests(long));
    // The pieces back to back, then the interval, then all of them again.
    expect(h.audio.plays.map((p) => [p.src, p.at])).toEqual([
      ['blob:1', 100],
      ['blob:2', 1100],
      ['blob:3', 2100],
      ['blob:1', 3600],
      ['blob:2', 4600],
      ['blob:3', 5600],
    ]);
    expect(states).toEqual(['wait', 'load', 'read', 'wait']);
    expect(h.revoked).toEqual(h.created);
  });

  it('a long segment of a list is read in its pieces under its own id, between the others', async () => {
    const h = harness({ fetchMs: 50, durationMs: 1000 });
    const ids: string[] = [];
    h.player.subscribe(() => {
      const active = h.player.getSnapshot().active;
      if (active && active.state === 'read' && ids.at(-1) !== active.id) ids.push(active.id);
    });
    const done = h.player.playSegments(['Before.', long, 'After.'], { mode: 'sequence', listId: 'book', repeat: 1 });
    await vi.advanceTimersByTimeAsync(20_000);
    await done;
    expect(h.fetched.map(decodedText)).toEqual(['Before.', ...speechRequests(long), 'After.']);
    expect(h.audio.plays).toHaveLength(5);
    expect(ids).toEqual(['book#0', 'book#1', 'book#2']);
    expect(h.warnings).toEqual([]);
  });
});

describe('segment lists', () => {
  const segments = ['Zero.', 'One.', 'Two.', 'Three.'];
  const playedTexts = (h: Harness) => h.audio.plays.map((p) => decodedText(h.fetched[Number(p.src.slice(5)) - 1] ?? ''));

  it('sequence plays from the chosen segment to the end, each `repeat` times, with the interval', async () => {
    // Fetches here are instant to reason about order; created URL n is the n-th fetched blob
    // only because every segment is fetched before it sounds and none twice.
    const h = harness({ fetchMs: 50, durationMs: 1000 });
    const states = track(h.player, segmentId('para', 2));
    const done = h.player.playSegments(segments, { mode: 'sequence', start: 1, listId: 'para', repeat: 1, interval: 0.5 });
    await vi.advanceTimersByTimeAsync(50);
    expect(h.player.getSnapshot().active).toEqual({ id: 'para#1', state: 'read', list: { id: 'para', index: 1 } });
    await vi.advanceTimersByTimeAsync(10_000);
    await done;
    expect(h.audio.plays.map((p) => p.at)).toEqual([50, 1550, 3050]);
    expect(h.fetched.map(decodedText)).toEqual(['One.', 'Two.', 'Three.']);
    expect(playedTexts(h)).toEqual(['One.', 'Two.', 'Three.']);
    expect(states).toEqual(['wait', 'read', 'wait']); // fetched ahead: no load state left to see
    expect(h.player.getSnapshot()).toEqual({ active: null, error: null });
  });

  it('single plays only the chosen segment', async () => {
    const h = harness();
    const done = h.player.playSegments(segments, { mode: 'single', start: 2, repeat: 2 });
    await vi.advanceTimersByTimeAsync(10_000);
    await done;
    expect(h.fetched.map(decodedText)).toEqual(['Two.']);
    expect(h.audio.plays).toHaveLength(2);
  });

  it('singleLoop repeats the chosen segment until stopped', async () => {
    const h = harness({ fetchMs: 100, durationMs: 1000 });
    const done = h.player.playSegments(segments, { mode: 'singleLoop', start: 3, repeat: 1, interval: 0.5, listId: 'p' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(h.audio.plays.length).toBeGreaterThanOrEqual(13);
    expect(h.player.stateOf(segmentId('p', 3))).toBe('read');
    h.player.stop();
    await done;
    const count = h.audio.plays.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.audio.plays).toHaveLength(count);
    expect(h.fetched.map(decodedText)).toEqual(['Three.']);
    expect(h.player.stateOf(segmentId('p', 3))).toBe('wait');
  });

  it('fetches ahead at most 3 at a time', async () => {
    const h = harness({ fetchMs: 1000, durationMs: 200 });
    const many = Array.from({ length: 12 }, (_, i) => `Sentence ${i}.`);
    const done = h.player.playSegments(many, { mode: 'sequence', repeat: 1, interval: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.inFlight()).toBe(FETCH_CONCURRENCY);
    await vi.advanceTimersByTimeAsync(60_000);
    await done;
    expect(h.maxInFlight()).toBe(FETCH_CONCURRENCY);
    expect(h.fetched.map(decodedText)).toEqual(many);
    expect(playedTexts(h)).toEqual(many);
  });

  it('retries failed fetches and abandons with maxError after 10 failures', async () => {
    const h = harness({ fail: () => true });
    const states = track(h.player, segmentId('segments', 0));
    const done = h.player.playSegments(segments, { mode: 'sequence' });
    await vi.advanceTimersByTimeAsync(5_000);
    await done;
    const failures = h.warnings.filter((w) => String(w[0]).includes('fetch failed'));
    expect(failures).toHaveLength(MAX_FETCH_ERRORS);
    expect(String(failures.at(-1)![0])).toContain(`(${MAX_FETCH_ERRORS}/${MAX_FETCH_ERRORS})`);
    // The fetches still in flight when the tenth failed were cut, never counted.
    const requested = h.fetched.length;
    expect(requested).toBeLessThanOrEqual(MAX_FETCH_ERRORS + FETCH_CONCURRENCY - 1);
    expect(h.inFlight()).toBe(0);
    expect(h.player.getSnapshot()).toEqual({ active: null, error: 'maxError' });
    expect(h.warnings.some((w) => String(w[0]).includes('maxError'))).toBe(true);
    expect(states).toEqual(['wait', 'load', 'wait']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.fetched).toHaveLength(requested); // nothing more after abandoning
    expect(h.audio.plays).toEqual([]);

    // The error clears when something new starts.
    void h.player.play('next');
    expect(h.player.getSnapshot().error).toBeNull();
  });

  it('carries on after fewer than 10 failures, fetching the failed segment again', async () => {
    let failures = 0;
    const h = harness({ fail: (url) => decodedText(url) === 'One.' && failures++ < 3 });
    const done = h.player.playSegments(segments, { mode: 'sequence', repeat: 1, interval: 0 });
    await vi.advanceTimersByTimeAsync(20_000);
    await done;
    expect(h.player.getSnapshot().error).toBeNull();
    expect(h.audio.plays).toHaveLength(4);
    expect(h.fetched.map(decodedText).filter((t) => t === 'One.')).toHaveLength(4);
  });

  it('a single item started during a list stops the list', async () => {
    const h = harness();
    const list = h.player.playSegments(segments, { mode: 'sequence', repeat: 1 });
    await vi.advanceTimersByTimeAsync(500);
    const word = h.player.play('word', { repeat: 1 });
    await list;
    await vi.advanceTimersByTimeAsync(10_000);
    await word;
    const sounded = h.audio.plays.map((p) => p.src);
    expect(sounded).toHaveLength(2); // segment 0 cut short, then the word
    expect(h.player.getSnapshot()).toEqual({ active: null, error: null });
  });

  it('playText splits through fetchSegments, then plays the segments', async () => {
    const fetchSegments = vi.fn(async (text: string) => text.split(/(?<=\.) /));
    const audio = new FakeAudio(100);
    const fetched: string[] = [];
    const player = createAudioPlayer({
      createAudio: () => audio,
      fetchAudio: async (url) => {
        fetched.push(url);
        return new Blob(['x']);
      },
      fetchSegments,
      createObjectUrl: () => 'blob:x',
      revokeObjectUrl: () => {},
      unlockAudio: false,
    });
    const done = player.playText('One. Two.', { mode: 'sequence', voice: 'uk', repeat: 1, interval: 0 });
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(fetchSegments).toHaveBeenCalledWith('One. Two.', 'uk', expect.any(AbortSignal));
    expect(fetched.map(decodedText)).toEqual(['One.', 'Two.']);
    expect(audio.plays).toHaveLength(2);
  });
});
