/**
 * The glosses of an expression: one the target is part of (shown first or offered beside the
 * word's own senses), or the target itself when it is several words ("take off").
 */
import type { Gloss, TranslationItem } from '../../lib/contract';
import type { EngineData } from './engine-data';
import { variantsOf } from './ecdict-text';
import { ecdictGlosses } from './ecdict-glosses';
import type { PhraseMatch } from './phrases';
import type { ContextFeatures } from './rank';
import { phonetic, type ScoredGloss, senseGloss } from './sense-gloss';
import type { TaggedSentence } from './tagger';

/** The glosses of one expression the target is part of, ranked for the sentence. */
export function phraseGlosses(
  match: Omit<PhraseMatch, 'tokens'>,
  features: ContextFeatures,
  d: Pick<EngineData, 'wordnet' | 'ranker' | 'chinese' | 'ecdict' | 'lemmatizer'>,
  phon: Gloss['phonetic_symbol'],
  title?: string,
): ScoredGloss[] {
  const out: ScoredGloss[] = [];
  if (match.wordnet) {
    const ranked = d.ranker.rank(d.wordnet.senses(match.wordnet), { ...features, pos: undefined });
    d.chinese.prefetch(
      match.ecdict ?? match.title,
      ranked.map((s) => s.synset),
    );
    for (const s of ranked) out.push({ gloss: senseGloss(s, match.ecdict ?? match.title, phon, d, title), score: s.score });
  } else if (match.ecdict) {
    for (const [i, g] of ecdictGlosses(match.ecdict, phon, d, () => true, title).entries())
      out.push({ gloss: g.gloss, score: -i });
  }
  return out;
}

/**
 * A target of several words ("take off", "school boards") looked up as an expression: its one
 * item, or undefined where neither dictionary has it as one (or has no gloss for it).
 */
export function expressionItem(
  word: string,
  tagged: TaggedSentence,
  d: Pick<EngineData, 'phrases' | 'wordnet' | 'ranker' | 'chinese' | 'ecdict' | 'lemmatizer'>,
  maxGlosses: number,
): TranslationItem | undefined {
  // A first word the tagger reads as a verb makes the expression a verb's ("were giving up").
  const first = tagged.tokens[tagged.target.find((i) => tagged.tokens[i]?.isWord) ?? -1];
  const match = d.phrases.lookupPhrase(word, first?.pos === 'VERB' ? 'v' : undefined);
  if (!match) return undefined;
  const features = d.ranker.features(tagged.tokens, tagged.target);
  const glosses = phraseGlosses(match, features, d, phonetic(match.title, d)).map((g) => g.gloss);
  if (glosses.length === 0) return undefined;
  const entry = d.ecdict.get(match.title);
  return {
    lemma: match.title,
    key: match.title,
    w_c: 0,
    variants: entry ? variantsOf(entry.exchange, match.title) : [],
    etymology: [],
    synonyms: [],
    gloss: glosses.slice(0, maxGlosses),
  };
}
