import { runNow, type Steps } from '../platform/steps';

/*
 * The averaged perceptron both the tagger and the parser learn with (Collins 2002; the averaging
 * is what makes it generalise). Features are strings; each keeps weights only for the classes an
 * update ever touched, which is a handful, so scoring costs the non-zero weights rather than
 * features × classes, and the model stays small.
 *
 * Training keeps, per weight, its running total and the time it last changed, so that the average
 * over every step is had without adding each weight at each step. `average()` ends training:
 * the weights become their averages and the bookkeeping is dropped.
 */

/** Lines of a model read between yields: some ten milliseconds of work. */
const linesPerStep = 20_000;

interface FeatureWeights {
  classes: number[];
  weights: number[];
  totals: number[];
  stamps: number[];
}

export class Perceptron<K extends string | number = string> {
  readonly classCount: number;
  private readonly table = new Map<K, FeatureWeights>();
  /** Updates so far: the clock the averages are taken over. */
  private clock = 0;
  /** The weights packed for reading, once training is over (numeric features only). */
  private frozen: FrozenWeights | null = null;

  constructor(classCount: number) {
    this.classCount = classCount;
  }

  get featureCount() {
    return this.table.size;
  }

  /** Each class's score for these features, into `into` (reused between calls for speed). */
  score(features: readonly K[], into: Float64Array = new Float64Array(this.classCount)): Float64Array {
    if (this.frozen) return this.frozen.score(features as readonly number[], into);
    into.fill(0);
    for (const feature of features) {
      const entry = this.table.get(feature);
      if (!entry) continue;
      const { classes, weights } = entry;
      for (let i = 0; i < classes.length; i++) into[classes[i]] += weights[i];
    }
    return into;
  }

  /** One step of the clock; call once per decision, whether or not it was wrong. */
  tick() {
    this.clock++;
  }

  /** Moves the weights of `features` toward `truth` and away from `guess`. */
  update(features: readonly K[], truth: number, guess: number) {
    if (truth === guess) return;
    for (const feature of features) {
      let entry = this.table.get(feature);
      if (!entry) {
        entry = { classes: [], weights: [], totals: [], stamps: [] };
        this.table.set(feature, entry);
      }
      this.bump(entry, truth, 1);
      this.bump(entry, guess, -1);
    }
  }

  private bump(entry: FeatureWeights, cls: number, by: number) {
    let i = entry.classes.indexOf(cls);
    if (i < 0) {
      i = entry.classes.length;
      entry.classes.push(cls);
      entry.weights.push(0);
      entry.totals.push(0);
      entry.stamps.push(this.clock);
    }
    entry.totals[i] += (this.clock - entry.stamps[i]) * entry.weights[i];
    entry.stamps[i] = this.clock;
    entry.weights[i] += by;
  }

  /**
   * Ends training: every weight becomes its average over the clock. Weights whose average is
   * smaller than `prune` in magnitude are dropped (they change almost no decision and most of
   * the model's size is in them).
   */
  average(prune = 0) {
    const clock = Math.max(1, this.clock);
    for (const [feature, entry] of this.table) {
      const classes: number[] = [];
      const weights: number[] = [];
      for (let i = 0; i < entry.classes.length; i++) {
        const total = entry.totals[i] + (clock - entry.stamps[i]) * entry.weights[i];
        const value = total / clock;
        if (Math.abs(value) > prune) {
          classes.push(entry.classes[i]);
          weights.push(value);
        }
      }
      if (classes.length === 0) this.table.delete(feature);
      else this.table.set(feature, { classes, weights, totals: [], stamps: [] });
    }
    this.freeze();
  }

  /**
   * The averaged weights as of now, in a new model, leaving this one to train on: for scoring a
   * model on dev after each epoch. Numeric features only.
   */
  averaged(): Perceptron<K> {
    const clock = Math.max(1, this.clock);
    let weights = 0;
    for (const entry of this.table.values()) weights += entry.classes.length;
    const frozen = new FrozenWeights(this.table.size, weights);
    for (const [feature, entry] of this.table) {
      const values = entry.classes.map((_, i) => (entry.totals[i] + (clock - entry.stamps[i]) * entry.weights[i]) / clock);
      frozen.add(feature as number, entry.classes, values);
    }
    const copy = new Perceptron<K>(this.classCount);
    copy.frozen = frozen;
    return copy;
  }

  /**
   * Packs numeric features' weights into typed arrays for reading: a map lookup among millions of
   * entries is a cache miss each time and was most of a parse; an open-addressing table over
   * flat arrays is several times faster. The map is kept for `serialize`.
   */
  private freeze() {
    const first = this.table.keys().next();
    if (first.done || typeof first.value !== 'number') return;
    this.frozen = FrozenWeights.of(this.table as Map<number, FeatureWeights>);
  }

  /**
   * The weights as text: one feature a line, "feature\tclass:weight class:weight". Weights are
   * rounded to `digits` significant digits, which the decisions do not notice. A feature whose
   * weights all lie below `prune` in size is left out: for the parser, whose moves are decided by
   * margins in the tens, dropping those under 1 halves the model and leaves dev UAS unchanged.
   */
  serialize(digits = 4, prune = 0): string {
    const lines: string[] = [];
    const entries: Iterable<[K, { classes: number[]; weights: number[] }]> =
      this.table.size === 0 && this.frozen
        ? [...this.frozen.entries()].map(([f, classes, weights]) => [f as K, { classes, weights }])
        : this.table;
    for (const [feature, { classes, weights }] of entries) {
      // A weight the frozen table would round to nothing is left out: it changes no score.
      const kept = classes.map((c, i) => [c, weights[i]] as const).filter(([, w]) => Math.round(w * FIXED) !== 0);
      if (kept.length === 0 || kept.every(([, w]) => Math.abs(w) < prune)) continue;
      const pairs = kept.map(([c, w]) => `${c}:${Number(w.toPrecision(digits))}`);
      lines.push(`${typeof feature === 'number' ? feature.toString(36) : feature}\t${pairs.join(' ')}`);
    }
    return lines.join('\n');
  }

  /** Reads `serialize`'s text; `numeric` when the features are numbers (written in base 36). */
  static parse<K extends string | number = string>(text: string, classCount: number, numeric = false): Perceptron<K> {
    return runNow(Perceptron.parsing<K>(text, classCount, numeric));
  }

  /** `parse` in steps (`../platform/steps`), a few milliseconds of work each. */
  static *parsing<K extends string | number = string>(text: string, classCount: number, numeric = false): Steps<Perceptron<K>> {
    const model = new Perceptron<K>(classCount);
    // The lines are walked in place rather than split: a parser model has millions of them.
    function* eachLine(visit: (start: number, end: number) => void): Steps<void> {
      for (let start = 0, n = 1; start < text.length; n++) {
        let end = text.indexOf('\n', start);
        if (end < 0) end = text.length;
        visit(start, end);
        start = end + 1;
        if (n % linesPerStep === 0) yield;
      }
    }
    // Numeric features go straight into the frozen table, sized by a first count of the lines
    // and their weights: a model of millions of features never passes through a map.
    let frozen: FrozenWeights | null = null;
    if (numeric) {
      let features = 0;
      let weights = 0;
      yield* eachLine((start, end) => {
        const tab = text.indexOf('\t', start);
        if (tab < 0 || tab >= end) return;
        features++;
        for (let at = text.indexOf(':', tab); at >= 0 && at < end; at = text.indexOf(':', at + 1)) weights++;
      });
      frozen = new FrozenWeights(features, weights);
    }
    const classes: number[] = [];
    const weights: number[] = [];
    yield* eachLine((start, end) => {
      const tab = text.lastIndexOf('\t', end - 1);
      if (tab < start) return;
      classes.length = 0;
      weights.length = 0;
      for (let at = tab + 1; at < end; ) {
        let stop = text.indexOf(' ', at);
        if (stop < 0 || stop > end) stop = end;
        const colon = text.indexOf(':', at);
        const cls = colon > at && colon < stop ? Number(text.slice(at, colon)) : Number.NaN;
        const weight = Number(text.slice(colon + 1, stop));
        if (!Number.isInteger(cls) || cls < 0 || cls >= classCount || !Number.isFinite(weight)) {
          throw new Error(`model: bad weight "${text.slice(at, stop)}"`);
        }
        classes.push(cls);
        weights.push(weight);
        at = stop + 1;
      }
      if (frozen) {
        const feature = Number.parseInt(text.slice(start, tab), 36);
        if (!(feature >= 0 && feature <= 0x3fffffff)) throw new Error(`model: bad feature "${text.slice(start, tab)}"`);
        frozen.add(feature, classes, weights);
      } else {
        model.table.set(text.slice(start, tab) as K, { classes: [...classes], weights: [...weights], totals: [], stamps: [] });
      }
    });
    model.frozen = frozen;
    return model;
  }
}

/**
 * Numeric features' weights in flat arrays, found by linear probing on the feature. A slot is two
 * integers (the feature, where its weights start); the weights follow in a second array as their
 * count, then (class, weight) pairs, weights in fixed point (1/4096), which the decisions do not
 * notice. A few bytes a weight, where a map of objects took a hundred.
 */
class FrozenWeights {
  private readonly mask: number;
  private readonly slots: Int32Array;
  private readonly pairs: Int32Array;
  private filled = 0;

  constructor(featureCount: number, weightCount: number) {
    let size = 1;
    while (size < featureCount * 2) size *= 2;
    this.mask = size - 1;
    this.slots = new Int32Array(size * 2).fill(-1);
    this.pairs = new Int32Array(featureCount + weightCount * 2);
  }

  static of(table: Map<number, FeatureWeights>): FrozenWeights {
    let weights = 0;
    for (const entry of table.values()) weights += entry.classes.length;
    const frozen = new FrozenWeights(table.size, weights);
    for (const [feature, entry] of table) frozen.add(feature, entry.classes, entry.weights);
    return frozen;
  }

  add(feature: number, classes: readonly number[], weights: readonly number[]) {
    let slot = this.slotOf(feature);
    while (this.slots[slot * 2] !== -1) slot = (slot + 1) & this.mask;
    this.slots[slot * 2] = feature;
    this.slots[slot * 2 + 1] = this.filled;
    this.pairs[this.filled++] = classes.length;
    for (let i = 0; i < classes.length; i++) {
      this.pairs[this.filled++] = classes[i];
      this.pairs[this.filled++] = Math.round(weights[i] * FIXED);
    }
  }

  /** Every feature with its classes and weights, for writing the model out. */
  *entries(): Generator<[number, number[], number[]]> {
    for (let slot = 0; slot <= this.mask; slot++) {
      const feature = this.slots[slot * 2];
      if (feature === -1) continue;
      let at = this.slots[slot * 2 + 1];
      const count = this.pairs[at++];
      const classes: number[] = [];
      const weights: number[] = [];
      for (let i = 0; i < count; i++, at += 2) {
        classes.push(this.pairs[at]);
        weights.push(this.pairs[at + 1] / FIXED);
      }
      yield [feature, classes, weights];
    }
  }

  private slotOf(feature: number) {
    return Math.imul(feature, 0x9e3779b1) & this.mask;
  }

  score(features: readonly number[], into: Float64Array): Float64Array {
    into.fill(0);
    const { slots, pairs, mask } = this;
    for (const feature of features) {
      let slot = this.slotOf(feature);
      let key = slots[slot * 2];
      while (key !== -1 && key !== feature) {
        slot = (slot + 1) & mask;
        key = slots[slot * 2];
      }
      if (key === -1) continue;
      let at = slots[slot * 2 + 1];
      const end = at + 1 + 2 * pairs[at];
      for (at++; at < end; at += 2) into[pairs[at]] += pairs[at + 1];
    }
    for (let c = 0; c < into.length; c++) into[c] /= FIXED;
    return into;
  }
}

const FIXED = 4096;

/**
 * A feature as a number: its template and up to four ids (of words, tags, relations, or hashed
 * strings) mixed into 30 bits, a small integer to V8, which its maps and the frozen table hash
 * without boxing. Among a model's millions of features the few thousand collisions fall on rare
 * ones and change nothing measurable.
 */
export function featureKey(template: number, p: number, q = 0, r = 0, s = 0): number {
  let h1 = Math.imul(template ^ 0x9e3779b9, 0x85ebca6b);
  let h2 = Math.imul(template ^ 0xc2b2ae35, 0x27d4eb2f);
  h1 = mix1(mix1(mix1(mix1(h1, p), q), r), s);
  h2 = mix2(mix2(mix2(mix2(h2, p), q), r), s);
  return ((h1 ^ (h2 >>> 7)) >>> 2) & 0x3fffffff;
}

function mix1(h: number, x: number) {
  const m = Math.imul(h ^ x, 0x01000193);
  return m ^ (m >>> 15);
}

function mix2(h: number, x: number) {
  const m = Math.imul(h + x, 0x5bd1e995);
  return m ^ (m >>> 13);
}

/** FNV-1a over the string's UTF-16 code units, as a 32-bit integer. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}
