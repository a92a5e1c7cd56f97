/**
 * The dictionary engine: a word in its sentence → one item per lemma the word can be there, the
 * best fitting first, each with its senses ranked for the sentence (rank.ts), with Chinese per
 * sense (chinese.ts), pronunciations, inflections, word formation, synonyms and examples.
 *
 * Data is opened on the first call (ECDICT read-only, WordNet's files), so creating the engine is
 * free; everything after that is synchronous and bounded by caches.
 *
 * The parts: engine-data.ts (options, data, the context the parts share), lookup.ts (query_word's
 * lookup, and the modules it composes), sure-sense.ts (senseOf), headword.ts (a word list's card).
 */
import { createEngineContext, type DictionaryEngineOptions } from './engine-data';
import { headwordOf } from './headword';
import { lookupWord } from './lookup';
import { cleanTarget, notFound } from './lookup-target';
import { spellingIndexOf } from './spelling';
import { sureSense } from './sure-sense';
import { contextSentence } from './tagger';
import type { DictionaryEngine } from './types';

export { type DictionaryEngineOptions, type LexicalData, openLexicalData } from './engine-data';
export { cleanTarget } from './lookup-target';

export function createDictionaryEngine(options: DictionaryEngineOptions = {}): DictionaryEngine {
  const engine = createEngineContext(options);
  return {
    sentenceOf(input) {
      return contextSentence(
        String(input.pre_context ?? ''),
        String(input.target_word ?? '').slice(0, 200),
        String(input.post_context ?? ''),
      );
    },
    senseOf(input, lemma, words) {
      try {
        return sureSense(engine, input, lemma, words);
      } catch {
        return undefined;
      }
    },
    lookup(input, parse, tree) {
      try {
        return lookupWord(engine, input, parse, tree);
      } catch (error) {
        // Bad input must never break a lookup; a data error is logged and answered as not found.
        console.error('dictionary lookup failed', error);
        const target = String(input?.target_word ?? '');
        return [notFound(target.trim(), cleanTarget(target).toLowerCase())];
      }
    },
    formsOf(lemma) {
      try {
        return engine.open().lemmatizer.formsOf(cleanTarget(lemma).toLowerCase());
      } catch {
        return [lemma.toLowerCase()];
      }
    },
    headword(word) {
      try {
        return headwordOf(engine.open, word);
      } catch (error) {
        console.error('dictionary headword failed', error);
        return undefined;
      }
    },
    spellingSuggestions(word) {
      try {
        return spellingIndexOf(engine.open().ecdict).suggest(cleanTarget(word));
      } catch (error) {
        console.error('dictionary spelling suggestions failed', error);
        return [];
      }
    },
    lemmasOf(word) {
      try {
        const clean = cleanTarget(word).toLowerCase();
        if (!clean) return [];
        const ranked = engine
          .open()
          .lemmatizer.ranked(clean)
          .map((c) => c.lemma);
        return ranked.length ? ranked : [clean];
      } catch {
        return [word.toLowerCase()];
      }
    },
  };
}
