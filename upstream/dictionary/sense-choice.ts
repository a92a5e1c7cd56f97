import { SenseModel, type WordClass } from '../language/senses';
import type { UdWord } from '../language/ud';
import type { ScoredSense } from './rank';
import type { WnPos } from './wordnet';

/*
 * Which of a lemma's senses fits the sentence, and whether the answer is sure enough to be shown
 * as the meaning in this text (issue 31). Within the part of speech the word has here, each sense
 * scores the log of how likely it is (the sense model's probability, trained on SemCor, or for a
 * lemma the model never saw, WordNet's tag counts) plus what the overlap ranker reads in the
 * sentence for it, at a weight tuned on held-out folds of SemCor. On running text the most frequent
 * sense is right about two times in three; the overlap ranker alone left it far too eagerly.
 */

/** The sentence as the tree parser reads it, and the target's place among its words. */
export interface TreeContext {
  words: readonly UdWord[];
  target: number;
}

/**
 * Shown as the meaning in this text only from this probability up (the model's probabilities are
 * read at the temperature its file carries). Chosen on held-out folds of SemCor for query_word's
 * sure answers to be right four times in five (bench:sense-semcor --model --confident: from 0.7
 * 75.6%, 0.85 78.1%, 0.9 78.8% of 41.7% of answers; most sure errors left are the pipeline's, a
 * name or a lemma, not the model's). Below it the two best senses are both shown as possible.
 */
export const CONFIDENT = 0.9;

/**
 * How much the overlap ranker's reading of the sentence (rank.ts: the sense's definition, examples
 * and relations meeting the sentence's words, a verb frame that fits) adds to the model's log
 * probability: the model knows how often each sense is used and its usual neighbours; the ranker
 * knows what each sense is about, which the model cannot learn for a lemma seen twenty times.
 * On SemCor's held-out folds (bench:sense-semcor --context, 2,007 targets, names left out) nouns
 * are best at 0.45 (68.2%; 67.4% at 0.1–0.3), adverbs at 0.45 (83.8%), adjectives between 0.3 and
 * 0.6 (71.3–72.4%, within the sample's noise). Lower, the sentence no longer tells the product's
 * own examples apart: the river bank reads as the money bank at 0.25.
 */
export const BASE_WEIGHT = 0.45;

/**
 * The weights the product reads with: BASE_WEIGHT, except verbs the model knows in this use.
 * Verbs gain from less of the sentence (SemCor's held-out folds: 60.9% at 0.45, 63.5% at 0.2,
 * 64.2% at 0.1), but with little of it "She ran a small company in the city" reads run as moving
 * on foot and "she took a piece of cake" as carrying it: both are verbs whose best sense the model
 * gives under 30%; and at 0.1 "kept his promise" reads as continuing a state. So verbs weigh the
 * sentence at 0.15 where the model's best sense is 30% likely or more, at 0.45 below (the sample
 * without names 66.9% → 68.4%, a little above the first sense by the training folds' counts at
 * 68.1%; verbs 60.9% → 64.0%; the project's own targets, bench:sense-dev, 61.0%). bench/README.md,
 * eighth and ninth passes.
 */
export const CONTEXT_WEIGHT: ContextWeight = { v: [0.15, BASE_WEIGHT, 0.3] };

export interface SenseChoice {
  /** The senses of the part of speech, best first. */
  order: string[];
  /** Whether the first may be shown as the meaning in this text. */
  confident: boolean;
  /** Whether the model chose (else WordNet's order stands). */
  byModel: boolean;
}

/**
 * What the overlap ranker adds to the model's log probability: one weight, or one per part of
 * speech; a triple [weight, unsure, below] gives `unsure` instead where the model's best sense
 * has a probability below `below` (the model barely knows the lemma in this use).
 */
export type PosWeight = number | readonly [number, number, number];
export type ContextWeight = PosWeight | Partial<Record<WnPos, PosWeight>>;

/**
 * The weight `weight` gives the senses of part of speech `pos` where the model's best sense has
 * probability `best` (BASE_WEIGHT where it names none).
 */
export function contextWeightOf(weight: ContextWeight, pos: WnPos, best: number): number {
  const own: PosWeight =
    typeof weight === 'number' || Array.isArray(weight)
      ? (weight as PosWeight)
      : ((weight as Partial<Record<WnPos, PosWeight>>)[pos] ?? BASE_WEIGHT);
  if (typeof own === 'number') return own;
  return best < own[2] ? own[1] : own[0];
}

export interface SenseChoiceOptions {
  /** What the overlap ranker adds to the model's log probability (CONTEXT_WEIGHT). */
  contextWeight?: ContextWeight;
  /** The probability from which the first sense is sure (CONFIDENT). */
  confident?: number;
  /**
   * Whether WordNet's tag counts weigh the senses of a lemma the model never saw (default true;
   * false in the bench, where they count the held-out fold's own tags).
   */
  tagCounts?: boolean;
  /**
   * The words' classes, for a model trained with them (senses.ts lexicalClasses; the bench's
   * `--classes`). The product's model is trained without them, and reads none.
   */
  classOf?: WordClass;
}

/**
 * The senses of `pos` among `ranked` in the order they fit the sentence, and whether the first is
 * sure. A lemma the model never saw is read the same way from WordNet's tag counts.
 */
export function chooseSenses(
  lemma: string,
  pos: WnPos,
  ranked: readonly ScoredSense[],
  model: SenseModel | null,
  context: TreeContext | undefined,
  options: SenseChoiceOptions = {},
): SenseChoice {
  const { contextWeight = CONTEXT_WEIGHT, confident = CONFIDENT, tagCounts = true, classOf } = options;
  const own = ranked.filter((s) => s.sense.pos === pos).sort((a, b) => a.sense.senseNumber - b.sense.senseNumber);
  const predicted = model && context ? model.predict({ lemma, pos, ...context, classOf }) : null;
  let share: (s: ScoredSense) => number;
  if (predicted) {
    // A sense the model saw has the model's probability; one it never saw with this lemma is
    // possible, at a share that shrinks as the lemma was seen more often.
    const examples = model?.inventory.get(SenseModel.key(lemma, pos))?.examples ?? 0;
    const unseen = 0.5 / (examples + own.length);
    const p = new Map(predicted.map((x) => [x.sense, x.p]));
    share = (s) => p.get(s.sense.key) ?? unseen;
  } else {
    // A lemma the model never saw: how often WordNet's annotators tagged each sense (its order).
    // Where none was tagged, WordNet's order is the lexicographers' ("saw" is first a saying,
    // "guinea pig" a person), and the sentence decides: weighing that order more, as SemCor's
    // folds seem to ask, loses the project's own targets ("cut with an old saw": the saying).
    share = (s) => (tagCounts ? s.sense.tagCount : 0) + 0.5;
  }
  const shares = own.map(share);
  const total = shares.reduce((a, b) => a + b, 0);
  // A lemma the model never saw is one it knows nothing of (its best sense 0% likely to it).
  const weight = contextWeightOf(contextWeight, pos, predicted && total > 0 ? Math.max(...shares) / total : 0);
  const scores = own.map((s, k) => Math.log(shares[k]) + weight * ((s.parts?.overlap ?? 0) + (s.parts?.frame ?? 0)));
  const top = Math.max(...scores);
  const e = scores.map((x) => Math.exp(x - top));
  const sum = e.reduce((a, b) => a + b, 0);
  const order = own.map((s, k) => ({ key: s.sense.key, p: e[k] / sum, k })).sort((a, b) => b.p - a.p || a.k - b.k);
  return { order: order.map((x) => x.key), confident: (order[0]?.p ?? 0) >= confident, byModel: Boolean(predicted) };
}

/**
 * The ranked senses with those of the choice's part of speech first, in its order, at the best
 * score any sense had (so the lemma's standing against its other readings is unchanged).
 */
export function applyChoice(ranked: readonly ScoredSense[], choice: SenseChoice): ScoredSense[] {
  const place = new Map(choice.order.map((key, k) => [key, k]));
  if (!ranked.some((s) => place.has(s.sense.key))) return [...ranked];
  const top = Math.max(...ranked.map((s) => s.score));
  return (
    ranked
      .map((s) => {
        const k = place.get(s.sense.key);
        // The other parts of speech follow the chosen one's last sense.
        return k === undefined ? { ...s, score: Math.min(s.score, top - 0.001 * place.size) } : { ...s, score: top - 0.001 * k };
      })
      // On a tie with the best sense of another part of speech, the chosen one goes first.
      .sort((a, b) => b.score - a.score || Number(place.has(b.sense.key)) - Number(place.has(a.sense.key)))
  );
}

/** The target's word among the tree's: the one its span overlaps (the head, if several do). */
export function treeTarget(words: readonly UdWord[], start: number, end: number): number | undefined {
  const inside = words.flatMap((w, k) => ((w.start ?? -1) < end && (w.end ?? -1) > start ? [k] : []));
  if (inside.length === 0) return undefined;
  return inside.find((k) => !inside.includes(words[k].head - 1)) ?? inside[0];
}
