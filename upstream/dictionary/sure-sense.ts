import type { UdWord } from '../language/ud';
import type { EngineContext } from './engine-data';
import { cleanTarget } from './lookup-target';
import { chooseSenses, treeTarget } from './sense-choice';
import { tagContext } from './tagger';
import type { LookupInput } from './types';

/**
 * The WordNet sense key `lemma` surely has for the target in its sentence (DictionaryEngine.senseOf):
 * the sense model's answer over the trained parser's words, without the rest of an answer.
 * Undefined where the reading is not sure; throws where the data fails.
 */
export function sureSense(
  engine: EngineContext,
  input: LookupInput,
  lemma: string,
  words?: readonly UdWord[],
): string | undefined {
  const { model, options } = engine;
  const d = engine.open();
  const senses = d.wordnet.senses(lemma);
  if (senses.length === 0) return undefined;
  const tagged = tagContext(String(input.pre_context ?? ''), String(input.target_word ?? ''), String(input.post_context ?? ''));
  const features = d.ranker.features(tagged.tokens, tagged.target);
  const candidate = d.lemmatizer.candidates(cleanTarget(input.target_word).toLowerCase()).find((c) => c.lemma === lemma);
  const ranked = d.ranker.rank(senses, features, candidate ? { formPos: candidate.pos } : {});
  if (!ranked[0]) return undefined;
  // Only a sure reading places a sentence under a sense: a guess would put it under another's.
  const at = words && treeTarget(words, tagged.start, tagged.end);
  const tree = words && at !== undefined ? { words, target: at } : undefined;
  const choice = chooseSenses(lemma, ranked[0].sense.pos, ranked, model(), tree, options);
  return choice.confident ? choice.order[0] : undefined;
}
