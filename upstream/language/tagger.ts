import { featureKey, hashString, Perceptron } from './perceptron';
import { runNow, type Steps } from '../platform/steps';
import type { UdSentence } from './ud';

/*
 * The part-of-speech tagger: averaged perceptrons that give each word its universal part of speech
 * and its Penn Treebank tag at once (one class per pair seen in training, so that IN is told apart
 * as ADP or SCONJ and VBZ as VERB or AUX). Its features are the word, its affixes and shape, the
 * words around it, the two tags given just before, and the tags the training text gave the word
 * (its ambiguity class). Two taggers read the sentence, one left to right and one right to left
 * (so that one has seen the tags after the word), and each word takes the class their scores
 * added favour. Words the training text always tags one way, and often enough, take that tag
 * without scoring.
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
  const end = Math.min(word.length, 24);
  for (let i = 0; i < end; i++) {
    const code = word.charCodeAt(i);
    const ch = word[i];
    const kind =
      code >= 65 && code <= 90
        ? 'X'
        : code >= 97 && code <= 122
          ? 'x'
          : code >= 48 && code <= 57
            ? 'd'
            : code < 128
              ? ch
              : /\p{Lu}/u.test(ch)
                ? 'X'
                : /\p{Ll}/u.test(ch)
                  ? 'x'
                  : /\d/u.test(ch)
                    ? 'd'
                    : ch;
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
    /** Left to right, and right to left. */
    private readonly models: readonly [Perceptron<number>, Perceptron<number>],
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
    const tagger = new Tagger(tags, [new Perceptron<number>(tags.length), new Perceptron<number>(tags.length)], fixed, ambiguity);
    const order = sentences.map((_, i) => i);
    const random = seeded(seed);
    for (let epoch = 1; epoch <= epochs; epoch++) {
      let right = 0;
      let total = 0;
      for (const i of order) {
        const words = sentences[i].words;
        const truth = words.map((w) => index.get(`${w.upos} ${w.xpos}`) ?? 0);
        const forms = words.map((w) => w.form);
        for (const direction of [0, 1] as const) {
          const model = tagger.models[direction];
          const guesses = tagger.run(forms, direction, null, (features, guess, at) => {
            model.tick();
            model.update(features, truth[at], guess);
          });
          if (direction === 0) for (let k = 0; k < words.length; k++) if (guesses[k] === truth[k]) right++;
        }
        total += words.length;
      }
      progress?.(epoch, right / Math.max(1, total));
      shuffle(order, random);
    }
    for (const model of tagger.models) model.average(0.001);
    return tagger;
  }

  /** The tags of a sentence's words. */
  tag(forms: readonly string[]): Tag[] {
    const scores = forms.map(() => new Float64Array(this.tags.length));
    // The strings are hashed once; the right-to-left reading takes them reversed.
    const atoms = this.atoms(forms);
    const forward = this.run(forms, 0, scores, undefined, atoms);
    this.run(forms, 1, scores, undefined, this.reversed(atoms));
    return forward.map((guess, k) => {
      // A fixed word was not scored: its tag stands.
      const c = this.fixed.has(normalize(forms[k])) ? guess : argmax(scores[k]);
      const [upos, xpos] = this.tags[c].split(' ');
      return { upos, xpos };
    });
  }

  /**
   * Tags in one direction (0 left to right, 1 right to left), each word seeing the tags given
   * before it in that direction; adds each word's scores into `sum` when given. In training,
   * `learn` sees each decision (its features and the guess) and updates the weights; the next
   * words still see the guess, as they will when tagging new text. Answers in sentence order.
   */
  private run(
    sentence: readonly string[],
    direction: 0 | 1,
    sum: Float64Array[] | null,
    learn?: (features: number[], guess: number, at: number) => void,
    given?: Atoms,
  ): number[] {
    const forms = direction === 0 ? sentence : [...sentence].reverse();
    const at = (i: number) => (direction === 0 ? i : forms.length - 1 - i);
    const model = this.models[direction];
    const words = forms.map(normalize);
    const atoms = given ?? this.atoms(forms);
    const out: number[] = [];
    // The tags before the sentence are numbers no class has.
    let prev = -1;
    let prev2 = -2;
    for (let i = 0; i < words.length; i++) {
      let guess = this.fixed.get(words[i]);
      if (guess === undefined) {
        const features = this.features(i, atoms, prev, prev2, direction);
        const scores = model.score(features, this.scores);
        guess = argmax(scores);
        if (sum) for (let c = 0; c < scores.length; c++) sum[at(i)][c] += scores[c];
        learn?.(features, guess, at(i));
      }
      out.push(guess);
      prev2 = prev;
      prev = guess;
    }
    return direction === 0 ? out : out.reverse();
  }

  /**
   * The features of word i (in reading order), each a number: the template and the hashes of the
   * strings it reads, mixed into 30 bits (see featureKey). Strings are hashed once per word.
   */
  private features(i: number, x: Atoms, prev: number, prev2: number, direction: 0 | 1): number[] {
    const at = i + 2;
    const w = x.word[at];
    const amb = x.ambiguity[at];
    const f = [
      featureKey(1, 0),
      featureKey(2, w),
      featureKey(3, x.suffix1[at]),
      featureKey(4, x.suffix2[at]),
      featureKey(5, x.suffix3[at]),
      featureKey(6, x.suffix4[at]),
      featureKey(7, x.prefix1[at]),
      featureKey(8, x.prefix2[at]),
      featureKey(9, x.prefix3[at]),
      featureKey(10, x.shape[at]),
      featureKey(11, prev),
      featureKey(12, prev2),
      featureKey(13, prev, prev2),
      featureKey(14, prev, w),
      featureKey(15, x.word[at - 1]),
      featureKey(16, x.suffix3[at - 1]),
      featureKey(17, x.word[at - 2]),
      featureKey(18, x.word[at + 1]),
      featureKey(19, x.suffix3[at + 1]),
      featureKey(20, x.word[at + 2]),
      featureKey(21, x.word[at - 1], w),
      featureKey(22, w, x.word[at + 1]),
      featureKey(23, prev, x.word[at + 1]),
      featureKey(24, amb),
      featureKey(25, x.ambiguity[at + 1] || x.word[at + 1]),
      featureKey(26, x.ambiguity[at + 2]),
      featureKey(27, prev, amb),
      featureKey(28, x.shape3[at - 1]),
      featureKey(29, x.shape3[at + 1]),
    ];
    // Case tells a name from a noun, but not at the start of a sentence or in a line of capitals.
    if (i === (direction === 0 ? 0 : x.length - 1)) f.push(featureKey(30, x.shape2[at]));
    else if (x.capitalized[at]) f.push(featureKey(31, x.form[at]), featureKey(32, x.suffix3[at]));
    if (i > 0 && x.allCapitals) f.push(featureKey(33, 0));
    if (x.hyphen[at]) f.push(featureKey(34, 0));
    return f;
  }

  /** What `atoms` gives for the words reversed: the inner words turned round, the padding kept. */
  private reversed(a: Atoms): Atoms {
    const turn = <T extends Int32Array | Uint8Array>(array: T): T => {
      const out = array.slice() as T;
      out.subarray(2, array.length - 2).reverse();
      return out;
    };
    return {
      ...a,
      word: turn(a.word),
      form: turn(a.form),
      suffix1: turn(a.suffix1),
      suffix2: turn(a.suffix2),
      suffix3: turn(a.suffix3),
      suffix4: turn(a.suffix4),
      prefix1: turn(a.prefix1),
      prefix2: turn(a.prefix2),
      prefix3: turn(a.prefix3),
      shape: turn(a.shape),
      shape2: turn(a.shape2),
      shape3: turn(a.shape3),
      ambiguity: turn(a.ambiguity),
      capitalized: turn(a.capitalized),
      hyphen: turn(a.hyphen),
    };
  }

  /** The strings the features read, hashed once per word, with two words of padding each side. */
  private atoms(forms: readonly string[]): Atoms {
    const padded = ['-START-', '-START2-', ...forms, '-END-', '-END2-'];
    const words = padded.map((form, k) => (k < 2 || k >= forms.length + 2 ? form : normalize(form)));
    const h = hashString;
    const shapes = padded.map((w, k) => (k < 2 || k >= forms.length + 2 ? w : shape(w)));
    return {
      length: forms.length,
      word: Int32Array.from(words, h),
      form: Int32Array.from(padded, h),
      suffix1: Int32Array.from(words, (w) => h(w.slice(-1))),
      suffix2: Int32Array.from(words, (w) => h(w.slice(-2))),
      suffix3: Int32Array.from(words, (w) => h(w.slice(-3))),
      suffix4: Int32Array.from(words, (w) => h(w.slice(-4))),
      prefix1: Int32Array.from(words, (w) => h(w.slice(0, 1))),
      prefix2: Int32Array.from(words, (w) => h(w.slice(0, 2))),
      prefix3: Int32Array.from(words, (w) => h(w.slice(0, 3))),
      shape: Int32Array.from(shapes, h),
      shape2: Int32Array.from(shapes, (w) => h(w.slice(0, 2))),
      shape3: Int32Array.from(shapes, (w, k) => (k < 2 || k >= forms.length + 2 ? 0 : h(w.slice(0, 3)))),
      ambiguity: Int32Array.from(words, (w) => {
        const a = this.ambiguity.get(w);
        return a ? h(a) : 0;
      }),
      capitalized: Uint8Array.from(padded, (w) => (/^\p{Lu}/u.test(w) ? 1 : 0)),
      hyphen: Uint8Array.from(padded, (w) => (w.includes('-') ? 1 : 0)),
      allCapitals: forms.every((w) => !/\p{Ll}/u.test(w)),
    };
  }

  serialize(): string {
    const lexicon = [...this.ambiguity].map(([w, a]) => `${w}\t${a}\t${this.fixed.get(w) ?? ''}`);
    return [
      `# tags\t${this.tags.join('\t')}`,
      ...lexicon.map((line) => `L\t${line}`),
      '# weights',
      this.models[0].serialize(),
      '# backward',
      this.models[1].serialize(),
    ].join('\n');
  }

  static parse(text: string): Tagger {
    return runNow(Tagger.parsing(text));
  }

  /** `parse` in steps (`../platform/steps`). */
  static *parsing(text: string): Steps<Tagger> {
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
    const weights = text.slice(split + 11);
    const back = weights.indexOf('\n# backward\n');
    if (back < 0) throw new Error('tagger model: no backward weights');
    const forward = yield* Perceptron.parsing<number>(weights.slice(0, back), tags.length, true);
    const backward = yield* Perceptron.parsing<number>(weights.slice(back + 12), tags.length, true);
    return new Tagger(tags, [forward, backward], fixed, ambiguity);
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
  return Math.max(best, 0);
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

interface Atoms {
  length: number;
  word: Int32Array;
  form: Int32Array;
  suffix1: Int32Array;
  suffix2: Int32Array;
  suffix3: Int32Array;
  suffix4: Int32Array;
  prefix1: Int32Array;
  prefix2: Int32Array;
  prefix3: Int32Array;
  shape: Int32Array;
  shape2: Int32Array;
  shape3: Int32Array;
  ambiguity: Int32Array;
  capitalized: Uint8Array;
  hyphen: Uint8Array;
  allCapitals: boolean;
}
