/**
 * What fitting FSRS to a learner's own log buys, in figures: simulated learners whose memory is
 * not the average one, scheduled for BENCH_DAYS (180) days either by FSRS-6's default weights
 * throughout, or as /review schedules them: the defaults until their log holds 400 reviews, then
 * the weights the product's own fit (upstream/review/memory.ts: fsrs-rs in a child process) finds
 * in that log, refitted each time it grows by a quarter and kept only where they predict the
 * learner's answers better than the defaults (each card's memory then replayed under them, its
 * due date kept). Desired retention 0.9 on both sides.
 *
 * Each learner's memory is FSRS-6's model with weights of their own: the defaults with the
 * initial stabilities (w0–w3) scaled by a factor between 1/3 and 3, the growth of stability on
 * recall (w8) by one between 0.6 and 1.6, and the stability after a lapse (w11) by one between
 * 0.5 and 2 (log-uniform, seeded). That is the ground truth, an assumption stated as such: real
 * learners differ in ways the model may not capture. A review recalls the card with the
 * probability their curve gives (良好 if recalled, 重来 if not); day-level, as bench/review-sim.ts.
 * The figure that matters is how close each schedule keeps the recall to the 90% it aims at:
 * the defaults review a fast forgetter too late and a slow one too often.
 *
 * Also measured: how long the fits take on this machine. Run with `npm run bench:review-fit`;
 * deterministic but for the optimizer's own timing. Environment: BENCH_LEARNERS (40),
 * BENCH_DAYS (180), BENCH_NEW (10).
 */
import { default_w, fsrs, type FSRS, type FSRSState, generatorParameters } from 'ts-fsrs';
import { dueForFit, fitWeights } from '../upstream/review/memory';
import { seededRandom } from '../tests/support/seeded-random';
import { reporter } from './support';

const learners = Number(process.env.BENCH_LEARNERS ?? 40);
const daysSimulated = Number(process.env.BENCH_DAYS ?? 180);
const newPerDay = Number(process.env.BENCH_NEW ?? 10);
const retention = 0.9;

const modelOf = (w: readonly number[]) =>
  fsrs(generatorParameters({ w: [...w], request_retention: retention, enable_fuzz: false, enable_short_term: false }));

/** A learner's own memory: the default weights, scaled (see above). */
function learnerWeights(seed: number): number[] {
  const next = seededRandom(seed);
  const logUniform = (low: number, high: number) => Math.exp(Math.log(low) + next() * (Math.log(high) - Math.log(low)));
  const initial = logUniform(1 / 3, 3);
  const growth = logUniform(0.6, 1.6);
  const lapse = logUniform(0.5, 2);
  return default_w.map((w, i) => (i <= 3 ? w * initial : i === 8 ? w * growth : i === 11 ? w * lapse : w));
}

interface Card {
  /** The learner's true memory of it, and the scheduler's idea of it. */
  truth: FSRSState;
  known: FSRSState;
  last: number;
  due: number;
  /** [rating, days since the previous review], as the review log gives the fit. */
  history: [number, number][];
}

interface Outcome {
  reviews: number;
  recalled: number;
  retained: number;
  cards: number;
  fits: number[];
  fittedAt: number | null;
}

async function simulate(seed: number, fitting: boolean): Promise<Outcome> {
  const truth = modelOf(learnerWeights(seed));
  let scheduler: FSRS = modelOf(default_w);
  const next = seededRandom(seed * 7 + 1);
  const cards: Card[] = [];
  let reviews = 0;
  let recalled = 0;
  let fittedReviews = 0;
  let fittedAt: number | null = null;
  const fits: number[] = [];
  for (let day = 0; day < daysSimulated; day++) {
    for (const card of cards) {
      if (card.due > day) continue;
      const elapsed = day - card.last;
      const r = truth.forgetting_curve(elapsed, card.truth.stability);
      const remembered = next() < r;
      const rating = remembered ? 3 : 1;
      reviews++;
      if (remembered) recalled++;
      card.truth = truth.next_state(card.truth, elapsed, rating, r);
      card.known = scheduler.next_state(card.known, elapsed, rating);
      card.history.push([rating, elapsed]);
      card.last = day;
      card.due = day + scheduler.next_interval(card.known.stability, elapsed);
    }
    for (let n = 0; n < newPerDay; n++) {
      const known = scheduler.next_state(null, 0, 3);
      cards.push({
        truth: truth.next_state(null, 0, 3),
        known,
        last: day,
        due: day + scheduler.next_interval(known.stability, 0),
        history: [[3, 0]],
      });
    }
    // Once a day, as the product would have after the day's last rating.
    const logged = reviews + cards.length;
    if (fitting && dueForFit(logged, fittedReviews)) {
      const started = performance.now();
      const answer = await fitWeights(cards.filter((c) => c.history.length > 1).map((c) => c.history));
      fits.push((performance.now() - started) / 1000);
      if ('error' in answer) throw new Error(answer.error);
      fittedReviews = logged;
      if (answer.fitted_loss < answer.default_loss) {
        scheduler = modelOf(answer.weights);
        fittedAt ??= day;
        // As the product does: each card's memory replayed from its log under the new weights, its due date kept.
        for (const card of cards) {
          let known: FSRSState | null = null;
          for (const [rating, elapsed] of card.history) known = scheduler.next_state(known, elapsed, rating);
          if (known) card.known = known;
        }
      }
    }
  }
  const retained = cards.reduce((sum, c) => sum + truth.forgetting_curve(daysSimulated - c.last, c.truth.stability), 0);
  return { reviews, recalled, retained, cards: cards.length, fits, fittedAt };
}

async function main() {
  const { say, save } = reporter('review-fit');
  say(`# FSRS fitted to each learner against FSRS-6's defaults — ${new Date().toISOString()}`);
  say(
    `${learners} simulated learners × ${daysSimulated} days, ${newPerDay} new senses a day, desired retention ${retention}; ground truth: FSRS-6's model with each learner's own weights (see the file's head); Node ${process.version}`,
  );
  say('');
  say(
    '| schedule | reviews a day | recalled at review | mean distance from 90% per learner | learners within 3 points of 90% | retained on the last day |',
  );
  say('|---|---|---|---|---|---|');
  const fitTimes: number[] = [];
  const fittedDays: number[] = [];
  for (const fitting of [false, true]) {
    let reviews = 0;
    let recalled = 0;
    let retained = 0;
    let cards = 0;
    let distance = 0;
    let within = 0;
    for (let l = 0; l < learners; l++) {
      const o = await simulate(2_000 + l, fitting);
      reviews += o.reviews;
      recalled += o.recalled;
      retained += o.retained;
      cards += o.cards;
      const rate = o.recalled / o.reviews;
      distance += Math.abs(rate - retention);
      if (Math.abs(rate - retention) <= 0.03) within++;
      fitTimes.push(...o.fits);
      if (o.fittedAt !== null) fittedDays.push(o.fittedAt);
      console.error(`${fitting ? 'fitted' : 'default'} learner ${l}: recall ${(100 * rate).toFixed(1)}%, ${o.fits.length} fits`);
    }
    say(
      `| ${fitting ? 'defaults until 400 reviews, then fitted (as /review)' : "FSRS-6's defaults throughout"} | ${(reviews / learners / daysSimulated).toFixed(1)} | ${((100 * recalled) / reviews).toFixed(1)}% | ${((100 * distance) / learners).toFixed(1)} points | ${within} of ${learners} | ${(retained / learners).toFixed(0)} of ${cards / learners} |`,
    );
  }
  fitTimes.sort((a, b) => a - b);
  const mean = fitTimes.reduce((a, b) => a + b, 0) / Math.max(1, fitTimes.length);
  say('');
  say(
    `Fits: ${fitTimes.length} (each learner's log refitted as it grew by a quarter), ${mean.toFixed(2)} s on average, ${fitTimes.at(-1)?.toFixed(2)} s the longest (a child process each, started included); ${fittedDays.length} of ${learners} learners were scheduled by their own weights, from day ${Math.min(...fittedDays)} to ${Math.max(...fittedDays)} (median ${fittedDays.sort((a, b) => a - b)[Math.floor(fittedDays.length / 2)]}).`,
  );
  save();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
