import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpeechVoiceLike } from './browser-voices';
import { createAudioPlayer, itemId, segmentId, type ItemState } from './player';
import { speechEngine, type SynthesisLike, type UtteranceLike } from './speech-engine';

const natural: SpeechVoiceLike = {
  name: 'Microsoft Sonia Online (Natural) - English (United Kingdom)',
  lang: 'en-GB',
  localService: false,
};
const plainUk: SpeechVoiceLike = { name: 'Microsoft Hazel - English (United Kingdom)', lang: 'en-GB', localService: true };
const plainUs: SpeechVoiceLike = { name: 'Microsoft David - English (United States)', lang: 'en-US', localService: true };

/** A speechSynthesis whose utterances last 100 ms per word and end by timer (or fail on demand). */
class FakeSynthesis implements SynthesisLike {
  spoken: { text: string; voice: string | undefined; rate: number; at: number }[] = [];
  cancels = 0;
  fail: string | null = null;
  speaking = false;
  private current: { utterance: FakeUtterance; timer: ReturnType<typeof setTimeout> } | null = null;
  constructor(public voices: SpeechVoiceLike[]) {}
  getVoices() {
    return this.voices;
  }
  speak(utterance: UtteranceLike) {
    const u = utterance as FakeUtterance;
    this.spoken.push({ text: u.text, voice: u.voice?.name, rate: u.rate, at: Date.now() });
    this.speaking = true;
    const ms = 100 * u.text.split(/\s+/).length;
    const timer = setTimeout(() => {
      this.speaking = false;
      this.current = null;
      if (this.fail) u.onerror?.({ error: this.fail });
      else u.onend?.({});
    }, ms);
    this.current = { utterance: u, timer };
  }
  cancel() {
    this.cancels++;
    if (!this.current) return;
    clearTimeout(this.current.timer);
    const { utterance } = this.current;
    this.current = null;
    this.speaking = false;
    utterance.onerror?.({ error: 'interrupted' });
  }
}

class FakeUtterance implements UtteranceLike {
  voice: SpeechVoiceLike | null = null;
  lang = '';
  rate = 1;
  volume = 1;
  onend: ((event: unknown) => void) | null = null;
  onerror: ((event: { error?: string }) => void) | null = null;
  constructor(readonly text: string) {}
}

function harness(voices: SpeechVoiceLike[]) {
  const synthesis = new FakeSynthesis(voices);
  const fetched: string[] = [];
  const warnings: unknown[][] = [];
  const player = createAudioPlayer({
    speech: speechEngine(synthesis, (text) => new FakeUtterance(text)),
    createAudio: () => {
      const audio = {
        src: '',
        currentTime: 0,
        playbackRate: 1,
        defaultPlaybackRate: 1,
        volume: 1,
        onended: null as ((e: Event) => void) | null,
        onerror: null as ((e: Event | string) => void) | null,
        play: () => {
          setTimeout(() => audio.onended?.(new Event('ended')), 500);
          return Promise.resolve();
        },
        pause() {},
        removeAttribute() {},
      };
      return audio;
    },
    fetchAudio: (url) => {
      fetched.push(url);
      return Promise.resolve(new Blob(['x'], { type: 'audio/wav' }));
    },
    createObjectUrl: () => 'blob:1',
    revokeObjectUrl: () => {},
    warn: (...args) => warnings.push(args),
    unlockAudio: false,
  });
  return { player, synthesis, fetched, warnings };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a word with a natural browser voice', () => {
  it('is spoken in that voice, repeat times, without asking the server, and goes read → wait', async () => {
    const h = harness([plainUk, natural, plainUs]);
    const id = itemId('consider', 'uk');
    const states: ItemState[] = [];
    h.player.subscribe(() => states.push(h.player.stateOf(id)));
    const done = h.player.play('consider', { voice: 'uk', repeat: 2, interval: 0.5, rate: 1.5 });
    // The first utterance starts inside the call (the click), before any await.
    expect(h.synthesis.spoken).toHaveLength(1);
    expect(h.player.stateOf(id)).toBe('read');
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    expect(h.synthesis.spoken).toEqual([
      { text: 'consider', voice: natural.name, rate: 1.5, at: 0 },
      { text: 'consider', voice: natural.name, rate: 1.5, at: 600 },
    ]);
    expect(h.fetched).toEqual([]);
    expect(states).not.toContain('load');
    expect(h.player.stateOf(id)).toBe('wait');
  });

  it('leaves an accent with only plain voices, a composed text and the server choice to the server', async () => {
    const h = harness([natural, plainUs]);
    const us = h.player.play('hello', { voice: 'us', repeat: 1 });
    await vi.advanceTimersByTimeAsync(2000);
    await us;
    const composed = h.player.play('concat:a|b', { voice: 'uk', repeat: 1 });
    await vi.advanceTimersByTimeAsync(2000);
    await composed;
    h.player.configure({ source: 'server' });
    const server = h.player.play('hello', { voice: 'uk', repeat: 1 });
    await vi.advanceTimersByTimeAsync(2000);
    await server;
    expect(h.synthesis.spoken).toEqual([]);
    expect(h.fetched).toHaveLength(3);
    expect(h.player.speaksInBrowser('uk')).toBe(false);
  });

  it('speaks in the voice the learner named, even a plain one, while the browser has it', async () => {
    const h = harness([natural, plainUk]);
    h.player.configure({ browserVoice: { uk: plainUk.name, us: null } });
    const done = h.player.play('hello', { voice: 'uk', repeat: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(h.synthesis.spoken.map((s) => s.voice)).toEqual([plainUk.name]);
    h.player.configure({ browserVoice: { uk: 'A voice since removed', us: null } });
    expect(h.player.speaksInBrowser('uk')).toBe(true);
  });

  it("falls back to the server's audio when the voice fails", async () => {
    const h = harness([natural]);
    h.synthesis.fail = 'network';
    const done = h.player.play('hello', { voice: 'uk', repeat: 1 });
    await vi.advanceTimersByTimeAsync(2000);
    await done;
    expect(h.synthesis.spoken).toHaveLength(1);
    expect(h.fetched).toEqual(['/api/get_text_audio?text=hello&voice=uk']);
    expect(String(h.warnings[0]?.[0])).toMatch(/browser voice failed/);
  });

  it('stops at once: the utterance is cancelled and the item waits', async () => {
    const h = harness([natural]);
    const done = h.player.play('a long sentence of words', { voice: 'uk', repeat: 3 });
    await vi.advanceTimersByTimeAsync(200);
    h.player.stop();
    await done;
    expect(h.synthesis.cancels).toBeGreaterThan(0);
    expect(h.player.getSnapshot()).toEqual({ active: null, error: null });
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.synthesis.spoken).toHaveLength(1);
  });
});

describe('reading aloud with a browser voice', () => {
  it('speaks the segments in order from the chosen one, following each with the active index', async () => {
    const h = harness([natural]);
    const followed: number[] = [];
    h.player.subscribe(() => {
      const index = h.player.getSnapshot().active?.list?.index;
      if (index !== undefined && followed.at(-1) !== index) followed.push(index);
    });
    const done = h.player.playSegments(['One two.', 'Three.', 'Four five six.'], {
      voice: 'uk',
      start: 1,
      repeat: 1,
      interval: 0,
      listId: 'doc',
    });
    expect(h.player.stateOf(segmentId('doc', 1))).toBe('read');
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    expect(h.synthesis.spoken.map((s) => s.text)).toEqual(['Three.', 'Four five six.']);
    expect(followed).toEqual([1, 2]);
    expect(h.fetched).toEqual([]);
  });

  it('goes on with the server from the segment where the voice failed', async () => {
    const h = harness([natural]);
    const done = h.player.playSegments(['One.', 'Two.', 'Three.'], { voice: 'uk', repeat: 1, interval: 0 });
    await vi.advanceTimersByTimeAsync(150);
    h.synthesis.fail = 'synthesis-failed';
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    expect(h.synthesis.spoken.map((s) => s.text)).toEqual(['One.', 'Two.']);
    expect(h.fetched.map((u) => new URL(u, 'http://x').searchParams.get('text'))).toEqual(['Two.', 'Three.']);
  });
});
