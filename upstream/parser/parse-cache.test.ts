import { describe, expect, it } from 'vitest';
import type { LinkGrammar, Parse } from './link-grammar';
import type { TreeParser } from '../language/pipeline';
import { withParseCache, withTreeCache } from './parse-cache';

function countingParser(fail = new Set<string>()) {
  const calls: string[] = [];
  const parser: LinkGrammar = {
    parse: async (sentence) => {
      calls.push(sentence);
      if (fail.has(sentence)) throw new Error('stalled');
      return {
        words: ['LEFT-WALL', sentence],
        subscripts: ['', ''],
        unknown: [],
        links: [],
        tree: { label: 'S', children: [] },
      } as Parse;
    },
    close: () => {},
  };
  return { parser, calls };
}

describe('withParseCache', () => {
  it('parses a sentence once, for callers at the same time and after', async () => {
    const { parser, calls } = countingParser();
    const cached = withParseCache(parser);
    const [a, b] = await Promise.all([cached.parse('One.'), cached.parse('One.')]);
    const c = await cached.parse('One.');
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(calls).toEqual(['One.']);
  });

  it('forgets a failed parse so that the next caller tries again', async () => {
    const fail = new Set(['Bad.']);
    const { parser, calls } = countingParser(fail);
    const cached = withParseCache(parser);
    await expect(cached.parse('Bad.')).rejects.toThrow('stalled');
    fail.clear();
    await expect(cached.parse('Bad.')).resolves.toMatchObject({ words: ['LEFT-WALL', 'Bad.'] });
    expect(calls).toEqual(['Bad.', 'Bad.']);
  });

  it('keeps the most recently used sentences', async () => {
    const { parser, calls } = countingParser();
    const cached = withParseCache(parser, 2);
    await cached.parse('A.');
    await cached.parse('B.');
    await cached.parse('A.'); // A is now the most recent
    await cached.parse('C.'); // B goes
    await cached.parse('A.');
    await cached.parse('B.');
    expect(calls).toEqual(['A.', 'B.', 'C.', 'B.']);
  });
});

describe('withTreeCache', () => {
  function countingTrees() {
    const calls: string[] = [];
    const trees: TreeParser = {
      loadMs: 7,
      parse: (sentence) => {
        calls.push(sentence);
        return { text: sentence, words: [] };
      },
      tag: () => [],
    };
    return { trees, calls };
  }

  it('parses a sentence once and keeps the most recently used', () => {
    const { trees, calls } = countingTrees();
    const cached = withTreeCache(trees, 2);
    const first = cached.parse('One.');
    expect(cached.parse('One.')).toBe(first);
    cached.parse('Two.');
    cached.parse('One.');
    cached.parse('Three.');
    // Two. was the least recently used when Three. came: One. is still known, Two. is parsed again.
    cached.parse('One.');
    cached.parse('Two.');
    expect(calls).toEqual(['One.', 'Two.', 'Three.', 'Two.']);
    expect(cached.loadMs).toBe(7);
  });
});
