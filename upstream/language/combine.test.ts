import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../tests/support/seeded-random';
import { combineParses, eisner } from './combine';
import type { Arc } from './parser';

/** Every head assignment of n words with one word under the root, no cycle and no crossing arc. */
function projectiveTrees(n: number): number[][] {
  const trees: number[][] = [];
  const heads = new Array<number>(n).fill(0);
  const reachesRoot = (d: number) => {
    const seen = new Set<number>();
    for (let at = d; at !== 0; at = heads[at - 1]) {
      if (seen.has(at)) return false;
      seen.add(at);
    }
    return true;
  };
  const crossing = () =>
    heads.some((h, i) =>
      heads.some((g, j) => {
        const [a, b] = [Math.min(i + 1, h), Math.max(i + 1, h)];
        const [c, d] = [Math.min(j + 1, g), Math.max(j + 1, g)];
        return a < c && c < b && b < d;
      }),
    );
  const fill = (k: number) => {
    if (k === n) {
      const roots = heads.filter((h) => h === 0).length;
      if (roots === 1 && heads.every((_, d) => reachesRoot(d + 1)) && !crossing()) trees.push([...heads]);
      return;
    }
    for (let h = 0; h <= n; h++) {
      if (h === k + 1) continue;
      heads[k] = h;
      fill(k + 1);
    }
  };
  fill(0);
  return trees;
}

describe("Eisner's algorithm", () => {
  it('finds the heaviest projective tree with one root, as trying them all does', () => {
    const random = seededRandom(7);
    for (let n = 1; n <= 6; n++) {
      const trees = projectiveTrees(n);
      for (let round = 0; round < 20; round++) {
        const w = Array.from({ length: n + 1 }, () => Array.from({ length: n + 1 }, () => random()));
        const weigh = (heads: number[]) => heads.reduce((sum, h, d) => sum + w[h][d + 1], 0);
        const best = Math.max(...trees.map(weigh));
        const found = eisner(n, (h, d) => w[h][d]);
        expect(trees.some((t) => t.join() === found.join())).toBe(true);
        expect(weigh(found)).toBeCloseTo(best, 9);
      }
    }
  });
});

describe('combining two parses', () => {
  const arc = (head: number, deprel: string, margin: number): Arc => ({ head, deprel, margin });

  it('keeps what both parsers agree on', () => {
    const tree = [arc(2, 'nsubj', 5), arc(0, 'root', 9), arc(2, 'obj', 3)];
    expect(combineParses([tree, tree], { scale: 8, weights: [1, 1] }).map((a) => a.head)).toEqual([2, 0, 2]);
  });

  it('takes the surer parser where they disagree, with its relation', () => {
    // "saw the man with the telescope": the first parser hangs "with" on the noun, unsure; the
    // second on the verb, sure.
    const first = [arc(0, 'root', 9), arc(3, 'det', 9), arc(1, 'obj', 9), arc(3, 'nmod', 0.5)];
    const second = [arc(0, 'root', 9), arc(3, 'det', 9), arc(1, 'obj', 9), arc(1, 'obl', 20)];
    const combined = combineParses([first, second], { scale: 8, weights: [1, 1] });
    expect(combined.map((a) => [a.head, a.deprel])).toEqual([
      [0, 'root'],
      [3, 'det'],
      [1, 'obj'],
      [1, 'obl'],
    ]);
  });

  it('never hangs a word from a barred head (punctuation), however sure the parser was', () => {
    // "Yes , he left": the second parser hangs "he" from the comma.
    const first = [arc(4, 'discourse', 9), arc(1, 'punct', 9), arc(4, 'nsubj', 1), arc(0, 'root', 9)];
    const second = [arc(4, 'discourse', 9), arc(1, 'punct', 9), arc(2, 'dep', 50), arc(0, 'root', 9)];
    const combined = combineParses([first, second], { scale: 8, weights: [1, 1] }, (h) => h === 2);
    expect(combined.map((a) => a.head)).toEqual([4, 1, 4, 0]);
    expect(combined[2].deprel).toBe('nsubj');
  });

  it('still gives a tree when every word is barred', () => {
    const only = [arc(0, 'root', 1), arc(1, 'punct', 1)];
    const combined = combineParses([only, only], { scale: 8, weights: [1, 1] }, () => true);
    expect(combined.filter((a) => a.head === 0)).toHaveLength(1);
  });
});
