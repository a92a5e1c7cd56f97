import type { ParserServices } from '../parser/module';
import type { Platform, UpstreamModule } from '../platform/module';
import { warmUpSoon } from '../platform/warm-up';
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
  // The first lookup reads WordNet, ECDICT and CC-CEDICT (1.8 s here, several seconds on a busy
  // machine, holding the event loop): a started product does it soon after it listens rather
  // than on a learner's first click. The test stacks, which seed no library and start many
  // servers side by side, leave it to the first call, as the course books do.
  start: ({ config, dictionary, log }) => {
    if (!config.seedContent) return async () => {};
    return warmUpSoon(
      'dictionary: reading its data',
      () => dictionary.lookup({ pre_context: 'The plane took ', target_word: 'off', post_context: ' on time.' }),
      log,
    );
  },
};
