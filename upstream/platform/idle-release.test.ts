import { afterEach, describe, expect, it, vi } from 'vitest';
import { Lru } from '../dictionary/wordnet';
import { withParseCache } from '../parser/parse-cache';
import type { LinkGrammar } from '../parser/link-grammar';
import { noteRequest, releaseIdleNow, releaseWhenIdle, setIdleReleaseAfter } from './idle-release';

afterEach(() => {
  vi.useRealTimers();
  setIdleReleaseAfter(10 * 60_000);
});

describe('letting go after a quiet spell', () => {
  it('runs every release once the process has had no request for the spell, and once only', () => {
    vi.useFakeTimers();
    setIdleReleaseAfter(60_000);
    const holder = { releases: 0 };
    releaseWhenIdle(holder, (h) => h.releases++);
    noteRequest();
    vi.advanceTimersByTime(30_000);
    // A request halfway: the spell starts again.
    noteRequest();
    vi.advanceTimersByTime(50_000);
    expect(holder.releases).toBe(0);
    vi.advanceTimersByTime(30_000);
    expect(holder.releases).toBe(1);
    // Still quiet: nothing more to let go until the next busy spell has come and gone.
    vi.advanceTimersByTime(300_000);
    expect(holder.releases).toBe(1);
    noteRequest();
    vi.advanceTimersByTime(80_000);
    expect(holder.releases).toBe(2);
  });

  it('empties the caches that only save work: the dictionary’s and the parser’s', async () => {
    const lru = new Lru<string, number>(10);
    lru.set('bank', 1);
    let parses = 0;
    const parser = withParseCache({
      parse: async () => {
        parses++;
        return { words: [], links: [], constituents: null } as never;
      },
      close: () => {},
    } as unknown as LinkGrammar);
    await parser.parse('The bank was closed.');
    await parser.parse('The bank was closed.');
    expect(parses).toBe(1);

    expect(releaseIdleNow()).toBeGreaterThanOrEqual(2);
    expect(lru.get('bank')).toBeUndefined();
    await parser.parse('The bank was closed.');
    expect(parses).toBe(2);
  });

  it('keeps going when one holder cannot let go', () => {
    const failing = {};
    const kept = { cleared: false };
    releaseWhenIdle(failing, () => {
      throw new Error('busy');
    });
    releaseWhenIdle(kept, (k) => {
      k.cleared = true;
    });
    releaseIdleNow();
    expect(kept.cleared).toBe(true);
  });

  it('collects what was let go at once when the process may ask for a collection', () => {
    const gc = vi.fn();
    vi.stubGlobal('gc', gc);
    try {
      releaseIdleNow();
      expect(gc).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
