/**
 * The vocabulary assessment on simulated learners of known vocabulary size (issue 17, part 5).
 * Run with `npm run bench:assessment`; never part of the tests. BENCH_LEARNERS sets how many
 * learners per size (default 8), BENCH_SEED the seed.
 *
 * A learner of size V knows the lemma of rank r with probability σ((ln R − ln r)/s), R chosen so
 * that the expected number of known lemmas of the pool is V, s their own (0.3–0.8: some know by
 * frequency almost strictly, some patchily). Whether they know a word is drawn once per learner
 * and word, so the two sittings meet the same knowledge. To a pseudo-word they say 认识 with
 * probability g: most 0–5 %, a quarter are guessers at 20–40 %; guessers also say 认识 to that
 * share of the real words they do not know. In a meaning check they pick the right sense of a word
 * they know (3 % slips), and of one they do not they press 不认识 (honest learners, half the
 * time) or pick at random. Each learner sits the test twice, through the upstream's own
 * test-plan functions over the real item bank (ECDICT).
 *
 * Reported: the test–retest correlation (Pearson, of the two estimates) and median absolute
 * difference, the bias and error of the estimate against the true size (the learner's actual
 * number of known lemmas in the pool), overall and for the guessers, the share of true sizes inside
 * the reported 10–90 % interval, items per test and the estimated time at the paces of
 * test-plan.ts.
 */
import { setSpreadAround } from '../upstream/assessment/estimator';
import { loadItemBank, type ItemBank } from '../upstream/assessment/item-bank';
import type { Random } from '../upstream/assessment/pseudo-words';
import { seededRandom } from '../tests/support/seeded-random';
import { answered, beginTest, currentItem, summarise, withNextItem } from '../upstream/assessment/test-plan';

const perSize = Number(process.env.BENCH_LEARNERS ?? 8);
const sizes = [1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 8_000, 10_000, 12_000];

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

interface Learner {
  size: number;
  slope: number;
  guess: number;
  honest: boolean;
  halfRank: number;
  /** Knowledge per rank, drawn once. */
  knows: (rank: number) => boolean;
  trueSize: number;
}

function makeLearner(size: number, poolSize: number, random: Random): Learner {
  const slope = 0.3 + random() * 0.5;
  const guesser = random() < 0.25;
  const guess = guesser ? 0.2 + random() * 0.2 : random() * 0.05;
  const expected = (lnR: number) => {
    let sum = 0;
    for (let r = 1; r <= poolSize; r++) sum += sigmoid((lnR - Math.log(r)) / slope);
    return sum;
  };
  // Bisection for R.
  let lo = Math.log(10);
  let hi = Math.log(poolSize * 4);
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (expected(mid) < size) lo = mid;
    else hi = mid;
  }
  const lnR = (lo + hi) / 2;
  const known = new Uint8Array(poolSize + 1);
  let trueSize = 0;
  for (let r = 1; r <= poolSize; r++) {
    known[r] = random() < sigmoid((lnR - Math.log(r)) / slope) ? 1 : 0;
    trueSize += known[r];
  }
  return {
    size,
    slope,
    guess,
    honest: random() < 0.5,
    halfRank: Math.exp(lnR),
    knows: (rank) => known[rank] === 1,
    trueSize,
  };
}

function sit(learner: Learner, bank: ItemBank, random: Random) {
  let state = beginTest(bank, random);
  for (let item = currentItem(state); item; item = currentItem(state)) {
    let answer: boolean | number | null;
    if (item.kind === 'pseudo') answer = random() < learner.guess;
    else if (item.kind === 'word') answer = learner.knows(item.rank) ? random() > 0.03 : random() < learner.guess;
    else if (learner.knows(item.rank) && random() > 0.03) answer = item.correct;
    else if (learner.honest && random() < 0.5) answer = null;
    else answer = Math.floor(random() * item.options.length);
    state = withNextItem(answered(state, answer), bank, random);
  }
  return { summary: summarise(state, bank.poolSize), items: state.items.length };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
function pearson(xs: number[], ys: number[]): number {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

function main() {
  if (process.env.BENCH_SPREAD) setSpreadAround(Number(process.env.BENCH_SPREAD));
  // Learners and sittings draw from streams of their own: a change to the test meets the same learners.
  const seed = Number(process.env.BENCH_SEED ?? 29);
  const people = seededRandom(seed);
  const random = seededRandom(seed + 1);
  const loadStart = performance.now();
  const bank = loadItemBank(undefined, seededRandom(seed + 2));
  console.log(`item bank: ${bank.poolSize} lemmas, loaded in ${Math.round(performance.now() - loadStart)} ms`);
  type Row = { learner: Learner; first: number; second: number; inFirst: boolean; items: number; seconds: number };
  const rows: Row[] = [];
  const started = performance.now();
  let tests = 0;
  for (const size of sizes) {
    for (let i = 0; i < perSize; i++) {
      const learner = makeLearner(size, bank.poolSize, people);
      const a = sit(learner, bank, random);
      const b = sit(learner, bank, random);
      tests += 2;
      const e = a.summary.estimate;
      rows.push({
        learner,
        first: e.size,
        second: b.summary.estimate.size,
        inFirst: e.low <= learner.trueSize && learner.trueSize <= e.high,
        items: (a.items + b.items) / 2,
        seconds: (a.summary.seconds + b.summary.seconds) / 2,
      });
    }
  }
  const cpuPerTest = (performance.now() - started) / tests;

  const report = (label: string, of: Row[]) => {
    if (of.length === 0) return;
    const errors = of.flatMap((r) => [r.first - r.learner.trueSize, r.second - r.learner.trueSize]);
    const relative = of.flatMap((r) => [
      Math.abs(r.first - r.learner.trueSize) / r.learner.trueSize,
      Math.abs(r.second - r.learner.trueSize) / r.learner.trueSize,
    ]);
    console.log(
      `| ${label} | ${of.length} | ${pearson(
        of.map((r) => r.first),
        of.map((r) => r.second),
      ).toFixed(
        3,
      )} | ${Math.round(median(of.map((r) => Math.abs(r.first - r.second))))} | ${Math.round(mean(errors))} | ${Math.round(
        median(errors.map(Math.abs)),
      )} | ${(median(relative) * 100).toFixed(1)} % | ${Math.round(
        Math.sqrt(mean(errors.map((e) => e * e))),
      )} | ${((of.filter((r) => r.inFirst).length / of.length) * 100).toFixed(0)} % |`,
    );
  };
  console.log(
    '\n| learners | n | test–retest r | median abs. retest diff. | bias (mean est. − true) | median abs. error | median rel. error | RMSE | true size in 10–90 % interval |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  report('all', rows);
  report(
    'no guessers (g ≤ 5 %)',
    rows.filter((r) => r.learner.guess <= 0.05),
  );
  report(
    'guessers (g 20–40 %)',
    rows.filter((r) => r.learner.guess > 0.05),
  );
  console.log('\n| true size | n | mean estimate | bias | median abs. error | test–retest median abs. diff. |');
  console.log('|---|---|---|---|---|---|');
  for (const size of sizes) {
    const of = rows.filter((r) => r.learner.size === size);
    const errors = of.flatMap((r) => [r.first - r.learner.trueSize, r.second - r.learner.trueSize]);
    console.log(
      `| ${size.toLocaleString('en')} | ${of.length} | ${Math.round(mean(of.flatMap((r) => [r.first, r.second])))} | ${Math.round(
        mean(errors),
      )} | ${Math.round(median(errors.map(Math.abs)))} | ${Math.round(median(of.map((r) => Math.abs(r.first - r.second))))} |`,
    );
  }
  console.log(
    `\nitems per test: ${mean(rows.map((r) => r.items)).toFixed(1)} (48 yes/no + up to 6 meaning checks); estimated time ${Math.round(
      mean(rows.map((r) => r.seconds)),
    )} s (max ${Math.max(...rows.map((r) => r.seconds))} s); upstream CPU per test ${Math.round(cpuPerTest)} ms`,
  );
}

main();
