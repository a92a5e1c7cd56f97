import { examTags } from '../../lib/contract/exams';
import type { EngineData } from './engine-data';
import { parseTranslation } from './ecdict-text';
import { cleanTarget } from './lookup-target';
import { wordIpa } from './phonetics';
import type { Headword } from './types';

/**
 * A word's headword card (DictionaryEngine.headword): its IPA and ECDICT's Chinese per part of
 * speech and its exam tags (easiest first), without context; undefined when unknown. `open` gives the data, read only for a word.
 */
export function headwordOf(open: () => Pick<EngineData, 'ecdict'>, word: string): Headword | undefined {
  const lemma = cleanTarget(word).toLowerCase();
  if (!lemma) return undefined;
  const entry = open().ecdict.get(lemma);
  const { uk, us } = wordIpa(lemma, entry?.phonetic);
  // Subject-field lines (`[医] …`, `[网络] …`) are specialist or web renderings: a learner's list keeps the general ones.
  const senses = parseTranslation(entry?.translation)
    .filter((line) => !line.domain)
    .map((line) => ({ pos: line.pos, zh: line.items.join('；') }));
  if (!uk && !us && senses.length === 0) return undefined;
  const tags = new Set((entry?.tag ?? '').split(/\s+/));
  const exams = examTags.map((e) => e.tag).filter((tag) => tags.has(tag));
  return { lemma, ...(uk ? { uk } : {}), ...(us ? { us } : {}), senses, exams };
}
