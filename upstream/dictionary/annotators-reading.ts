import { constructionTag, PASSIVE_TAG, passiveParticiple, type SenseModel } from '../language/senses';
import type { LemmaCandidate } from './lemmas';
import type { TreeContext } from './sense-choice';
import { adjectiveTag, CONTENT_UPOS } from './target-pos';
import type { WnPos } from './wordnet';

/** How many times, and in what share, the annotators must have read a form one way (annotatorsReading). */
const READING_LEAST = 3;
const READING_SHARE = 0.6;

/**
 * The lemma and part of speech SemCor's annotators gave this form with this tag most often (the
 * sense model keeps the counts), among the lemmas the word can have, where they read it one way at
 * least READING_SHARE of READING_LEAST times or more: "later" is the adjective later, not late;
 * "data" is data, not datum; "tonight" the adverb. `parsePos` is the part of speech the Link
 * Grammar parse is sure of, if any: the readings are those of the form with the trained tagger's
 * tag, so where the two disagree the tag, and with it the readings, are of another construction
 * ("ambition to exercise monopoly power", tagged a noun, is the verb the parse reads).
 */
export function annotatorsReading(
  candidates: readonly LemmaCandidate[],
  tree: TreeContext | undefined,
  model: Pick<SenseModel, 'readingsOf'> | null,
  parsePos?: WnPos,
): { lemma: string; pos: WnPos } | undefined {
  const word = tree?.words[tree.target];
  if (!word || !model || !(CONTENT_UPOS.has(word.upos) || word.upos === 'NUM')) return undefined;
  // Whether a participle or gerund is the verb or the adjective or noun is the product's own rule
  // (participles.ts, bench/data/sense-dev-rules.md): attributive and stative participles are
  // adjectives for a learner. SemCor's annotators read most passives as the verb ("must be
  // impaired", "was married"); letting them decide cost the project's own targets two points.
  if (candidates.some((c) => c.form === 'participle-adjective' || c.form === 'gerund-noun')) return undefined;
  // A word read as the adjective whatever its tag (target-pos.ts) is read by their reading of the
  // form's adjective tag ("the later Stoic conception": later, not late; "next to").
  const tag = adjectiveTag(word, tree.words[tree.target + 1]) ?? word.xpos;
  const lemmas = new Set(candidates.map((c) => c.lemma));
  const oneWay = (xpos: string) => {
    const readings = model.readingsOf(word.form, xpos, READING_LEAST).filter((r) => lemmas.has(r.lemma.replace(/_/g, ' ')));
    const total = readings.reduce((n, r) => n + r.count, 0);
    const top = readings[0];
    if (!top || total < READING_LEAST || top.count < READING_SHARE * total) return undefined;
    return { lemma: top.lemma.replace(/_/g, ' '), pos: (top.pos === 's' ? 'a' : top.pos) as WnPos };
  };
  // Their reading of the form in the same construction first: a noun's modifier or an adjective
  // standing for its noun ("the west harbor", "the latter plays"), which they read as the adjective
  // or the noun by the word. Its adjective overrules Link Grammar's noun, which is what Link Grammar
  // makes of both constructions.
  const construction = constructionTag(tree.words, tree.target);
  const inConstruction = construction && construction !== PASSIVE_TAG ? oneWay(construction) : undefined;
  if (inConstruction && (!parsePos || parsePos === inConstruction.pos || (parsePos === 'n' && inConstruction.pos === 'a')))
    return inConstruction;
  const reading = oneWay(tag);
  if (!reading || (parsePos && reading.pos !== parsePos)) return undefined;
  return reading;
}

/**
 * How SemCor's annotators read a participle the parser finds with a passive auxiliary ("be"):
 * 'v' where they read the form so as the verb at least twice as often as its adjective ("was
 * renewed", "were measured", "will be saved"), 'a' where less often ("I am married", "is
 * located"), undefined where the parser finds no passive or they met the form so under three
 * times. formRole makes only a 'v' the verb; otherwise the product's rule for a bare passive stands.
 */
export function annotatorsPassive(
  tree: TreeContext | undefined,
  model: Pick<SenseModel, 'readingsOf'> | null,
): 'a' | 'v' | undefined {
  if (!tree || !model || !passiveParticiple(tree.words, tree.target)) return undefined;
  const word = tree.words[tree.target].form.toLowerCase();
  let adjective = 0;
  let verb = 0;
  for (const r of model.readingsOf(word, PASSIVE_TAG, READING_LEAST)) {
    if (r.pos === 'a') adjective += r.count;
    else if (r.pos === 'v') verb += r.count;
  }
  if (adjective + verb < READING_LEAST) return undefined;
  return verb >= 2 * adjective ? 'v' : 'a';
}
