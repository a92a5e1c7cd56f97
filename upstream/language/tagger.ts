import { Perceptron } from './perceptron';
import type { UdSentence } from './ud';

/*
 * The part-of-speech tagger: an averaged perceptron that reads the words left to right and gives
 * each its universal part of speech and its Penn Treebank tag at once (one class per pair seen in
 * training, so that IN is told apart as ADP or SCONJ and VBZ as VERB or AUX). Its features are the
 * word, its affixes and shape, the words around it, the two tags it gave just before, and the tags
 * the training text gave the word (its ambiguity class). Words the training text always tags one
 * way, and often enough, take that tag without scoring.
 */

export interface Tag {
  upos: string;
  xpos: string;
}

export interface TrainTaggerOptions {
  epochs?: number;
  seed?: number;
  /** Called after each epoch with its number and the share of training words tagged right. */
  progress?: (epoch: number, accuracy: number) => void;
}

const START = ['-START-', '-START2-'];
const END = ['-END-', '-END2-'];

// A word seen at least this often, and with one tag at least this share of the time, is unambiguous.
const UNAMBIGUOUS_COUNT = 20;
const UNAMBIGUOUS_SHARE = 0.995;

/** The word as the features read it: numbers and years folded, case kept apart in `shape`. */
export function normalize(word: string): string {
  if (/^\d{4}$/.test(word)) return '!YEAR';
  if (/^[\d.,:/-]+$/.test(word) && /\d/.test(word)) return '!DIGITS';
  if (/^(?:https?:|www\.)/i.test(word)) return '!URL';
  if (/^[^\s@]+@[^\s@]+\.[a-z]+$/i.test(word)) return '!EMAIL';
  return word.toLowerCase();
}

/** Xx, x, X, d, and the rest as themselves, runs shortened to two: "McDonald's" → Xx'x. */
export function shape(word: string): string {
  let out = '';
  let last = '';
  let run = 0;
  for (const ch of word.slice(0, 24)) {
    const kind = /\p{Lu}/u.test(ch) ? 'X' : /\p{Ll}/u.test(ch) ? 'x' : /\d/.test(ch) ? 'd' : ch;
    run = kind === last ? run + 1 : 1;
    last = kind;
    if (run <= 2) out += kind;
  }
  return out;
}

export class Tagger {
  private readonly scores: Float64Array;

  constructor(
    readonly tags: readonly string[],
    private readonly model: Perceptron,
    /** Words the training text tags one way: the class index. */
    private readonly fixed: Map<string, number>,
    /** The classes the training text gave each word, as one feature value ("NN|VB"). */
    private readonly ambiguity: Map<string, string>,
  ) {
    this.scores = new Float64Array(tags.length);
  }

  static train(sentences: readonly UdSentence[], options: TrainTaggerOptions = {}): Tagger {
    const { epochs = 8, seed = 1, progress } = options;
    const counts = new Map<string, Map<string, number>>();
    for (const s of sentences) {
      for (const w of s.words) {
        const tag = `${w.upos} ${w.xpos}`;
        const key = normalize(w.form);
        const byTag = counts.get(key) ?? new Map<string, number>();
        byTag.set(tag, (byTag.get(tag) ?? 0) + 1);
        counts.set(key, byTag);
      }
    }
    const tagCounts = new Map<string, number>();
    for (const byTag of counts.values()) for (const [t, n] of byTag) tagCounts.set(t, (tagCounts.get(t) ?? 0) + n);
    const tags = [...tagCounts.keys()].sort();
    const index = new Map(tags.map((t, i) => [t, i]));
    const { fixed, ambiguity } = lexiconOf(counts, index);
    const tagger = new Tagger(tags, new Perceptron(tags.length), fixed, ambiguity);
    const order = sentences.map((_, i) => i);
    const random = seeded(seed);
    for (let epoch = 1; epoch <= epochs; epoch++) {
      let right = 0;
      let total = 0;
      for (const i of order) {
        const words = sentences[i].words;
        const truth = words.map((w) => index.get(`${w.upos} ${w.xpos}`) ?? 0);
        const guesses = tagger.run(
          words.map((w) => w.form),
          (features, guess, at) => {
            tagger.model.tick();
            tagger.model.update(features, truth[at], guess);
          },
        );
        for (let k = 0; k < words.length; k++) if (guesses[k] === truth[k]) right++;
        total += words.length;
      }
      progress?.(epoch, right / Math.max(1, total));
      shuffle(order, random);
    }
    tagger.model.average(0.001);
    return tagger;
  }

  /** The tags of a sentence's words. */
  tag(forms: readonly string[]): Tag[] {
    return this.run(forms).map((c) => {
      const [upos, xpos] = this.tags[c].split(' ');
      return { upos, xpos };
    });
  }

  /**
   * Tags left to right, each word seeing the tags given before it. In training, `learn` sees each
   * decision (its features and the guess) and updates the weights; the next words still see the
   * guess, as they will when tagging new text.
   */
  private run(forms: readonly string[], learn?: (features: string[], guess: number, at: number) => void): number[] {
    const words = forms.map(normalize);
    const context = [...START, ...words, ...END];
    const out: number[] = [];
    let prev = '-START-';
    let prev2 = '-START2-';
    const capitals = forms.every((w) => !/\p{Ll}/u.test(w));
    for (let i = 0; i < words.length; i++) {
      let guess = this.fixed.get(words[i]);
      if (guess === undefined) {
        const features = this.features(i, forms, context, prev, prev2, capitals);
        guess = argmax(this.model.score(features, this.scores));
        learn?.(features, guess, i);
      }
      out.push(guess);
      prev2 = prev;
      prev = this.tags[guess];
    }
    return out;
  }

  private features(
    i: number,
    forms: readonly string[],
    context: string[],
    prev: string,
    prev2: string,
    capitals: boolean,
  ): string[] {
    const at = i + 2;
    const form = forms[i];
    const word = context[at];
    const before = context[at - 1];
    const after = context[at + 1];
    const f = [
      'b',
      `w ${word}`,
      `s1 ${word.slice(-1)}`,
      `s2 ${word.slice(-2)}`,
      `s3 ${word.slice(-3)}`,
      `s4 ${word.slice(-4)}`,
      `p1 ${word[0]}`,
      `p2 ${word.slice(0, 2)}`,
      `p3 ${word.slice(0, 3)}`,
      `sh ${shape(form)}`,
      `t1 ${prev}`,
      `t2 ${prev2}`,
      `t12 ${prev} ${prev2}`,
      `t1w ${prev} ${word}`,
      `w-1 ${before}`,
      `w-1s3 ${before.slice(-3)}`,
      `w-2 ${context[at - 2]}`,
      `w+1 ${after}`,
      `w+1s3 ${after.slice(-3)}`,
      `w+2 ${context[at + 2]}`,
      `w-1w ${before} ${word}`,
      `ww+1 ${word} ${after}`,
      `t1w+1 ${prev} ${after}`,
      `a ${this.ambiguity.get(word) ?? '?'}`,
      `a+1 ${this.ambiguity.get(after) ?? after}`,
      `a+2 ${this.ambiguity.get(context[at + 2]) ?? '?'}`,
      `t1a ${prev} ${this.ambiguity.get(word) ?? '?'}`,
    ];
    // Case tells a name from a noun, but not at the start of a sentence or in a line of capitals.
    if (i === 0) f.push(`first ${shape(form).slice(0, 2)}`);
    else if (/^\p{Lu}/u.test(form)) f.push(`W ${form}`, `cap ${word.slice(-3)}`);
    f.push(
      `sh-1 ${i > 0 ? shape(forms[i - 1]).slice(0, 3) : '^'}`,
      `sh+1 ${i + 1 < forms.length ? shape(forms[i + 1]).slice(0, 3) : '$'}`,
    );
    if (i > 0 && capitals) f.push('allcaps');
    if (form.includes('-')) f.push('hyphen');
    return f;
  }

  serialize(): string {
    const lexicon = [...this.ambiguity].map(([w, a]) => `${w}\t${a}\t${this.fixed.get(w) ?? ''}`);
    return [`# tags\t${this.tags.join('\t')}`, ...lexicon.map((line) => `L\t${line}`), '# weights', this.model.serialize()].join(
      '\n',
    );
  }

  static parse(text: string): Tagger {
    const split = text.indexOf('\n# weights\n');
    if (!text.startsWith('# tags\t') || split < 0) throw new Error('tagger model: not a tagger model');
    const head = text.slice(0, split).split('\n');
    const tags = head[0].split('\t').slice(1);
    const fixed = new Map<string, number>();
    const ambiguity = new Map<string, string>();
    for (const line of head.slice(1)) {
      const [, word, classes, fixedAt] = line.split('\t');
      ambiguity.set(word, classes);
      if (fixedAt) fixed.set(word, Number(fixedAt));
    }
    return new Tagger(tags, Perceptron.parse(text.slice(split + 11), tags.length), fixed, ambiguity);
  }
}

function lexiconOf(counts: Map<string, Map<string, number>>, index: Map<string, number>) {
  const fixed = new Map<string, number>();
  const ambiguity = new Map<string, string>();
  for (const [word, byTag] of counts) {
    let total = 0;
    let best = '';
    let bestCount = 0;
    for (const [t, n] of byTag) {
      total += n;
      if (n > bestCount) [best, bestCount] = [t, n];
    }
    // A tag given less than 5% of the time is left out of the class: mostly annotation noise.
    const usual = [...byTag]
      .filter(([, n]) => n / total >= 0.05)
      .map(([t]) => t.split(' ')[1])
      .sort();
    if (total >= 2) ambiguity.set(word, [...new Set(usual)].join('|'));
    if (total >= UNAMBIGUOUS_COUNT && bestCount / total >= UNAMBIGUOUS_SHARE) fixed.set(word, index.get(best) ?? 0);
  }
  return { fixed, ambiguity };
}

export function argmax(scores: ArrayLike<number>, allowed?: (i: number) => boolean): number {
  let best = -1;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < scores.length; i++) {
    if (allowed && !allowed(i)) continue;
    if (scores[i] > bestScore) [best, bestScore] = [i, scores[i]];
  }
  return best < 0 ? 0 : best;
}

/** A small seeded generator (mulberry32), so that training gives the same model each run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], random: () => number) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
}
