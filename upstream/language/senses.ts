import { existsSync } from 'node:fs';
import path from 'node:path';
import { readModelFile, readModelFileSoon, withoutProvenance } from './model-file';
import { type Lazy, lazily, runBetweenEvents, runNow, type Steps } from '../platform/steps';
import { MODELS_DIR } from './pipeline';
import { featureKey, hashString } from './perceptron';
import { seeded, shuffle } from './tagger';
import type { UdWord } from './ud';

/*
 * The sense that fits a word in its sentence, learnt from a sense-tagged corpus (SemCor, issue 31):
 * for each lemma and part of speech, a softmax over its senses, scored by features the field has
 * long used (the words around the target by position and their tags, the sentence's content
 * words, the inflected form) and by the parse (the word's relation and head, its dependents: a
 * verb's subject and object, a noun's modifiers, a particle). One weight table serves every lemma:
 * a weight belongs to a feature and a sense key together, so a feature is evidence only for the
 * senses it was seen with. Each sense also has a bias, which learns how common it is.
 *
 * Trained by stochastic gradient descent on the log-loss, the scores are probabilities; a
 * temperature chosen on held-out folds calibrates them, so the product can tell a sure answer
 * from a guess.
 */

/** One training or test case: the word's lemma and part of speech, its sentence, where it is. */
export interface SenseCase {
  lemma: string;
  pos: string;
  /** The sentence as the tagger and parser give it (tags, lemmas, the tree). */
  words: readonly UdWord[];
  /** The target's index in `words`. */
  target: number;
  /** The class of the sentence's content words (lexicalClasses), for features that generalise. */
  classOf?: WordClass;
}

/** A content word's class by its lemma and Universal tag, or undefined. */
export type WordClass = (lemma: string, upos: string) => string | undefined;

const WN_POS: Record<string, string> = { NOUN: 'n', PROPN: 'n', VERB: 'v', ADJ: 'a', ADV: 'r' };

/**
 * A word's class as WordNet's lexicographers filed its first sense ("1:14", a group of people;
 * "2:38", a verb of motion), read from the sense key; a name WordNet lacks is "name". Given these,
 * the model reads the class of a verb's head and dependents beside their lemmas, so that
 * "exercise power" and "exercise authority" are one evidence (senseFeatures says for which
 * targets). Measured, not in the product's model (bench:sense-semcor --classes; bench/README.md,
 * fourteenth and fifteenth passes): query_word's sample on SemCor gains 69.4% → 69.6% without
 * names (verbs 64.2 → 64.7%), the project's 500 targets lose one (60.8% → 60.6%).
 */
export function lexicalClasses(sensesOf: (lemma: string) => readonly { key: string; pos: string }[]): WordClass {
  const memo = new Map<string, string | undefined>();
  return (lemma, upos) => {
    const pos = WN_POS[upos];
    if (!pos) return undefined;
    const key = `${lemma}\t${upos}`;
    if (!memo.has(key)) {
      const first = sensesOf(lemma).find((s) => s.pos === pos);
      memo.set(key, first ? first.key.split('%')[1]?.split(':').slice(0, 2).join(':') : upos === 'PROPN' ? 'name' : undefined);
    }
    return memo.get(key);
  };
}

const CONTENT = /^(?:NOUN|VERB|ADJ|ADV|PROPN)$/;

/**
 * Targets whose features read the words' classes: verbs, whose senses the classes of their
 * subjects and objects tell apart, but not "be", read from its complement's word ("be a doctor",
 * "be in London"). A noun's or an adjective's senses follow the words around it more than their
 * classes: with them query_word's adjectives fell 76.6% → 75.5% on SemCor's sample, and nouns
 * lost "the case with those who get into trouble" and "forty students in our class" of the
 * project's 500 targets.
 */
const readsClasses = (lemma: string, pos: string) => pos === 'v' && lemma !== 'be';

/** The features of a case, as strings (the model hashes them). */
export function senseFeatures({ lemma: targetLemma, pos, words, target, classOf: given }: SenseCase): string[] {
  const classOf = readsClasses(targetLemma, pos) ? given : undefined;
  const word = (k: number) => words[k]?.form.toLowerCase() ?? (k < 0 ? '<s>' : '</s>');
  const tag = (k: number) => words[k]?.xpos ?? (k < 0 ? '<s>' : '</s>');
  const lemma = (w: UdWord) => w.lemma.toLowerCase();
  const t = words[target];
  const f = [
    `form=${word(target)}`,
    `tag=${tag(target)}`,
    `w-1=${word(target - 1)}`,
    `w+1=${word(target + 1)}`,
    `w-2=${word(target - 2)}`,
    `w+2=${word(target + 2)}`,
    `t-1=${tag(target - 1)}`,
    `t+1=${tag(target + 1)}`,
    `t-2=${tag(target - 2)}`,
    `t+2=${tag(target + 2)}`,
    `w-1+1=${word(target - 1)}_${word(target + 1)}`,
    `w-2-1=${word(target - 2)}_${word(target - 1)}`,
    `w+1+2=${word(target + 1)}_${word(target + 2)}`,
  ];
  // The sentence's content words, once each.
  const seen = new Set<string>();
  for (const [k, w] of words.entries()) {
    if (k === target || !CONTENT.test(w.upos)) continue;
    const l = lemma(w);
    if (l.length > 1 && !seen.has(l)) {
      seen.add(l);
      f.push(`bag=${l}`);
    }
  }
  // The tree: the word's relation and head, and its dependents by relation.
  if (t) {
    const head = words[t.head - 1];
    f.push(`rel=${t.deprel}`);
    if (head) f.push(`head=${t.deprel}:${lemma(head)}`);
    const headClass = head && CONTENT.test(head.upos) ? classOf?.(lemma(head), head.upos) : undefined;
    if (headClass) f.push(`headc=${t.deprel}:${headClass}`);
    for (const [k, w] of words.entries()) {
      if (w.head !== target + 1 || w.upos === 'PUNCT') continue;
      // A prepositional dependent is read with its preposition (depend on, interest in).
      const preposition = words.find((c) => c.head === k + 1 && c.deprel === 'case');
      const relation = preposition ? `${w.deprel}:${preposition.form.toLowerCase()}` : w.deprel;
      f.push(`dep=${relation}:${CONTENT.test(w.upos) ? lemma(w) : w.upos}`);
      const depClass = CONTENT.test(w.upos) ? classOf?.(lemma(w), w.upos) : undefined;
      if (depClass) f.push(`depc=${relation}:${depClass}`);
      if (w.deprel === 'compound:prt') f.push(`prt=${lemma(w)}`);
      if (preposition) f.push(`prep=${preposition.form.toLowerCase()}`);
    }
  }
  return f;
}

/** How the annotators read a form the tagger tagged so: each lemma and part of speech, how often. */
export interface FormReading {
  lemma: string;
  pos: string;
  count: number;
}

/** The coarse class of a Penn tag, for a form seen too rarely with the tag itself (VBN → VB). */
const coarseTag = (xpos: string) => `~${xpos.slice(0, 2)}`;

/** The senses of a lemma and part of speech the model knows, most frequent in training first. */
export interface SenseInventory {
  senses: string[];
  /** How many training cases the lemma had. */
  examples: number;
  /** How many of them each sense had (a case with two gold senses counts half to each). */
  counts: number[];
  /** Each sense's hash, which its weights are keyed by with the feature's. */
  hashes: number[];
}

const inventoryOf = (senses: string[], examples: number, counts: number[]): SenseInventory => ({
  senses,
  examples,
  counts,
  hashes: senses.map(hashString),
});

/**
 * How many pseudo-examples of its training counts a lemma's prediction is drawn toward:
 * p = (n·model + k·counts) / (n + k) for a lemma seen n times. A lemma seen three times has learnt
 * its neighbours from three sentences ("leave": two absences from work, one permission); its
 * counts say more than those. Chosen on held-out folds of SemCor (bench:sense-semcor --shrink).
 */
export const PRIOR_EXAMPLES = 10;

/**
 * The temperature the product's model is read at. The held-out folds of SemCor find the model
 * best calibrated at 1.5 with the training counts mixed in (2 without), but the context weight of
 * sense-choice.ts was chosen with the model read at 2, and read at 1.5 the model's probabilities
 * outweigh what the sentence says ("took a piece of cake" became "carry out"): 2 it stays.
 */
export const TEMPERATURE = 2;

/**
 * The weights of a model that answers (not one that learns): an open-addressing table in typed
 * arrays, keys in one and weights in the other. A Map of a few million numbers holds hundreds of
 * MB; this holds eight bytes a weight, twice over for room.
 */
class WeightTable {
  private readonly mask: number;
  private readonly keys: Int32Array;
  private readonly values: Float32Array;

  constructor(count: number) {
    let size = 1024;
    while (size < count * 2) size *= 2;
    this.mask = size - 1;
    this.keys = new Int32Array(size).fill(-1);
    this.values = new Float32Array(size);
  }

  /** Keys are featureKey's, 30 bits and never negative, so -1 marks a free slot. */
  set(key: number, weight: number) {
    let slot = Math.imul(key, 0x9e3779b1) & this.mask;
    while (this.keys[slot] !== -1 && this.keys[slot] !== key) slot = (slot + 1) & this.mask;
    this.keys[slot] = key;
    this.values[slot] = weight;
  }

  get(key: number): number | undefined {
    let slot = Math.imul(key, 0x9e3779b1) & this.mask;
    for (;;) {
      const found = this.keys[slot];
      if (found === key) return this.values[slot];
      if (found === -1) return undefined;
      slot = (slot + 1) & this.mask;
    }
  }

  *entries(): Generator<[number, number]> {
    for (let slot = 0; slot <= this.mask; slot++) if (this.keys[slot] !== -1) yield [this.keys[slot], this.values[slot]];
  }

  /** The memory it holds, in bytes. */
  get bytes() {
    return this.keys.byteLength + this.values.byteLength;
  }
}

type Weights = Map<number, number> | WeightTable;

export interface TrainOptions {
  epochs?: number;
  /** The learning rate at the first epoch; it decays as 1 / (1 + epoch). */
  rate?: number;
  /** L2 penalty, applied to the weights a case touches. */
  l2?: number;
  seed?: number;
  /**
   * Whether the weights kept are the average of the weights after every step (averaged SGD),
   * rather than the last ones: the same model whichever order the cases come in.
   */
  average?: boolean;
  /** The words' classes the features read (lexicalClasses); the model must be read with the same. */
  classOf?: WordClass;
}

/** A case with its gold senses (a word the annotators gave two senses counts for both). */
export interface LabelledCase extends SenseCase {
  gold: readonly string[];
}

const BIAS = 'bias';

/** Counts a reading under a key: added to the same lemma and part of speech, or listed anew. */
function addReading(readings: Map<string, FormReading[]>, key: string, { lemma, pos, count }: FormReading) {
  const list = readings.get(key) ?? [];
  const found = list.find((r) => r.lemma === lemma && r.pos === pos);
  if (found) found.count += count;
  else list.push({ lemma, pos, count });
  readings.set(key, list);
}

/**
 * The tag under which a form's readings as a passive participle are kept (the parser found a
 * passive auxiliary on it: "was married", "were measured"), apart from its other VBN uses.
 */
export const PASSIVE_TAG = 'PASS';

/** Whether the tree's word `target` is a participle with a passive auxiliary ("was renewed"). */
export function passiveParticiple(words: readonly UdWord[], target: number): boolean {
  return words[target]?.xpos === 'VBN' && words.some((x) => x.head === target + 1 && x.deprel === 'aux:pass');
}

/**
 * The tags under which a form's readings in a noun phrase are kept apart from its other uses with
 * the same tag: a singular noun modifying the noun after it ("the west harbor", "a surface
 * charge"), and an adjective standing for its noun as a subject, an object or a preposition's
 * ("the latter plays", "much of it", "the dead"). SemCor's annotators read such words as the
 * adjective or the noun by the word, not by the construction (of the modifiers whose lemma they
 * tag as both, 336 adjectives to 240 nouns; of the adjectives standing for a noun, 472 to 275).
 */
export const MODIFIER_TAG = 'MOD';
export const NOMINAL_TAG = 'NOM';

const NOMINAL_RELATION = /^(?:nsubj|nsubj:pass|obj|iobj|obl|nmod|nmod:poss|appos)$/;

/** The tree's word `target` as a singular noun modifying a noun after it ("the twelfth hole"). */
export function modifyingNoun(words: readonly UdWord[], target: number): boolean {
  const word = words[target];
  return (word?.xpos === 'NN' || word?.xpos === 'NNP') && word.deprel === 'compound' && word.head > target + 1;
}

/** The construction tag (PASSIVE_TAG, MODIFIER_TAG, NOMINAL_TAG) of the tree's word `target`, if it has one. */
export function constructionTag(words: readonly UdWord[], target: number): string | undefined {
  if (passiveParticiple(words, target)) return PASSIVE_TAG;
  if (modifyingNoun(words, target)) return MODIFIER_TAG;
  const word = words[target];
  if (word?.xpos === 'JJ' && NOMINAL_RELATION.test(word.deprel)) return NOMINAL_TAG;
  return undefined;
}

const CONSTRUCTION_TAGS = new Set([PASSIVE_TAG, MODIFIER_TAG, NOMINAL_TAG]);

/** The cases' readings of each form and tag (multiword lemmas left out: their head is no form of theirs). */
function formReadings(cases: readonly LabelledCase[]): Map<string, FormReading[]> {
  const out = new Map<string, FormReading[]>();
  for (const c of cases) {
    const w = c.words[c.target];
    if (!w || c.lemma.includes('_')) continue;
    const reading = { lemma: c.lemma, pos: c.pos, count: 1 };
    addReading(out, `${w.form.toLowerCase()}\t${w.xpos}`, reading);
    const construction = constructionTag(c.words, c.target);
    if (construction) addReading(out, `${w.form.toLowerCase()}\t${construction}`, reading);
  }
  return withCoarse(out);
}

/** Adds each form's readings per coarse tag, summed over its tags, and sorts every list commonest first. */
function withCoarse(readings: Map<string, FormReading[]>): Map<string, FormReading[]> {
  for (const [key, list] of [...readings]) {
    const [form, xpos] = key.split('\t');
    if (xpos.startsWith('~') || CONSTRUCTION_TAGS.has(xpos)) continue;
    for (const r of list) addReading(readings, `${form}\t${coarseTag(xpos)}`, r);
  }
  for (const list of readings.values()) list.sort((a, b) => b.count - a.count);
  return readings;
}

export class SenseModel {
  private constructor(
    /** lemma\tpos → its senses. */
    readonly inventory: Map<string, SenseInventory>,
    private readonly weights: Weights,
    /** Divides the scores before the softmax: chosen on held-out folds. */
    public temperature = 1,
    /** How many pseudo-examples of the training counts `predict` mixes in (PRIOR_EXAMPLES). */
    public prior = PRIOR_EXAMPLES,
    /**
     * `form\txpos` → how the annotators read the form so tagged ("later" as an adjective: later,
     * not late; "data": data, not datum), and the same per coarse tag (`form\t~VB`).
     */
    readonly readings = new Map<string, FormReading[]>(),
  ) {}

  static key(lemma: string, pos: string) {
    return `${lemma}\t${pos}`;
  }

  /**
   * Trains on labelled cases. A lemma's senses are the ones its cases carry (a sense never seen
   * cannot be learnt; the product falls back to WordNet's order for those).
   */
  static train(cases: readonly LabelledCase[], options: TrainOptions = {}): SenseModel {
    const { epochs = 4, rate = 0.3, l2 = 1e-5, seed = 1, average = false, classOf } = options;
    const counts = new Map<string, Map<string, number>>();
    for (const c of cases) {
      const id = SenseModel.key(c.lemma, c.pos);
      const byKey = counts.get(id) ?? new Map<string, number>();
      for (const g of c.gold) byKey.set(g, (byKey.get(g) ?? 0) + 1 / c.gold.length);
      counts.set(id, byKey);
    }
    const inventory = new Map<string, SenseInventory>();
    for (const [id, byKey] of counts) {
      const sorted = [...byKey].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      let examples = 0;
      for (const n of byKey.values()) examples += n;
      inventory.set(
        id,
        inventoryOf(
          sorted.map(([k]) => k),
          Math.round(examples),
          sorted.map(([, n]) => n),
        ),
      );
    }
    const model = new SenseModel(inventory, new Map(), 1, PRIOR_EXAMPLES, formReadings(cases));
    // Only lemmas with a choice to make are trained; the features are hashed once per case.
    const trainable = cases
      .filter((c) => (inventory.get(SenseModel.key(c.lemma, c.pos))?.senses.length ?? 0) > 1)
      .map((c) => ({ c, features: [...senseFeatures(classOf ? { ...c, classOf } : c), BIAS].map(hashString) }));
    const random = seeded(seed);
    // Averaging keeps, for each weight, the sum of its changes each weighted by the step they were
    // made at: the average over all steps is then the last weight less that sum over the steps.
    const averaging = average ? { steps: 0, sums: new Map<number, number>() } : undefined;
    for (let epoch = 0; epoch < epochs; epoch++) {
      shuffle(trainable, random);
      const step = rate / (1 + epoch);
      for (const { c, features } of trainable) {
        if (averaging) averaging.steps++;
        model.learn(c, features, step, l2, averaging);
      }
    }
    if (averaging) {
      const weights = model.weights as Map<number, number>;
      const steps = averaging.steps + 1;
      for (const [key, sum] of averaging.sums) {
        const w = (weights.get(key) ?? 0) - sum / steps;
        if (w === 0) weights.delete(key);
        else weights.set(key, w);
      }
    }
    return model;
  }

  /** One gradient step of the log-loss on one case. */
  private learn(
    c: LabelledCase,
    features: number[],
    step: number,
    l2: number,
    averaging?: { steps: number; sums: Map<number, number> },
  ) {
    const weights = this.weights;
    if (!(weights instanceof Map)) throw new Error('sense model: a model read from its file does not learn');
    const entry = this.inventory.get(SenseModel.key(c.lemma, c.pos));
    if (!entry) return;
    const p = this.softmax(entry, features, 1);
    for (const [k, sense] of entry.senses.entries()) {
      const target = c.gold.includes(sense) ? 1 / c.gold.length : 0;
      const g = p[k] - target;
      if (Math.abs(g) < 1e-4) continue;
      for (const f of features) {
        const key = featureKey(40, f, entry.hashes[k]);
        const w = weights.get(key) ?? 0;
        const change = -step * (g + l2 * w);
        const next = w + change;
        if (next === 0) weights.delete(key);
        else weights.set(key, next);
        if (averaging) averaging.sums.set(key, (averaging.sums.get(key) ?? 0) + averaging.steps * change);
      }
    }
  }

  private softmax(entry: SenseInventory, features: readonly number[], temperature: number): number[] {
    const scores = entry.hashes.map((s) => {
      let total = 0;
      for (const f of features) total += this.weights.get(featureKey(40, f, s)) ?? 0;
      return total / temperature;
    });
    const top = Math.max(...scores);
    const e = scores.map((x) => Math.exp(x - top));
    const sum = e.reduce((a, b) => a + b, 0);
    return e.map((x) => x / sum);
  }

  /**
   * The model as text: a head line with the temperature, a line per lemma and part of speech
   * ("S", lemma, pos, examples, its senses), a line per form and tag with the annotators' readings
   * ("R", form, tag, lemma|pos|count …), then a line per weight in the order of their keys
   * ("D", the key's distance from the one before in base 36, the weight to `digits` significant
   * digits: sorted keys are close, so the file is half the size). Weights smaller than `prune`
   * are left out.
   */
  serialize(digits = 3, prune = 0): string {
    const lines = [`# senses\t${this.temperature}`];
    for (const [id, { senses, examples, counts }] of this.inventory)
      lines.push(`S\t${id}\t${examples}\t${senses.map((x, k) => `${x}=${Number(counts[k].toFixed(1))}`).join(' ')}`);
    // A form's readings per fine tag ("R", form, tag, lemma|pos|count …); the coarse ones are summed on reading.
    for (const [key, list] of this.readings)
      if (!key.includes('\t~')) lines.push(`R\t${key}\t${list.map((r) => `${r.lemma}|${r.pos}|${r.count}`).join(' ')}`);
    const kept = [...this.weights.entries()].filter(([, w]) => Math.abs(w) >= prune && w !== 0).sort((a, b) => a[0] - b[0]);
    let last = 0;
    for (const [key, w] of kept) {
      lines.push(`D\t${(key - last).toString(36)}\t${Number(w.toPrecision(digits))}`);
      last = key;
    }
    return lines.join('\n');
  }

  /** Reads `serialize`'s text; throws when it is not a sense model. */
  static parse(text: string): SenseModel {
    return runNow(SenseModel.parsing(text));
  }

  /** `parse` in steps of 50,000 lines, for a server to read its model between requests. */
  static *parsing(text: string): Steps<SenseModel> {
    // The file's first lines say where it came from (# …) before the model's own head line.
    const lines = withoutProvenance(text).split('\n');
    const head = /^# senses\t([\d.]+)$/.exec(lines[0] ?? '');
    if (!head) throw new Error('sense model: not a sense model');
    const inventory = new Map<string, SenseInventory>();
    const readings = new Map<string, FormReading[]>();
    let count = 0;
    for (let k = 1; k < lines.length; k++) if (lines[k].startsWith('D\t')) count++;
    const weights = new WeightTable(count);
    let key = 0;
    for (let k = 1; k < lines.length; k++) {
      if (k % 50_000 === 0) yield;
      const line = lines[k];
      const parts = line.split('\t');
      if (parts[0] === 'S' && parts.length === 5) {
        // Each sense with its training count (sense=count).
        const items = parts[4].split(' ').map((x) => x.split('='));
        inventory.set(
          SenseModel.key(parts[1], parts[2]),
          inventoryOf(
            items.map(([x]) => x),
            Number(parts[3]),
            items.map(([, n]) => Number(n ?? 0)),
          ),
        );
      } else if (parts[0] === 'R' && parts.length === 4) {
        readings.set(
          `${parts[1]}\t${parts[2]}`,
          parts[3].split(' ').map((x) => {
            const [lemma, pos, n] = x.split('|');
            return { lemma, pos, count: Number(n) };
          }),
        );
      } else if (parts[0] === 'D' && parts.length === 3) {
        key += Number.parseInt(parts[1], 36);
        weights.set(key, Number(parts[2]));
      } else if (line) throw new Error(`sense model: bad line "${line.slice(0, 40)}"`);
    }
    return new SenseModel(inventory, weights, Number(head[1]), PRIOR_EXAMPLES, withCoarse(readings));
  }

  /**
   * How the annotators read the form with this tag, from `least` cases up: by the tag itself, else
   * by its coarse class (VBN → any VB). Empty when the form was seen fewer times.
   */
  readingsOf(form: string, xpos: string, least = 3): FormReading[] {
    for (const key of [`${form.toLowerCase()}\t${xpos}`, `${form.toLowerCase()}\t${coarseTag(xpos)}`]) {
      const list = this.readings.get(key);
      if (list && list.reduce((n, r) => n + r.count, 0) >= least) return list;
    }
    return [];
  }

  /** The memory the weights hold, in bytes (a model read from its file). */
  get weightBytes(): number {
    return this.weights instanceof WeightTable ? this.weights.bytes : this.weights.size * 64;
  }

  /**
   * The probability of each sense the model knows for the lemma and part of speech, most likely
   * first; null when it never saw the lemma in that part of speech.
   */
  predict(c: SenseCase): { sense: string; p: number }[] | null {
    const entry = this.inventory.get(SenseModel.key(c.lemma, c.pos));
    if (!entry) return null;
    if (entry.senses.length === 1) return [{ sense: entry.senses[0], p: 1 }];
    const features = [...senseFeatures(c), BIAS].map(hashString);
    const p = this.softmax(entry, features, this.temperature);
    // Drawn toward the training counts (add-half smoothed) as the lemma was seen rarely.
    const n = entry.counts.some((x) => x > 0) ? entry.examples : Number.POSITIVE_INFINITY;
    const total = entry.counts.reduce((a, b) => a + b, 0) + 0.5 * entry.counts.length;
    const mixed = Number.isFinite(n)
      ? p.map((x, k) => (n * x + (this.prior * (entry.counts[k] + 0.5)) / total) / (n + this.prior))
      : p;
    return entry.senses.map((sense, k) => ({ sense, p: mixed[k] })).sort((a, b) => b.p - a.p);
  }
}

/** Where `npm run train:senses` writes the model the product reads. */
export const SENSE_MODEL_FILE = path.join(MODELS_DIR, 'senses.txt.br');

/**
 * The product's sense model, read on first use or between requests when asked (`loadSoon`);
 * null when its file is not there, and a null model when the file cannot be read: either way the
 * dictionary keeps WordNet's order.
 */
export function lazySenseModel(file = SENSE_MODEL_FILE, log: (line: string) => void = () => {}): Lazy<SenseModel | null> | null {
  if (!existsSync(file)) {
    log(`sense model: no ${file}; senses follow WordNet's order`);
    return null;
  }
  const unreadable = (error: unknown) => {
    log(`sense model: ${file} unreadable (${(error as Error).message}); senses follow WordNet's order`);
    return null;
  };
  return lazily<SenseModel | null>(
    () => {
      try {
        return SenseModel.parse(readModelFile(file));
      } catch (error) {
        return unreadable(error);
      }
    },
    async (signal) => {
      try {
        const text = await readModelFileSoon(file);
        return await runBetweenEvents(SenseModel.parsing(text), signal);
      } catch (error) {
        return unreadable(error);
      }
    },
    (model, how) => {
      if (model) log(`sense model: ${model.inventory.size} lemmas read (${how})`);
    },
  );
}
