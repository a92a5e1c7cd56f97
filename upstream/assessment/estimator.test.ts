import { describe, expect, it } from 'vitest';
import { estimate, knownShareOfHistogram, nextTargetRank, type Observation, rankHistogram } from './estimator';
import { isPronounceable, looksReal, makePseudoWords } from './pseudo-words';

const poolSize = 28_000;

/** A step learner: yes to every rank up to `size`, no beyond; `guess` of the pseudo-words yes. */
function answers(size: number, ranks: number[], pseudoYes = 0, pseudo = 12): Observation[] {
  return [
    ...ranks.map((rank) => ({ kind: 'word' as const, rank, yes: rank <= size })),
    ...Array.from({ length: pseudo }, (_, i) => ({ kind: 'pseudo' as const, yes: i < pseudoYes })),
  ];
}
const spread = Array.from({ length: 36 }, (_, i) => Math.round(Math.exp(Math.log(200) + (i / 35) * Math.log(20_000 / 200))));

describe('the vocabulary estimator', () => {
  it('puts a learner near the size where their yeses stop, with an interval around it', () => {
    for (const size of [1_500, 4_000, 9_000]) {
      const e = estimate(answers(size, spread), { poolSize });
      expect(e.size).toBeGreaterThan(size * 0.7);
      expect(e.size).toBeLessThan(size * 1.35);
      expect(e.low).toBeLessThan(e.size);
      expect(e.high).toBeGreaterThan(e.size);
      expect(e.guessRate).toBeLessThan(0.1);
    }
  });

  it('grows with the answers: more yeses, a larger estimate', () => {
    const sizes = [1_000, 2_000, 4_000, 8_000, 16_000].map((s) => estimate(answers(s, spread), { poolSize }).size);
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
  });

  it('corrects for guessing: yeses to pseudo-words lower the estimate', () => {
    // A learner who says yes to half of the words they do not know, and to half the pseudo-words.
    const guesser: Observation[] = spread.map((rank, i) => ({ kind: 'word', rank, yes: rank <= 3_000 || i % 2 === 0 }));
    const honest = estimate([...guesser, ...answers(0, [], 0)], { poolSize });
    const caught = estimate([...guesser, ...answers(0, [], 6)], { poolSize });
    expect(caught.guessRate).toBeGreaterThan(0.3);
    expect(caught.size).toBeLessThan(honest.size * 0.8);
  });

  it('lowers the estimate when the meaning checks of claimed words fail, and keeps it when they pass', () => {
    const base = answers(6_000, spread);
    const claimed = spread.filter((r) => r <= 6_000).slice(-6);
    const pass = estimate([...base, ...claimed.map((rank) => ({ kind: 'meaning' as const, rank, correct: true, options: 4 }))], {
      poolSize,
    });
    const fail = estimate([...base, ...claimed.map((rank) => ({ kind: 'meaning' as const, rank, correct: false, options: 4 }))], {
      poolSize,
    });
    const yesNo = estimate(base, { poolSize });
    expect(pass.size).toBeGreaterThanOrEqual(yesNo.size * 0.95);
    expect(fail.size).toBeLessThan(yesNo.size * 0.85);
  });

  it('asks near the boundary it has found', () => {
    const seen = answers(3_000, spread);
    let u = 0;
    const random = () => (u = (u * 9301 + 49297) % 233280) / 233280;
    const targets = Array.from({ length: 60 }, () => nextTargetRank(seen, random, poolSize)).sort((a, b) => a - b);
    const median = targets[30];
    expect(median).toBeGreaterThan(1_200);
    expect(median).toBeLessThan(7_000);
  });

  it("gives a word list's coverage: nearly all of the common words, few of the rare", () => {
    const seen = answers(4_000, spread);
    expect(knownShareOfHistogram(seen, rankHistogram([10, 50, 300, 800, 1_200]))).toBeGreaterThan(0.9);
    expect(knownShareOfHistogram(seen, rankHistogram([15_000, 18_000, 22_000]))).toBeLessThan(0.15);
  });
});

describe('pseudo-words', () => {
  const lemmas = [
    'station',
    'nation',
    'creation',
    'relation',
    'mountain',
    'fountain',
    'certain',
    'curtain',
    'captain',
    'contain',
  ];
  const real = new Set([...lemmas, 'cat', 'relate', 'nate']);

  it('are pronounceable strings that no dictionary word, nor its stem, is', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const words = makePseudoWords(lemmas, (w) => real.has(w), 20, random);
    expect(words.length).toBeGreaterThan(0);
    for (const w of words) {
      expect(real.has(w)).toBe(false);
      expect(isPronounceable(w)).toBe(true);
      expect(w).toMatch(/^[a-z]{5,9}$/);
    }
  });

  it('reject a real word under an ending, and unpronounceable strings', () => {
    expect(looksReal('stations', (w) => real.has(w))).toBe(true);
    expect(looksReal('relating', (w) => real.has(w))).toBe(true);
    expect(looksReal('fountish', (w) => real.has(w))).toBe(false);
    expect(isPronounceable('strkt')).toBe(false);
    expect(isPronounceable('plorrrt')).toBe(false);
    expect(isPronounceable('blinter')).toBe(true);
  });
});
