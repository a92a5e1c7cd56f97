/**
 * A WordNet sense as the answer shows it: its definition, its Chinese (chinese.ts), the examples
 * that show the word, its part of speech and the lemma's pronunciation.
 */
import type { Gloss } from '../../lib/contract';
import type { EngineData } from './engine-data';
import { wordIpa } from './phonetics';
import { posOf } from './pos';
import type { ScoredSense } from './rank';
import { senseLabel } from './verb-frames';

/** A gloss with the score it was ranked by (dropped before answering). */
export interface ScoredGloss {
  gloss: Gloss;
  score: number;
}

/** A gloss's part of speech: its Chinese name and label, or the label itself where pos.ts has none. */
export function posField(label: string) {
  const p = posOf(label);
  return p ? { name: p.name, label: p.label } : { name: label, label };
}

/** The lemma's British IPA (from ECDICT, else CMU) and American IPA (from CMU), where known. */
export function phonetic(lemma: string, d: Pick<EngineData, 'ecdict'>) {
  const { uk: first, us: second } = wordIpa(lemma, d.ecdict.get(lemma)?.phonetic);
  return { ...(first ? { first } : {}), ...(second ? { second } : {}) };
}

/** A WordNet sense as a gloss; `chineseLemma` is the ECDICT headword to take Chinese from. */
export function senseGloss(
  s: ScoredSense,
  chineseLemma: string,
  phon: Gloss['phonetic_symbol'],
  d: Pick<EngineData, 'chinese' | 'lemmatizer'>,
  phraseTitle?: string,
): Gloss {
  const label = senseLabel(s.synset, s.sense.lemma);
  // A number in digits takes the Chinese of its synset's word in letters ("29": twenty-nine,
  // 二十九): ECDICT's rows for digits and Roman numerals carry strays (主要的 under "II").
  const spelled = /^\d+$/.test(chineseLemma)
    ? s.synset.words
        .find((w) => /^[a-z]+(?:[-_][a-z]+)*$/.test(w.lemma) && !/^[ivxlcdm]+$/.test(w.lemma))
        ?.lemma.replace(/_/g, ' ')
    : undefined;
  const zh = d.chinese.forSense(spelled ?? chineseLemma, s.synset, label);
  return {
    phonetic_symbol: phon,
    pos: posField(label),
    ...(zh ? { simple_sense: zh.simple } : {}),
    s_c: 0,
    sense: { first: s.synset.definition || s.sense.lemma.replace(/_/g, ' '), ...(zh ? { second: zh.full } : {}) },
    sense_id: s.sense.key,
    ...(phraseTitle ? { phrase_title: phraseTitle } : {}),
    examples: ownExamples(s, d).map((first) => ({ first })),
    parts: [],
  };
}

/**
 * A synset's examples that show this lemma: WordNet gives a synset's examples to all its words,
 * and one written for another of them ("How fast does your new car go?" under "move") is not
 * an example of this word. A synset of one word keeps all of its examples.
 */
export function ownExamples(s: ScoredSense, d: Pick<EngineData, 'lemmatizer'>): string[] {
  if (s.synset.words.length < 2) return s.synset.examples;
  const words = s.sense.lemma.split('_');
  // Every word of the lemma in some form; the last (the inflected one, mostly) by its forms.
  const forms = words.map((w) => new Set(d.lemmatizer.formsOf(w)));
  return s.synset.examples.filter((example) => {
    const tokens = new Set(example.toLowerCase().match(/[\p{L}'-]+/gu) ?? []);
    return forms.every((set) => [...set].some((f) => tokens.has(f)));
  });
}
