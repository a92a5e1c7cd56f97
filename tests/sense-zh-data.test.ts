import { describe, expect, it } from 'vitest';
import { keyParts, readSenseDev } from '../bench/sense-dev';
import { itemMatches, judge, readSenseZh } from '../bench/sense-zh';
import { openWordNet } from '../upstream/dictionary/wordnet';

// The accepted Chinese of the gold senses must cover the sense set exactly, and the scoring rule
// must mean what bench/data/sense-dev-zh-rules.md says.

describe('bench/data/sense-dev-zh.jsonl', () => {
  const entries = readSenseZh();

  it('annotates every gold sense of sense-dev.jsonl once, with real sense keys', () => {
    const gold = new Set(readSenseDev().flatMap((t) => (t.sense_key ? [t.sense_key] : [])));
    const keys = entries.map((e) => e.sense_key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys)).toEqual(gold);
    const wordnet = openWordNet();
    for (const key of keys) {
      const parts = keyParts(key);
      expect(parts, key).toBeDefined();
      expect(
        wordnet.senses(parts?.lemma ?? '').some((s) => s.key === key),
        key,
      ).toBe(true);
    }
  });

  it('matches whole items, containment of two characters or more, and single characters exactly', () => {
    expect(itemMatches('河岸', '岸')).toBe(false);
    expect(itemMatches('岸', '岸')).toBe(true);
    expect(itemMatches('使倾斜', '倾斜')).toBe(true);
    expect(itemMatches('结婚的', '已婚的')).toBe(false);
    expect(itemMatches('发表(演说或讲话)', '发表演说')).toBe(true);
    expect(judge('岸，堤', ['岸', '堤'])).toBe('accepted');
    expect(judge('银行，堤', ['岸', '堤'])).toBe('partly');
    expect(judge('银行', ['岸', '堤'])).toBe('wrong');
    expect(judge(undefined, ['岸'])).toBe('none');
  });
});
