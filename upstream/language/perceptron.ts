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
   * Packs numeric features' weights into typed arrays for reading: a map lookup among millions of
   * entries is a cache miss each time and was most of a parse; an open-addressing table over
   * flat arrays is several times faster. The map is kept for `serialize`.
   */
  private freeze() {
    const first = this.table.keys().next();
    if (first.done || typeof first.value !== 'number') return;
    this.frozen = new FrozenWeights(this.table as Map<number, FeatureWeights>);
  }

  /**
   * The weights as text: one feature a line, "feature\tclass:weight class:weight". Weights are
   * rounded to `digits` significant digits, which the decisions do not notice.
   */
  serialize(digits = 4): string {
    const lines: string[] = [];
    for (const [feature, { classes, weights }] of this.table) {
      const pairs = classes.map((c, i) => `${c}:${Number(weights[i].toPrecision(digits))}`);
      lines.push(`${typeof feature === 'number' ? feature.toString(36) : feature}\t${pairs.join(' ')}`);
    }
    return lines.join('\n');
  }

  /** Reads `serialize`'s text; `numeric` when the features are numbers (written in base 36). */
  static parse<K extends string | number = string>(text: string, classCount: number, numeric = false): Perceptron<K> {
    const model = new Perceptron<K>(classCount);
    for (const line of text.split('\n')) {
      const tab = line.lastIndexOf('\t');
      if (tab < 0) continue;
      const classes: number[] = [];
      const weights: number[] = [];
      for (const pair of line.slice(tab + 1).split(' ')) {
        const colon = pair.indexOf(':');
        const cls = Number(pair.slice(0, colon));
        const weight = Number(pair.slice(colon + 1));
        if (!Number.isInteger(cls) || cls < 0 || cls >= classCount || !Number.isFinite(weight)) {
          throw new Error(`model: bad weight "${pair}"`);
        }
        classes.push(cls);
        weights.push(weight);
      }
      const feature = (numeric ? Number.parseInt(line.slice(0, tab), 36) : line.slice(0, tab)) as K;
      model.table.set(feature, { classes, weights, totals: [], stamps: [] });
    }
    model.freeze();
    return model;
  }
}

/**
 * Numeric features' weights in flat arrays, found by linear probing on the feature. A slot is four
 * integers (feature, first pair, pair count, unused) so that a lookup touches one cache line; the
 * pairs (class, weight) follow in a second array, weights in fixed point (1/4096), which the
 * decisions do not notice.
 */
class FrozenWeights {
  private readonly mask: number;
  private readonly slots: Int32Array;
  private readonly pairs: Int32Array;

  constructor(table: Map<number, FeatureWeights>) {
    let size = 1;
    while (size < table.size * 2) size *= 2;
    this.mask = size - 1;
    this.slots = new Int32Array(size * 4).fill(-1);
    let count = 0;
    for (const entry of table.values()) count += entry.classes.length;
    this.pairs = new Int32Array(count * 2);
    let at = 0;
    for (const [feature, entry] of table) {
      let slot = this.slotOf(feature);
      while (this.slots[slot * 4] !== -1) slot = (slot + 1) & this.mask;
      this.slots[slot * 4] = feature;
      this.slots[slot * 4 + 1] = at;
      this.slots[slot * 4 + 2] = entry.classes.length;
      for (let i = 0; i < entry.classes.length; i++, at += 2) {
        this.pairs[at] = entry.classes[i];
        this.pairs[at + 1] = Math.round(entry.weights[i] * FIXED);
      }
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
      let key = slots[slot * 4];
      while (key !== -1 && key !== feature) {
        slot = (slot + 1) & mask;
        key = slots[slot * 4];
      }
      if (key === -1) continue;
      const start = slots[slot * 4 + 1];
      const end = start + 2 * slots[slot * 4 + 2];
      for (let i = start; i < end; i += 2) into[pairs[i]] += pairs[i + 1];
    }
    for (let c = 0; c < into.length; c++) into[c] /= FIXED;
    return into;
  }
}

const FIXED = 4096;
