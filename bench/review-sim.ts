/**
 * Why the review loop schedules with FSRS, in figures: 1,000 simulated learners over 365 days,
 * each learning BENCH_NEW (10) new senses a day and reviewing every card due, scheduled either
 * by FSRS (ts-fsrs, FSRS-6 default weights, desired retention 0.9 as /review does by default, and
 * 0.95) or by a
 * fixed ladder of intervals (1, 3, 7, 14, 30, 60, 120, 240 days; a lapse starts it again).
 *
 * The learners' memory is FSRS-6's own model with its default weights (its forgetting curve and
 * its stability and difficulty updates), taken as the ground truth, as FSRS's authors do in their
 * own simulations: that is an assumption that favours FSRS, stated as such. A review recalls the
 * card with the probability the curve gives after the days elapsed (良好 if recalled, 重来 if not).
 * Run with `npm run bench:review-sim`; deterministic (a seeded generator).
 *
 * Environment: BENCH_LEARNERS (1000), BENCH_DAYS (365), BENCH_NEW (10).
 */
import { fsrs, type FSRSState, generatorParameters } from 'ts-fsrs';
import { seededRandom } from '../tests/support/seeded-random';
import { reporter } from './support';

const learners = Number(process.env.BENCH_LEARNERS ?? 1000);
const daysSimulated = Number(process.env.BENCH_DAYS ?? 365);
const newPerDay = Number(process.env.BENCH_NEW ?? 10);
const ladder = [1, 3, 7, 14, 30, 60, 120, 240];

// Day-level: the short-term learning steps are left out on both sides (a card comes back a day later at the soonest).
const schedulerAt = (retention: number) =>
  fsrs(generatorParameters({ request_retention: retention, enable_fuzz: false, enable_short_term: false }));
/** The ground truth: FSRS-6's memory model with its default weights (the retention does not enter it). */
const model = schedulerAt(0.9);
const fsrsAt = { fsrs: model, fsrs95: schedulerAt(0.95) };

type Scheduler = 'fsrs' | 'fsrs95' | 'fixed';

interface Card {
  memory: FSRSState;
  last: number;
  due: number;
  step: number;
}

interface Outcome {
  reviewsPerDay: number[];
  recalled: number;
  reviews: number;
  /** Expected senses recalled on the last day: the sum of the cards' retrievability. */
  retained: number;
  cards: number;
}

function simulate(scheduler: Scheduler, seed: number): Outcome {
  const next = seededRandom(seed);
  const cards: Card[] = [];
  const reviewsPerDay = new Array<number>(daysSimulated).fill(0);
  let recalled = 0;
  let reviews = 0;
  for (let day = 0; day < daysSimulated; day++) {
    for (const card of cards) {
      if (card.due > day) continue;
      const elapsed = day - card.last;
      const r = model.forgetting_curve(elapsed, card.memory.stability);
      const remembered = next() < r;
      reviews++;
      reviewsPerDay[day]++;
      if (remembered) recalled++;
      card.memory = model.next_state(card.memory, elapsed, remembered ? 3 : 1, r);
      card.last = day;
      if (scheduler !== 'fixed') {
        card.due = day + fsrsAt[scheduler].next_interval(card.memory.stability, elapsed);
      } else {
        card.step = remembered ? Math.min(card.step + 1, ladder.length - 1) : 0;
        card.due = day + ladder[card.step];
      }
    }
    // The day's new senses, learnt once (良好) and scheduled.
    for (let n = 0; n < newPerDay; n++) {
      const memory = model.next_state(null, 0, 3);
      const due = scheduler === 'fixed' ? day + ladder[0] : day + fsrsAt[scheduler].next_interval(memory.stability, 0);
      cards.push({ memory, last: day, due, step: 0 });
    }
  }
  const end = daysSimulated;
  const retained = cards.reduce((sum, c) => sum + model.forgetting_curve(end - c.last, c.memory.stability), 0);
  return { reviewsPerDay, recalled, reviews, retained, cards: cards.length };
}

function main() {
  const { say, save } = reporter('review-sim');
  say(`# FSRS against a fixed ladder — ${new Date().toISOString()}`);
  say(
    `${learners} simulated learners × ${daysSimulated} days, ${newPerDay} new senses a day; ground truth: FSRS-6's own memory model (default weights) — an assumption that favours FSRS; Node ${process.version}`,
  );
  say('');
  say(
    '| schedule | reviews a day (mean over the year) | reviews a day (last 30 days) | recalled at review | senses retained on the last day | retained per 100 reviews |',
  );
  say('|---|---|---|---|---|---|');
  for (const scheduler of ['fsrs', 'fsrs95', 'fixed'] as const) {
    const started = performance.now();
    let perDay = 0;
    let lastMonth = 0;
    let recalled = 0;
    let reviews = 0;
    let retained = 0;
    let cards = 0;
    for (let l = 0; l < learners; l++) {
      const o = simulate(scheduler, 1_000 + l);
      perDay += o.reviews / daysSimulated;
      lastMonth += o.reviewsPerDay.slice(-30).reduce((a, b) => a + b, 0) / 30;
      recalled += o.recalled;
      reviews += o.reviews;
      retained += o.retained;
      cards += o.cards;
    }
    const names = {
      fsrs: 'FSRS, retention 0.9 (the default)',
      fsrs95: 'FSRS, retention 0.95',
      fixed: 'fixed 1-3-7-14-30-60-120-240 days',
    };
    const name = names[scheduler];
    say(
      `| ${name} | ${(perDay / learners).toFixed(1)} | ${(lastMonth / learners).toFixed(1)} | ${((100 * recalled) / reviews).toFixed(1)}% | ${(retained / learners).toFixed(0)} of ${cards / learners} (${((100 * retained) / cards).toFixed(1)}%) | ${((100 * retained) / reviews).toFixed(2)} |`,
    );
    console.error(`${scheduler}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  save();
}

main();
