import type { TranslationItem } from '../../lib/contract';
import { buildItem } from './build-item';
import type { EngineContext } from './engine-data';
import type { LemmaCandidate } from './lemmas';
import type { TaggedSentence } from './tagger';

/**
 * The items of a compound's head ("three-story" → story, "low-income" → income), ranked for the
 * head's own place in the sentence, each gloss titled with the compound as written so the
 * answer shows what was clicked. The head of a hyphenated word is its last part; of a selection
 * of words, its last noun, else its first verb, else its last word.
 */
export function headItems(engine: EngineContext, whole: string, tagged: TaggedSentence): TranslationItem[] {
  const d = engine.open();
  const words = tagged.target.filter((i) => tagged.tokens[i]?.isWord);
  let candidates: LemmaCandidate[];
  let head: number | undefined;
  if (whole.includes(' ')) {
    const tagOf = (i: number) => tagged.tokens[i].pos;
    head =
      words.findLast((i) => tagOf(i) === 'NOUN' || tagOf(i) === 'PROPN') ??
      words.find((i) => tagOf(i) === 'VERB') ??
      words[words.length - 1];
    if (head === undefined) return [];
    candidates = d.lemmatizer
      .candidates(tagged.tokens[head].lower)
      .map((c) => ({ ...c, form: 'compound-head' as const, compound: whole }));
  } else {
    candidates = d.lemmatizer.compoundHead(whole);
    const last = whole.split(/-+/).pop();
    head = words.findLast((i) => tagged.tokens[i].lower === last);
  }
  if (candidates.length === 0) return [];
  const rest = words.filter((i) => i !== head);
  const features =
    head === undefined ? d.ranker.features(tagged.tokens, tagged.target) : d.ranker.features(tagged.tokens, [head], rest);
  return candidates
    .map((c) => buildItem(engine, c, tagged, features, [], [], undefined))
    .sort((a, b) => b.score - a.score)
    .map(({ item }) => ({ ...item, gloss: item.gloss.map((g) => ({ ...g, phrase_title: g.phrase_title ?? whole })) }))
    .filter((item) => item.gloss.length > 0);
}
