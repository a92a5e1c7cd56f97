/**
 * Ranking a lemma's WordNet senses for the target word in its sentence.
 *
 * score(sense) = prior + pos + frame + overlap, where
 *
 *  - prior: WordNet's own frequency, priorWeight · log((tagCount + α) / (T + α·n)) over the
 *    lemma's n senses in every part of speech (T = their summed tag counts), minus
 *    senseNumberWeight · log(sense number) so that untagged senses can keep WordNet's order.
 *    Alone, this is the "most frequent sense" baseline.
 *  - pos: the tagger's part of speech of the target (wink-nlp). A sense of another part of speech
 *    loses `posMismatch`; one the surface form cannot have at all ("ran" is no noun) loses
 *    `formMismatch` as well.
 *  - frame: verbs only. Whether the target has a direct object in the sentence (a determiner,
 *    pronoun or noun follows it; or it is passive) against the sense's verb frames
 *    (verb-frames.ts: "Somebody ----s something" vs "Somebody ----s"): a transitive use of a
 *    sense with only intransitive frames loses `frameMismatch`, the reverse half of it. This is
 *    what separates "runs a company" (direct, operate) from "ran to the station" (move fast).
 *  - overlap: a weighted Lesk overlap between the sentence and the sense's signature. The
 *    sentence gives its content words (no stop words, not the target), each weighted by how
 *    informative it is (ECDICT's corpus rank: rare words count more) and optionally by distance.
 *    The signature is the bag of words that describe the sense: its synonyms and definition,
 *    the lemmas of related synsets (hypernyms, hyponyms, domains, parts and wholes, derivations,
 *    similar words) and their definitions, and its example sentences (at a low weight). Words meet
 *    through irregular forms and a light stem ("deposited" meets "deposits"). Context words are
 *    also expanded one step (their own top senses' synonyms, hypernyms and definition words, at a
 *    lower weight), so "company" can meet a sense defined by "businesses". The sum is damped by
 *    the signature's size, so long glosses do not win by length alone; `overlapPower` < 1 and
 *    `sharedDamping` > 0 (words many senses share count less) are there for tuning.
 *
 * The weights were tuned with `npx tsx bench/sense-eval.ts --tune` (a joint grid over the
 * prior/overlap trade-off, then coordinate search) on the even-numbered cases of two samples of
 * WordNet's example sentences — uniform over the examples, and weighted by tag count as a stand-in
 * for running text — and are reported on the odd-numbered cases as well. Against WordNet's first
 * sense with the same tagger, the ranker wins on both samples; see bench/results/sense-eval-*.md.
 */
import type { Ecdict } from './ecdict';
import type { LemmaPos, Lemmatizer } from './lemmas';
import { wnPosOfTag, type Token } from './tagger';
import { createNounClasses } from './noun-classes';
import { frameComplements } from './verb-frames';
import { Lru, pointerGroups, type SenseEntry, type Synset, type WnPos, type WordNet } from './wordnet';

export interface RankWeights {
  priorAlpha: number;
  priorWeight: number;
  senseNumberWeight: number;
  posMismatch: number;
  /** The same when the part of speech comes from the parse, which is wrong far less often. */
  parsePosMismatch: number;
  formMismatch: number;
  frameMismatch: number;
  overlapWeight: number;
  /** The overlap is raised to this power: below 1, the first matches count most (saturation). */
  overlapPower: number;
  /**
   * A context word found in the signatures of k senses of the lemma counts 1/k^sharedDamping:
   * words every sense mentions ("water" for most senses of "bank") do not tell them apart.
   */
  sharedDamping: number;
  /** Signature weights by source. */
  synonym: number;
  definition: number;
  example: number;
  relatedLemma: number;
  relatedDefinition: number;
  hyponymLemma: number;
  /** Weight of the second-order (expanded) context words. */
  expansion: number;
  /** Damping by signature size: divide by (1 + sizeDamping·ln(1 + size)). */
  sizeDamping: number;
  /** Distance decay of context words: weight / (1 + distanceDecay·(distance − 1)). */
  distanceDecay: number;
  /**
   * Collocation: the nearest content word before (and after) the target is the same word as the
   * one next to the lemma in one of the sense's examples ("The plane took off" and WordNet's
   * "The plane took off two hours late"; "heavy rain"). Counted per side, once. WordNet's own
   * examples are nearly blind to it (held-out synsets rarely have a second example with the same
   * neighbour); on the running text of bench/data/sense-dev.jsonl it is worth 1: 49.9%, 2: 50.3%,
   * 3: 50.7%, 4: 50.9%, 6: 51.1%. It is set to 4, where the gain flattens.
   */
  collocation: number;
  /** A context word that is the target's subject or object in the parse counts this many times. */
  argument: number;
  /** How much better than the most frequent fitting sense another must score to go first. */
  leaveMargin: number;
}

/** The target's subject and object heads, when the parse gives them (sentence-role.ts). */
export interface ArgumentHeads {
  subjectHead?: string;
  objectHead?: string;
}

export const defaultWeights: RankWeights = {
  priorAlpha: 0.25,
  priorWeight: 0.75,
  senseNumberWeight: 0,
  posMismatch: 2,
  parsePosMismatch: 6,
  formMismatch: 5,
  frameMismatch: 4,
  overlapWeight: 4,
  overlapPower: 1,
  sharedDamping: 0.25,
  synonym: 1,
  definition: 1.5,
  example: 0.25,
  relatedLemma: 1,
  relatedDefinition: 0.3,
  hyponymLemma: 1,
  expansion: 0.5,
  sizeDamping: 0.3,
  distanceDecay: 0.1,
  collocation: 4,
  argument: 1.5,
  leaveMargin: 1,
};

/** Function words and glossary filler that carry no sense. */
export const stopWords = new Set(
  (
    'a an the and or but nor so yet for of in on at to from by with without within into onto upon about above below ' +
    'over under after before between among through during against along around across behind beyond near off out up down ' +
    'i me my mine myself you your yours yourself yourselves he him his himself she her hers herself it its itself we us our ours ' +
    'ourselves they them their theirs themselves this that these those who whom whose which what whatever whoever ' +
    'is am are was were be been being have has had having do does did doing done will would shall should can could may might must ' +
    'not no nor only own same than too very just also even ever still again then there here when where why how all any both each ' +
    'few more most other some such one ones something someone somebody anything anyone everything everyone nothing ' +
    'as if because while until unless though although whether since ' +
    "s t don't doesn't didn't isn't aren't wasn't weren't won't can't cannot n't 're 've 'll 'd 'm 's " +
    'especially usually often etc e.g i.e. e g ie sometimes typically certain particular various kind sort way thing things '
  )
    .split(/\s+/)
    .filter(Boolean),
);

export type Transitivity = 'obj' | 'noobj' | 'unknown';

export interface ContextWord {
  keys: string[];
  weight: number;
}

export interface ContextFeatures {
  /** Keys of the nearest content word before and after the target (collocations). */
  left?: string[];
  right?: string[];
  /** The tagger's part of speech of the target (`x` for closed classes), undefined when untagged. */
  pos?: WnPos | 'x';
  /** The Universal tag itself. */
  tag?: string;
  /** Whether `pos` comes from a complete parse of the sentence rather than the tagger. */
  posFromParse?: boolean;
  transitivity: Transitivity;
  words: ContextWord[];
  expanded: ContextWord[];
}

export interface ScoredSense {
  sense: SenseEntry;
  synset: Synset;
  score: number;
  parts: { prior: number; pos: number; frame: number; overlap: number; collocation: number };
}

export interface RankOptions {
  /** The parts of speech the surface form can have for this lemma (from lemmas.ts). */
  formPos?: Set<LemmaPos>;
  /** Example sentences that must not count as evidence (the evaluation holds its case out). */
  excludeExamples?: Set<string>;
}

export interface Ranker {
  weights: RankWeights;
  /** The context of a tagged sentence; `skip` are token indices that are not context (the target, a phrase). */
  features(tokens: Token[], target: number[], skip?: Iterable<number>, role?: ArgumentHeads): ContextFeatures;
  /** The senses, best first. */
  rank(senses: SenseEntry[], features: ContextFeatures, options?: RankOptions): ScoredSense[];
  /** The signature of a synset (for the Chinese matcher): weighted words that describe it. */
  signatureWords(synset: Synset, lemma: string): Map<string, number>;
}

interface Signature {
  core: Map<string, number>;
  examples: { text: string; words: Map<string, number>; left?: string[]; right?: string[] }[];
  size: number;
}

/** Lower-case words of a text, without stop words, numbers or one-letter words. */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/[a-z][a-z'-]*[a-z]|[a-z]/g)) {
    const w = m[0].replace(/'s$/, '');
    if (w.length > 1 && !stopWords.has(w)) out.push(w);
  }
  return out;
}

export function createRanker(
  wordnet: WordNet,
  lemmatizer: Lemmatizer,
  ecdict: Ecdict,
  weights: RankWeights = defaultWeights,
): Ranker {
  const w = weights;
  const signatures = new Lru<string, Signature>(4_000);
  const expansions = new Lru<string, string[]>(5_000);

  /** Rare words say more about a sense than common ones; ECDICT's COCA/BNC rank measures that. */
  function informativeness(word: string): number {
    const entry = ecdict.get(word);
    const rank = entry?.frq || entry?.bnc || 0;
    if (!rank) return 1.2;
    return Math.min(1.6, Math.max(0.3, Math.log10(rank) / 3));
  }

  function addWords(into: Map<string, number>, words: Iterable<string>, weight: number) {
    for (const word of words) {
      for (const key of lemmatizer.keysOf(word)) {
        if ((into.get(key) ?? 0) < weight) into.set(key, weight);
      }
    }
  }

  /** Multi-word lemmas ("depository_financial_institution") count as their words. */
  const lemmaWords = (lemma: string) => contentWords(lemma.replace(/_/g, ' '));

  function signature(synset: Synset, lemma: string): Signature {
    const id = `${synset.pos}${synset.offset}:${lemma}`;
    const cached = signatures.get(id);
    if (cached) return cached;
    const core = new Map<string, number>();
    const self = lemma.replace(/ /g, '_');
    for (const word of synset.words) if (word.lemma !== self) addWords(core, lemmaWords(word.lemma), w.synonym);
    addWords(core, contentWords(synset.definition), w.definition);
    let hyponyms = 0;
    for (const p of synset.pointers) {
      const isHyponym = pointerGroups.hyponym.has(p.symbol);
      if (isHyponym && ++hyponyms > 30) continue;
      const known =
        isHyponym ||
        pointerGroups.hypernym.has(p.symbol) ||
        pointerGroups.partWhole.has(p.symbol) ||
        pointerGroups.derivation.has(p.symbol) ||
        pointerGroups.domain.has(p.symbol) ||
        pointerGroups.near.has(p.symbol);
      if (!known) continue;
      const related = wordnet.brief(p.pos, p.offset);
      const lemmaWeight = isHyponym ? w.hyponymLemma : w.relatedLemma;
      // A lexical pointer relates one word; a semantic one the whole synset.
      const words = p.target > 0 ? [related.words[p.target - 1] ?? ''] : related.words;
      for (const x of words) if (x && x !== self) addWords(core, lemmaWords(x), lemmaWeight);
      if (!isHyponym) addWords(core, contentWords(related.definition), w.relatedDefinition);
    }
    // The lemma itself says nothing about which of its senses is meant.
    const selfKeys = lemmaWords(self);
    const forms = new Set(lemmatizer.formsOf(self.split('_')[0]));
    const examples = synset.examples.map((text) => {
      const words = new Map<string, number>();
      addWords(words, contentWords(text), w.example);
      for (const x of selfKeys) for (const k of lemmatizer.keysOf(x)) words.delete(k);
      return { text, words, ...neighbours(text, forms, self.split('_').length) };
    });
    for (const x of selfKeys) for (const k of lemmatizer.keysOf(x)) core.delete(k);
    let size = core.size;
    for (const e of examples) size += e.words.size;
    const sig = { core, examples, size };
    signatures.set(id, sig);
    return sig;
  }

  /** The content words next to the lemma in an example sentence (its first occurrence). */
  function neighbours(text: string, forms: Set<string>, length: number): { left?: string[]; right?: string[] } {
    const words = text.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
    const at = words.findIndex((x) => forms.has(x));
    if (at < 0) return {};
    const near = (from: number, step: number) => {
      for (let i = from, n = 0; i >= 0 && i < words.length && n < 3; i += step, n++) {
        if (!stopWords.has(words[i]) && words[i].length > 1) return lemmatizer.keysOf(words[i]);
      }
      return undefined;
    };
    return { left: near(at - 1, -1), right: near(at + length, 1) };
  }

  /** One step out from a context word: its top senses' synonyms, hypernyms and definitions. */
  function expand(word: string, pos: WnPos | undefined): string[] {
    const id = `${word}:${pos ?? ''}`;
    const cached = expansions.get(id);
    if (cached) return cached;
    const out = new Set<string>();
    const lemma = lemmatizer.known(word);
    if (lemma) {
      const senses = wordnet.senses(lemma).filter((s) => !pos || s.pos === pos);
      for (const s of senses.slice(0, 2)) {
        const syn = wordnet.synset(s.pos, s.offset);
        for (const x of syn.words) for (const y of lemmaWords(x.lemma)) out.add(y);
        for (const y of contentWords(syn.definition)) out.add(y);
        for (const p of syn.pointers) {
          if (!pointerGroups.hypernym.has(p.symbol)) continue;
          for (const x of wordnet.brief(p.pos, p.offset).words) for (const y of lemmaWords(x)) out.add(y);
        }
      }
      out.delete(lemma);
      out.delete(word);
      for (const x of out) if (stopWords.has(x)) out.delete(x);
    }
    const list = [...out];
    expansions.set(id, list);
    return list;
  }

  const nounClasses = createNounClasses(wordnet, lemmatizer);
  const classWords = new Lru<string, string[]>(5_000);
  /** The words of a noun's hypernyms (not of the noun's own senses). */
  function classesOf(noun: string): string[] {
    const cached = classWords.get(noun);
    if (cached) return cached;
    const out = new Set<string>();
    for (const level of nounClasses.levelsOf(noun).slice(1)) {
      for (const h of level) for (const x of h.words) for (const y of lemmaWords(x.lemma)) out.add(y);
    }
    // Classes too general to tell senses apart.
    for (const x of ['entity', 'physical', 'object', 'whole', 'abstraction', 'thing', 'matter', 'unit']) out.delete(x);
    const list = [...out];
    classWords.set(noun, list);
    return list;
  }

  function transitivity(tokens: Token[], target: number[]): Transitivity {
    const last = target[target.length - 1];
    const first = target[0];
    if (last === undefined) return 'unknown';
    // Passive ("was run by"): the verb is transitive.
    const before = tokens[first - 1];
    if (before && before.lemma === 'be' && /(ed|en|wn|un|t)$/.test(tokens[first].lower) && tokens[first].pos === 'VERB')
      return 'obj';
    let j = last + 1;
    while (j < tokens.length && (tokens[j].pos === 'ADV' || tokens[j].pos === 'PART') && tokens[j].lower !== 'to') j++;
    const next = tokens[j];
    if (!next) return 'noobj';
    if (['DET', 'PRON', 'NOUN', 'PROPN', 'NUM'].includes(next.pos)) return 'obj';
    if (next.pos === 'ADJ') return tokens[j + 1] && ['NOUN', 'PROPN'].includes(tokens[j + 1].pos) ? 'obj' : 'noobj';
    if (['ADP', 'PUNCT', 'CCONJ', 'SCONJ'].includes(next.pos) || next.lower === 'to') return 'noobj';
    return 'unknown';
  }

  function features(tokens: Token[], target: number[], skip: Iterable<number> = [], role?: ArgumentHeads): ContextFeatures {
    // The subject and object of the target (from the parse) say most about which sense it has.
    const heads = new Set([role?.subjectHead, role?.objectHead].filter((x): x is string => Boolean(x)));
    const skipped = new Set([...target, ...skip]);
    const head = target.find((i) => tokens[i]?.isWord) ?? target[0];
    const tag = head === undefined ? undefined : tokens[head]?.pos;
    const words: ContextWord[] = [];
    const expanded = new Map<string, number>();
    tokens.forEach((t, i) => {
      if (skipped.has(i) || !t.isWord) return;
      const lower = t.lower.replace(/'s$/, '');
      if (lower.length < 2 || stopWords.has(lower) || stopWords.has(t.lemma) || !/[a-z]/.test(lower)) return;
      const distance = head === undefined ? 1 : Math.max(1, Math.abs(i - head));
      const argument = heads.has(lower) || heads.has(t.lemma) ? w.argument : 1;
      const weight = (argument * informativeness(t.lemma || lower)) / (1 + w.distanceDecay * (distance - 1));
      const keys = [...new Set([...lemmatizer.keysOf(t.lemma || lower), ...lemmatizer.keysOf(lower)])];
      words.push({ keys, weight });
      const pos = wnPosOfTag(t.pos);
      if (w.expansion > 0 && pos !== 'x') {
        for (const x of expand(t.lemma || lower, pos)) {
          const v = weight * w.expansion;
          if ((expanded.get(x) ?? 0) < v) expanded.set(x, v);
        }
      }
    });
    // Selectional fit: what the subject and object are kinds of ("coat" is a garment, clothing)
    // meets senses defined by those classes ("take off clothes").
    for (const head of heads) {
      for (const x of classesOf(head)) {
        const v = w.argument * w.expansion;
        if ((expanded.get(x) ?? 0) < v) expanded.set(x, v);
      }
    }
    // The nearest content words on either side, within three tokens, for collocations.
    const near = (from: number, step: number) => {
      for (let i = from, n = 0; i >= 0 && i < tokens.length && n < 3; i += step, n++) {
        const t = tokens[i];
        if (skipped.has(i)) continue;
        if (!t.isWord) return undefined;
        if (!stopWords.has(t.lower) && t.lower.length > 1)
          return [...new Set([...lemmatizer.keysOf(t.lemma || t.lower), ...lemmatizer.keysOf(t.lower)])];
      }
      return undefined;
    };
    const first = Math.min(...skipped);
    const last = Math.max(...skipped);
    return {
      left: skipped.size ? near(first - 1, -1) : undefined,
      right: skipped.size ? near(last + 1, 1) : undefined,
      tag,
      pos: tag ? wnPosOfTag(tag) : undefined,
      transitivity: head === undefined ? 'unknown' : transitivity(tokens, target),
      words,
      expanded: [...expanded].map(([x, weight]) => ({ keys: lemmatizer.keysOf(x), weight })),
    };
  }

  /** How much each context word matches a signature (0 when it does not). */
  function collocations(sig: Signature, ctx: ContextFeatures, exclude?: Set<string>): number {
    let left = 0;
    let right = 0;
    for (const e of sig.examples) {
      if (exclude?.has(e.text)) continue;
      if (ctx.left && e.left && ctx.left.some((k) => e.left!.includes(k))) left = 1;
      if (ctx.right && e.right && ctx.right.some((k) => e.right!.includes(k))) right = 1;
    }
    return left + right;
  }

  function matches(sig: Signature, ctx: ContextFeatures, exclude?: Set<string>): { hits: number[]; size: number } {
    const examples = exclude ? sig.examples.filter((e) => !exclude.has(e.text)) : sig.examples;
    let size = sig.core.size;
    for (const e of examples) size += e.words.size;
    const weightOf = (key: string) => {
      let best = sig.core.get(key) ?? 0;
      for (const e of examples) best = Math.max(best, e.words.get(key) ?? 0);
      return best;
    };
    const hits: number[] = [];
    for (const list of [ctx.words, ctx.expanded]) {
      for (const c of list) {
        let best = 0;
        for (const k of c.keys) best = Math.max(best, weightOf(k));
        hits.push(c.weight * best);
      }
    }
    return { hits, size };
  }

  function frameScore(synset: Synset, lemma: string, ctx: ContextFeatures): number {
    if (synset.pos !== 'v' || ctx.transitivity === 'unknown') return 0;
    const complements = frameComplements(synset, lemma);
    if (complements.length === 0) return 0;
    const transitive = complements.includes('object');
    // What the context sees as "no object" is no determiner, pronoun or noun after the verb: so
    // a frame with a predicative or a verb form after it fits as well as one with nothing.
    const intransitive = complements.some((c) => c === 'none' || c === 'predicative' || c === 'verb');
    if (ctx.transitivity === 'obj' && !transitive) return -w.frameMismatch;
    if (ctx.transitivity === 'noobj' && !intransitive) return -w.frameMismatch / 2;
    return 0;
  }

  function rank(senses: SenseEntry[], ctx: ContextFeatures, options: RankOptions = {}): ScoredSense[] {
    if (senses.length === 0) return [];
    const total = senses.reduce((sum, s) => sum + s.tagCount, 0);
    const denominator = total + w.priorAlpha * senses.length;
    // First every sense's matches, to know how many senses each context word matches.
    const found = senses.map((sense) => {
      const synset = wordnet.synset(sense.pos, sense.offset);
      const sig = signature(synset, sense.lemma);
      return {
        synset,
        collocation: w.collocation * collocations(sig, ctx, options.excludeExamples),
        ...matches(sig, ctx, options.excludeExamples),
      };
    });
    const shared = new Array<number>(found[0]?.hits.length ?? 0).fill(0);
    for (const f of found) {
      for (const [i, h] of f.hits.entries()) if (h > 0) shared[i]++;
    }
    const scored = senses.map((sense, index) => {
      const { synset, hits, size, collocation } = found[index];
      const prior =
        w.priorWeight * Math.log((sense.tagCount + w.priorAlpha) / denominator) -
        w.senseNumberWeight * Math.log(sense.senseNumber);
      let pos = 0;
      if (ctx.pos && ctx.pos !== 'x' && ctx.pos !== sense.pos) pos -= ctx.posFromParse ? w.parsePosMismatch : w.posMismatch;
      if (options.formPos && !options.formPos.has(sense.pos)) pos -= w.formMismatch;
      const frame = frameScore(synset, sense.lemma, ctx);
      let sum = 0;
      hits.forEach((h, i) => {
        if (h > 0) sum += h / shared[i] ** w.sharedDamping;
      });
      const ov = w.overlapWeight * (sum / (1 + w.sizeDamping * Math.log1p(size))) ** w.overlapPower + collocation;
      return { sense, synset, score: prior + pos + frame + ov, parts: { prior, pos, frame, overlap: ov, collocation } };
    });
    // Stable on ties: WordNet's order.
    scored.sort((a, b) => b.score - a.score || a.sense.senseNumber - b.sense.senseNumber);
    // The context may move away from the most frequent sense of the fitting part of speech only
    // by a margin: weak overlaps were right no more often than the prior (issue 13).
    const anchor = scored.reduce((best, s) => (s.parts.prior + s.parts.pos > best.parts.prior + best.parts.pos ? s : best));
    // A collocation WordNet itself gives ("heavy rain" among the examples) is evidence enough.
    const collocated = scored[0].parts.collocation > anchor.parts.collocation;
    if (scored[0] !== anchor && !collocated && scored[0].score - anchor.score < w.leaveMargin) {
      scored.splice(scored.indexOf(anchor), 1);
      scored.unshift(anchor);
    }
    return scored;
  }

  return {
    weights: w,
    features,
    rank,
    signatureWords(synset, lemma) {
      const sig = signature(synset, lemma);
      const out = new Map(sig.core);
      for (const e of sig.examples) for (const [k, v] of e.words) if ((out.get(k) ?? 0) < v) out.set(k, v);
      return out;
    },
  };
}
