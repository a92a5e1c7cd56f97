import type { ParserServices } from '../parser/module';
import type { Platform, UpstreamModule } from '../platform/module';
import { dictionaryCalls, type DictionaryCallsDeps } from './dictionary-calls';
import { createDictionaryEngine } from './engine';
import type { DictionaryEngine } from './types';

export interface DictionaryServices {
  /** The engine: senses of a word in its sentence. Tests may hand in their own. */
  dictionary: DictionaryEngine;
}

// The engine's data is read-only and large: one engine serves every app in the process (the
// tests start many).
let sharedEngine: DictionaryEngine | undefined;
export const sharedDictionaryEngine = () => (sharedEngine ??= createDictionaryEngine());

/** The contextual dictionary: query_word and explain_pos. */
export const dictionaryModule: UpstreamModule<
  Omit<DictionaryCallsDeps, keyof Platform | keyof DictionaryServices | 'sentenceParser'> & ParserServices,
  DictionaryServices
> = {
  name: 'dictionary',
  services: {
    dictionary: () => sharedDictionaryEngine(),
  },
  calls: dictionaryCalls,
};
