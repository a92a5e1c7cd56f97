import { featureKey as key, hashString, Perceptron } from './perceptron';
import { runNow, type Steps } from '../platform/steps';
import { argmax, normalize, seeded, shuffle } from './tagger';
import type { UdSentence } from './ud';

/*
 * The dependency parser: transition-based, arc-hybrid (Kuhlmann et al. 2011), greedy, scored by an
 * averaged perceptron over the rich feature set of Zhang & Nivre (2011), trained with the dynamic
 * oracle of Goldberg & Nivre (2013), so that it learns to recover from its own mistakes.
 *
 * A configuration is a stack and a buffer (the words not yet read, which in arc-hybrid are always
 * the rest of the sentence, then the root). Three moves, the last two with a relation:
 *   SHIFT  pushes the buffer's first word b0;
 *   LEFT   pops the stack's top s0 and makes it a dependent of b0;
 *   RIGHT  pops s0 and makes it a dependent of the word under it, s1.
 * The root sits at the end of the buffer and takes a dependent only when one word is left on the
 * stack, so every parse has exactly one root, as UD requires.
 *
 * Words are numbered 1..n as in CoNLL-U; the root is n + 1 inside this file and 0 in the answer.
 */

export interface Arc {
  head: number;
  deprel: string;
  /**
   * How sure the parser was: the score of the move that made this arc above the best other move
   * the configuration allowed. What the combination of two parsers weighs their arcs by.
   */
  margin: number;
}

export interface TrainParserOptions {
  epochs?: number;
  seed?: number;
  /** After the first epoch the parser follows its own move this share of the time, wrong or not. */
  explore?: number;
  progress?: (epoch: number, accuracy: number) => void;
  /**
   * Scores the model as it stands after each epoch (on dev); the best-scoring epoch's model is
   * the one trained. Without it, the last epoch's.
   */
  evaluate?: (parser: Parser, epoch: number) => number;
}

/**
 * The tag the parser reads: the universal and the Penn tag together, which tell apart what either
 * alone does not (IN as ADP or SCONJ, VBZ as VERB or AUX).
 */
export const parserTag = (tag: { upos: string; xpos: string }) => `${tag.upos} ${tag.xpos}`;

const SHIFT = 0;
const isLeft = (c: number) => c > 0 && c % 2 === 1;
const labelOf = (c: number) => (c - 1) >> 1;

class Configuration {
  readonly stack: number[] = [];
  b = 1;
  readonly heads: Int32Array;
  readonly labels: Int32Array;
  /** Each word's dependents so far, left and right of it, nearest last. */
  readonly lefts: number[][];
  readonly rights: number[][];

  constructor(readonly n: number) {
    this.heads = new Int32Array(n + 2).fill(-1);
    this.labels = new Int32Array(n + 2).fill(-1);
    this.lefts = Array.from({ length: n + 2 }, () => []);
    this.rights = Array.from({ length: n + 2 }, () => []);
  }

  get root() {
    return this.n + 1;
  }

  get done() {
    return this.b === this.root && this.stack.length === 0;
  }

  canShift() {
    return this.b < this.root;
  }

  canLeft() {
    // The root takes its one dependent only when that is the last word on the stack.
    return this.stack.length > 0 && (this.b < this.root || this.stack.length === 1);
  }

  canRight() {
    return this.stack.length > 1;
  }

  apply(move: number) {
    if (move === SHIFT) {
      this.stack.push(this.b++);
      return;
    }
    const dependent = this.stack.pop() as number;
    const head = isLeft(move) ? this.b : (this.stack.at(-1) as number);
    this.heads[dependent] = head;
    this.labels[dependent] = labelOf(move);
    if (dependent < head) this.lefts[head].push(dependent);
    else this.rights[head].push(dependent);
  }
}

export class Parser {
  private readonly scores: Float64Array;

  constructor(
    readonly labels: readonly string[],
    private readonly vocabulary: Vocabulary,
    private readonly model: Perceptron<number>,
  ) {
    this.scores = new Float64Array(1 + 2 * labels.length);
  }

  /**
   * Trains on sentences whose tags are those the tagger will give at run time (jackknifed),
   * not the treebank's, so that the parser learns to live with the tagger's mistakes.
   */
  static train(sentences: readonly UdSentence[], options: TrainParserOptions = {}): Parser {
    const { epochs = 12, seed = 1, explore = 0.9, progress, evaluate } = options;
    let best: { parser: Parser; score: number } | null = null;
    const labels = [...new Set(sentences.flatMap((s) => s.words.map((w) => w.deprel)))].sort();
    const labelIndex = new Map(labels.map((l, i) => [l, i]));
    const vocabulary = {
      words: vocabularyOf(sentences.flatMap((s) => s.words.map((w) => normalize(w.form)))),
      tags: vocabularyOf(sentences.flatMap((s) => s.words.map(parserTag))),
    };
    const parser = new Parser(labels, vocabulary, new Perceptron<number>(1 + 2 * labels.length));
    const gold = sentences.map((s) => projective(s.words.map((w) => w.head)));
    const goldLabels = sentences.map((s) => s.words.map((w) => labelIndex.get(w.deprel) ?? 0));
    const order = sentences.map((_, i) => i);
    const random = seeded(seed);
    for (let epoch = 1; epoch <= epochs; epoch++) {
      let right = 0;
      let total = 0;
      for (const i of order) {
        const words = sentences[i].words;
        const heads = parser.train1(
          words.map((w) => w.form),
          words.map(parserTag),
          gold[i],
          goldLabels[i],
          epoch > 1 ? explore : 0,
          random,
        );
        for (let k = 0; k < words.length; k++) if (heads[k] === words[k].head) right++;
        total += words.length;
      }
      progress?.(epoch, right / Math.max(1, total));
      if (evaluate) {
        const snapshot = new Parser(labels, vocabulary, parser.model.averaged());
        const score = evaluate(snapshot, epoch);
        if (!best || score > best.score) best = { parser: snapshot, score };
      }
      shuffle(order, random);
    }
    if (best) return best.parser;
    parser.model.average(0.001);
    return parser;
  }

  /** The tree of a tagged sentence: each word's head (0 for the root) and relation. */
  parse(forms: readonly string[], tags: readonly string[]): Arc[] {
    const n = forms.length;
    if (n === 0) return [];
    const c = new Configuration(n);
    const context = new Context(forms, tags, this.vocabulary);
    const margins = new Float64Array(n + 2);
    while (!c.done) {
      const scores = this.model.score(this.features(c, context), this.scores);
      const move = bestMove(c, scores);
      if (move !== SHIFT) margins[c.stack.at(-1) as number] = marginOf(c, scores, move);
      c.apply(move);
    }
    return Array.from({ length: n }, (_, k) => {
      const head = c.heads[k + 1];
      return {
        head: head === c.root ? 0 : head,
        deprel: this.labels[c.labels[k + 1]] ?? 'dep',
        margin: margins[k + 1],
      };
    });
  }

  /**
   * The tree found reading the sentence from its end, for a parser trained on reversed sentences
   * (`reversedSentence`): its mistakes are not the left-to-right parser's, which is why the two
   * together beat either.
   */
  parseFromEnd(forms: readonly string[], tags: readonly string[]): Arc[] {
    const n = forms.length;
    const arcs = this.parse([...forms].reverse(), [...tags].reverse());
    return arcs.reverse().map((a) => ({ ...a, head: a.head === 0 ? 0 : n + 1 - a.head }));
  }

  /** One sentence of training; answers the heads it found (0 for the root), one-based. */
  private train1(
    forms: readonly string[],
    tags: readonly string[],
    goldHeads: readonly number[],
    goldLabels: readonly number[],
    explore: number,
    random: () => number,
  ): number[] {
    const n = forms.length;
    const c = new Configuration(n);
    const context = new Context(forms, tags, this.vocabulary);
    // Gold heads one-based, the root as n + 1.
    const head = new Int32Array(n + 2).fill(-1);
    const label = new Int32Array(n + 2).fill(-1);
    for (let k = 0; k < n; k++) {
      head[k + 1] = goldHeads[k] === 0 ? n + 1 : goldHeads[k];
      label[k + 1] = goldLabels[k];
    }
    while (!c.done) {
      const features = this.features(c, context);
      const scores = this.model.score(features, this.scores);
      const guess = bestMove(c, scores);
      const costs = moveCosts(c, head);
      const cost = (m: number) => {
        if (m === SHIFT) return costs.shift;
        const dependent = c.stack.at(-1) as number;
        const arcHead = isLeft(m) ? c.b : (c.stack.at(-2) as number);
        const base = isLeft(m) ? costs.left : costs.right;
        return base + (head[dependent] === arcHead && label[dependent] !== labelOf(m) ? 1 : 0);
      };
      // With a projective gold tree some move always costs nothing; the least costly one otherwise.
      let least = Number.POSITIVE_INFINITY;
      for (let m = 0; m < scores.length; m++) if (valid(c, m)) least = Math.min(least, cost(m));
      const best = argmax(scores, (m) => valid(c, m) && cost(m) === least);
      this.model.tick();
      if (cost(guess) !== 0) this.model.update(features, best, guess);
      c.apply(explore > 0 && random() < explore ? guess : best);
    }
    return Array.from({ length: n }, (_, k) => (c.heads[k + 1] === n + 1 ? 0 : c.heads[k + 1]));
  }

  /**
   * The features of a configuration, each a number: the template's place in this list and the
   * ids of the words, tags and relations it reads, mixed into 30 bits (the few thousand collisions
   * among a model's millions of features fall on rare ones and change nothing measurable). Numbers rather than strings keep a
   * parse to about a millisecond.
   */
  private features(c: Configuration, x: Context): number[] {
    const { stack, b, lefts, rights, labels } = c;
    const out: number[] = [];
    let template = 0;
    const f = (p: number, q = 0, r = 0, s = 0) => {
      out.push(key(++template, p, q, r, s));
    };
    const s0 = stack.at(-1) ?? -1;
    const s1 = stack.at(-2) ?? -1;
    const s2 = stack.at(-3) ?? -1;
    const b0 = b;
    const b1 = b + 1 <= c.n ? b + 1 : -1;
    const b2 = b + 2 <= c.n ? b + 2 : -1;
    const w = (i: number) => x.word(i);
    const t = (i: number) => x.tag(i);
    const l = (i: number) => (i > 0 ? labels[i] + 2 : 0);
    const lc = (i: number, k: number) => (i > 0 ? (lefts[i][k] ?? -1) : -1);
    const rc = (i: number, k: number) => (i > 0 ? (rights[i].at(-1 - k) ?? -1) : -1);
    const set = (i: number, side: number[][]) => {
      let h = 7;
      if (i > 0) for (const d of side[i]) h = Math.imul(h ^ (labels[d] + 2), 0x01000193);
      return h;
    };
    const s0L = lc(s0, 0);
    const s0L2 = lc(s0, 1);
    const s0R = rc(s0, 0);
    const s0R2 = rc(s0, 1);
    const s1L = lc(s1, 0);
    const s1R = rc(s1, 0);
    const b0L = lc(b0, 0);
    const b0L2 = lc(b0, 1);
    const dist = s0 > 0 ? Math.min(b0 - s0, 6) : 0;
    const ds1 = s1 > 0 && s0 > 0 ? Math.min(s0 - s1, 6) : 0;
    const s0vl = s0 > 0 ? lefts[s0].length : 0;
    const s0vr = s0 > 0 ? rights[s0].length : 0;
    const b0vl = lefts[b0].length;
    const s0ls = set(s0, lefts);
    const s0rs = set(s0, rights);
    const b0ls = set(b0, lefts);
    const [s0w, s0t, s1w, s1t, b0w, b0t, b1w, b1t] = [w(s0), t(s0), w(s1), t(s1), w(b0), t(b0), w(b1), t(b1)];
    const [b2w, b2t, s2w, s2t] = [w(b2), t(b2), w(s2), t(s2)];
    f(0);
    // Single words.
    f(s0w);
    f(s0t);
    f(s0w, s0t);
    f(b0w);
    f(b0t);
    f(b0w, b0t);
    f(b1w);
    f(b1t);
    f(b1w, b1t);
    f(b2w);
    f(b2t);
    f(s1w);
    f(s1t);
    f(s1w, s1t);
    f(s2t);
    f(s2w);
    // Pairs.
    f(s0w, s0t, b0w, b0t);
    f(s0w, s0t, b0w);
    f(s0w, b0w, b0t);
    f(s0w, s0t, b0t);
    f(s0t, b0w, b0t);
    f(s0w, b0w);
    f(s0t, b0t);
    f(b0t, b1t);
    f(s1w, s1t, s0w, s0t);
    f(s1w, s0w);
    f(s1t, s0t);
    f(s1w, s1t, s0t);
    f(s1t, s0w, s0t);
    f(s1w, b0w);
    // Triples of tags.
    f(b0t, b1t, b2t);
    f(s0t, b0t, b1t);
    f(s1t, s0t, b0t);
    f(s2t, s1t, s0t);
    f(s0t, t(s0L), b0t);
    f(s0t, t(s0R), b0t);
    f(s0t, b0t, t(b0L));
    f(s1t, s0t, t(s0L));
    f(s1t, t(s1R), s0t);
    f(s1t, s0t, b1t);
    // Distance.
    f(s0w, dist);
    f(s0t, dist);
    f(b0w, dist);
    f(b0t, dist);
    f(s0w, b0w, dist);
    f(s0t, b0t, dist);
    f(s1t, s0t, ds1);
    f(s1w, s0w, ds1);
    // Valency.
    f(s0w, s0vr);
    f(s0t, s0vr);
    f(s0w, s0vl);
    f(s0t, s0vl);
    f(b0w, b0vl);
    f(b0t, b0vl);
    // The dependents found so far.
    f(w(s0L));
    f(t(s0L));
    f(l(s0L));
    f(w(s0R));
    f(t(s0R));
    f(l(s0R));
    f(w(b0L));
    f(t(b0L));
    f(l(b0L));
    f(t(s1L));
    f(l(s1L));
    f(t(s1R));
    f(l(s1R));
    f(w(s1R));
    f(w(s0L2));
    f(t(s0L2));
    f(l(s0L2));
    f(w(s0R2));
    f(t(s0R2));
    f(l(s0R2));
    f(w(b0L2));
    f(t(b0L2));
    f(l(b0L2));
    f(s0t, t(s0L), t(s0L2));
    f(s0t, t(s0R), t(s0R2));
    f(b0t, t(b0L), t(b0L2));
    // Label sets.
    f(s0w, s0ls);
    f(s0t, s0ls);
    f(s0w, s0rs);
    f(s0t, s0rs);
    f(b0w, b0ls);
    f(b0t, b0ls);
    f(s1t, set(s1, rights));
    // The word before b0, the tag after s0 (punctuation and conjunctions often decide).
    f(w(b0 - 1), b0t);
    f(s0 > 0 ? t(s0 + 1) : 0, s0t, b0t);
    // Suffixes (what an unknown word still tells), the commas and verbs between s0 and b0 (an
    // attachment across a clause boundary is rarer), and cross pairs.
    const sf = (i: number) => x.suffix(i);
    f(sf(s0), s0t);
    f(sf(b0), b0t);
    f(sf(b1), b1t);
    f(sf(s0), sf(b0));
    const between = s0 > 0 ? x.between(s0, b0) : 0;
    f(between, s0t, b0t);
    f(between, dist);
    f(b0w, s0t, s1t);
    f(s0w, b0t, b1t);
    f(w(s0R), b0t);
    f(l(b0L), s0t, b0t);
    f(s0t, b0t, t(b0 - 1));
    return out;
  }

  /** The model as text: its relations, its vocabularies (in id order), then the weights. */
  serialize(digits = 4, prune = 0): string {
    const listed = (map: Map<string, number>) => [...map.keys()].join('\t');
    return [
      `# labels\t${this.labels.join('\t')}`,
      `# tags\t${listed(this.vocabulary.tags)}`,
      `# words\t${listed(this.vocabulary.words)}`,
      this.model.serialize(digits, prune),
    ].join('\n');
  }

  static parse(text: string): Parser {
    return runNow(Parser.parsing(text));
  }

  /** `parse` in steps (`../platform/steps`). */
  static *parsing(text: string): Steps<Parser> {
    const lines: string[] = [];
    let at = 0;
    for (let k = 0; k < 3; k++) {
      const nl = text.indexOf('\n', at);
      if (nl < 0) throw new Error('parser model: not a parser model');
      lines.push(text.slice(at, nl));
      at = nl + 1;
    }
    const [labels, tags, words] = lines.map((line) => line.split('\t').slice(1));
    if (!lines[0].startsWith('# labels\t') || !lines[2].startsWith('# words\t')) {
      throw new Error('parser model: not a parser model');
    }
    const vocabulary = { words: vocabularyOf(words), tags: vocabularyOf(tags) };
    return new Parser(labels, vocabulary, yield* Perceptron.parsing<number>(text.slice(at), 1 + 2 * labels.length, true));
  }
}

/**
 * The words and tags the features read, as ids of the model's vocabularies (0 for a word it never
 * saw, 1 outside the sentence, 2 the root).
 */
class Context {
  private readonly words: Int32Array;
  private readonly tags: Int32Array;

  private readonly suffixes: Int32Array;
  /** Commas and verbs up to each position (prefix counts, for what lies between two words). */
  private readonly commas: Int32Array;
  private readonly verbs: Int32Array;

  constructor(forms: readonly string[], tags: readonly string[], vocabulary: Vocabulary) {
    this.words = Int32Array.from(forms, (form) => vocabulary.words.get(normalize(form)) ?? 0);
    this.tags = Int32Array.from(tags, (tag) => vocabulary.tags.get(tag) ?? 0);
    this.suffixes = Int32Array.from(forms, (form) => hashString(form.toLowerCase().slice(-3)));
    this.commas = new Int32Array(forms.length + 2);
    this.verbs = new Int32Array(forms.length + 2);
    for (let i = 0; i < forms.length; i++) {
      this.commas[i + 1] = this.commas[i] + (forms[i] === ',' || forms[i] === ';' ? 1 : 0);
      this.verbs[i + 1] = this.verbs[i] + (/^(?:VERB|AUX)/.test(tags[i]) ? 1 : 0);
    }
  }

  suffix(i: number) {
    return i >= 1 && i <= this.suffixes.length ? this.suffixes[i - 1] : 1;
  }

  /** Commas (none, one, more) and verbs (none, some) strictly between words a < b, as one id. */
  between(a: number, b: number) {
    const hi = Math.min(b - 1, this.suffixes.length);
    if (hi <= a) return 0;
    const commas = Math.min(2, this.commas[hi] - this.commas[a]);
    const verbs = Math.min(1, this.verbs[hi] - this.verbs[a]);
    return 1 + commas * 2 + verbs;
  }

  word(i: number) {
    if (i === this.words.length + 1) return 2;
    return i >= 1 && i <= this.words.length ? this.words[i - 1] : 1;
  }

  tag(i: number) {
    if (i === this.tags.length + 1) return 2;
    return i >= 1 && i <= this.tags.length ? this.tags[i - 1] : 1;
  }
}

interface Vocabulary {
  words: Map<string, number>;
  tags: Map<string, number>;
}

const vocabularyOf = (items: Iterable<string>) => {
  const map = new Map<string, number>();
  for (const item of items) if (!map.has(item)) map.set(item, map.size + 3);
  return map;
};

/** The best-scoring move the configuration allows. */
function bestMove(c: Configuration, scores: Float64Array): number {
  const shift = c.canShift();
  const left = c.canLeft();
  const right = c.canRight();
  let best = -1;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let m = 0; m < scores.length; m++) {
    const ok = m === SHIFT ? shift : isLeft(m) ? left : right;
    if (ok && scores[m] > bestScore) [best, bestScore] = [m, scores[m]];
  }
  return best;
}

/** The score of `move` above the best other allowed move's. */
function marginOf(c: Configuration, scores: Float64Array, move: number): number {
  let other = Number.NEGATIVE_INFINITY;
  for (let m = 0; m < scores.length; m++) if (m !== move && valid(c, m) && scores[m] > other) other = scores[m];
  return Number.isFinite(other) ? scores[move] - other : 0;
}

function valid(c: Configuration, move: number) {
  if (move === SHIFT) return c.canShift();
  return isLeft(move) ? c.canLeft() : c.canRight();
}

/**
 * How many gold arcs each move makes unreachable (Goldberg & Nivre 2013, arc-hybrid), for a
 * projective gold tree. `head` is one-based, the root n + 1.
 */
function moveCosts(c: Configuration, head: Int32Array) {
  const { stack, b } = c;
  const root = c.root;
  const s0 = stack.at(-1) ?? -1;
  const s1 = stack.at(-2) ?? -1;
  const inBuffer = (i: number) => i >= b && i <= root;
  let shift = 0;
  let left = 0;
  let right = 0;
  if (c.canShift()) {
    // b0 leaves the buffer: a head deeper than s0 and its dependents on the stack are lost.
    for (let k = 0; k < stack.length; k++) {
      const s = stack[k];
      if (head[s] === b) shift++;
      if (s === head[b] && k < stack.length - 1) shift++;
    }
  }
  if (s0 > 0) {
    // s0 is taken off the stack: its dependents still in the buffer are lost either way.
    let children = 0;
    for (let d = b; d < root; d++) if (head[d] === s0) children++;
    left = children + (head[s0] !== b && (head[s0] === s1 || inBuffer(head[s0])) ? 1 : 0);
    right = children + (inBuffer(head[s0]) ? 1 : 0);
  }
  return { shift, left, right };
}

/**
 * The sentence read from its end: the right-to-left parser learns and parses on it, and its heads
 * are mapped back by the same function (it is its own inverse).
 */
export function reversedSentence(sentence: UdSentence): UdSentence {
  const n = sentence.words.length;
  const at = (k: number) => (k === 0 ? 0 : n + 1 - k);
  return { ...sentence, words: sentence.words.map((w) => ({ ...w, head: at(w.head) })).reverse() };
}

/**
 * The tree made projective by lifting: a word whose arc crosses another is attached to its head's
 * head until no arc crosses (the training oracle's costs hold for projective trees; a few percent
 * of EWT's sentences are not).
 */
export function projective(heads: readonly number[]): number[] {
  // The root stands after the last word, where the parser keeps it.
  const h = heads.map((x) => (x === 0 ? heads.length + 1 : x));
  const crosses = (d: number) => {
    const a = Math.min(d + 1, h[d]);
    const z = Math.max(d + 1, h[d]);
    for (let k = 0; k < h.length; k++) {
      const b = Math.min(k + 1, h[k]);
      const e = Math.max(k + 1, h[k]);
      if ((b < a && e > a && e < z) || (b > a && b < z && e > z)) return true;
    }
    return false;
  };
  for (let round = 0; round < h.length; round++) {
    let lifted = false;
    for (let d = 0; d < h.length; d++) {
      if (h[d] !== h.length + 1 && crosses(d)) {
        h[d] = h[h[d] - 1];
        lifted = true;
        break;
      }
    }
    if (!lifted) break;
  }
  return h.map((x) => (x === h.length + 1 ? 0 : x));
}
