import type { Arc } from './parser';

/*
 * Two parses of one sentence made one (Sagae & Lavie 2006): every arc either parser proposed is
 * weighed by how sure that parser was, and the projective tree with the most weight is found by
 * Eisner's algorithm, with exactly one word under the root as UD requires. The left-to-right and
 * the right-to-left parser go wrong in different places (the one lacks what lies ahead, the other
 * what lies behind), so where they disagree the surer one is usually right.
 */

export interface CombineOptions {
  /** Margins are squashed as 1 - exp(-margin / scale): past a few times the scale, sure is sure. */
  scale: number;
  /** Each parser's weight, in the order the parses are given. */
  weights: readonly number[];
}

/**
 * The words that may not head another (1-based): punctuation, which in UD has no dependents. A
 * parser that hung a word from one is outvoted however sure it was.
 */
export type Barred = (word: number) => boolean;

/** The one tree the parses agree on best. The parses must be of the same words. */
export function combineParses(parses: readonly Arc[][], options: CombineOptions, barred: Barred = () => false): Arc[] {
  const n = parses[0]?.length ?? 0;
  if (n === 0) return [];
  // score[h * (n + 1) + d]: the weight of head h (0 the root) over word d (1..n).
  const size = n + 1;
  const score = new Float64Array(size * size);
  parses.forEach((arcs, p) => {
    const weight = options.weights[p] ?? 1;
    arcs.forEach((arc, k) => {
      score[arc.head * size + k + 1] += weight * (1 + 1e-3 - Math.exp(-Math.max(0, arc.margin) / options.scale));
    });
  });
  // Barred heads weigh less than any tree without them, but a tree is still had if every word is one.
  const heads = eisner(n, (h, d) => (h > 0 && barred(h) ? -n - 1 : score[h * size + d]));
  return heads.map((head, k) => {
    // The relation comes from a parser that made this very arc (the surer one); failing that,
    // from the first parser's arc for the word, which names its role whichever head it hangs from.
    let chosen: Arc | null = null;
    for (const arcs of parses) {
      const arc = arcs[k];
      if (arc.head === head && (!chosen || arc.margin > chosen.margin)) chosen = arc;
    }
    const from = chosen ?? parses[0][k];
    return { head, deprel: from.deprel, margin: chosen?.margin ?? 0 };
  });
}

/**
 * The best projective tree over words 1..n with one word under the root 0, for arc weights
 * `weight(head, dependent)` (Eisner 1996): each word's head, in order.
 */
export function eisner(n: number, weight: (head: number, dependent: number) => number): number[] {
  const size = n + 1;
  const at = (s: number, t: number) => s * size + t;
  // Spans over words s..t (1-based), headed at their left end (R) or right end (L); complete (C)
  // or incomplete (I, an arc between the ends and the inside still open). Each with its split.
  const CR = new Float64Array(size * size);
  const CL = new Float64Array(size * size);
  const IR = new Float64Array(size * size);
  const IL = new Float64Array(size * size);
  const splitCR = new Int32Array(size * size);
  const splitCL = new Int32Array(size * size);
  const splitIR = new Int32Array(size * size);
  const splitIL = new Int32Array(size * size);
  for (let length = 1; length < n; length++) {
    for (let s = 1; s + length <= n; s++) {
      const t = s + length;
      // Incomplete: the ends joined by an arc, over a split between the two halves.
      let best = Number.NEGATIVE_INFINITY;
      let split = s;
      for (let r = s; r < t; r++) {
        const v = CR[at(s, r)] + CL[at(r + 1, t)];
        if (v > best) [best, split] = [v, r];
      }
      IR[at(s, t)] = best + weight(s, t);
      IL[at(s, t)] = best + weight(t, s);
      splitIR[at(s, t)] = split;
      splitIL[at(s, t)] = split;
      // Complete: an incomplete span and a complete one from its far end.
      best = Number.NEGATIVE_INFINITY;
      for (let r = s + 1; r <= t; r++) {
        const v = IR[at(s, r)] + CR[at(r, t)];
        if (v > best) [best, split] = [v, r];
      }
      CR[at(s, t)] = best;
      splitCR[at(s, t)] = split;
      best = Number.NEGATIVE_INFINITY;
      for (let r = s; r < t; r++) {
        const v = CL[at(s, r)] + IL[at(r, t)];
        if (v > best) [best, split] = [v, r];
      }
      CL[at(s, t)] = best;
      splitCL[at(s, t)] = split;
    }
  }
  // The root's one word r: everything left of r hangs from it, and everything right.
  let root = 1;
  let best = Number.NEGATIVE_INFINITY;
  for (let r = 1; r <= n; r++) {
    const v = weight(0, r) + CL[at(1, r)] + CR[at(r, n)];
    if (v > best) [best, root] = [v, r];
  }
  const heads = new Array<number>(n).fill(0);
  const complete = (s: number, t: number, right: boolean) => {
    if (s >= t) return;
    if (right) {
      const r = splitCR[at(s, t)];
      incomplete(s, r, true);
      complete(r, t, true);
    } else {
      const r = splitCL[at(s, t)];
      complete(s, r, false);
      incomplete(r, t, false);
    }
  };
  const incomplete = (s: number, t: number, right: boolean) => {
    if (right) heads[t - 1] = s;
    else heads[s - 1] = t;
    const r = right ? splitIR[at(s, t)] : splitIL[at(s, t)];
    complete(s, r, true);
    complete(r + 1, t, false);
  };
  heads[root - 1] = 0;
  complete(1, root, false);
  complete(root, n, true);
  return heads;
}
