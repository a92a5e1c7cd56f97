import type { ParserServices } from '../parser/module';
import type { Platform, UpstreamModule } from '../platform/module';
import { warmUpSoon } from '../platform/warm-up';
import { openCedict } from './cedict';
import { dictionaryHandlers, type DictionaryHandlersDeps } from './dictionary-calls';
import { lazySenseModel } from '../language/senses';
import { createDictionaryEngine } from './engine';
import type { DictionaryEngine } from './types';

export interface DictionaryServices {
  /** The engine: senses of a word in its sentence. Tests may hand in their own. */
  dictionary: DictionaryEngine;
}

// The engine's data is read-only and large: one engine serves every app in the process (the
// tests start many).
let sharedEngine: DictionaryEngine | undefined;
// CC-CEDICT is most of the engine's first question (1.2 s of its 1.8): held here so that a started
// product can read it between requests.
const sharedCedict = openCedict();
// The sense model (tens of MB in memory) likewise, read between requests by a started product.
const senseLog: string[] = [];
const sharedSenses = lazySenseModel(undefined, (line) => senseLog.push(line));
// The engine reads only a model that is read already: query_word waits for it between requests.
export const sharedDictionaryEngine = () =>
  (sharedEngine ??= createDictionaryEngine({ cedict: sharedCedict, senses: () => sharedSenses?.made ?? null }));
/** Reads the sense model between requests if need be; true once it is usable. */
const sensesReady = async () => (sharedSenses ? sharedSenses.ready() : false);

/** The contextual dictionary: query_word and explain_pos. */
export const dictionaryModule: UpstreamModule<
  Omit<
    DictionaryHandlersDeps,
    keyof Platform | keyof DictionaryServices | 'sentenceParser' | 'sentenceTrees' | 'treesReady' | 'sensesReady'
  > &
    ParserServices,
  DictionaryServices
> = {
  name: 'dictionary',
  services: {
    dictionary: () => sharedDictionaryEngine(),
  },
  calls: (deps) => dictionaryHandlers({ ...deps, sensesReady }),
  // The first lookup reads WordNet, ECDICT and CC-CEDICT (1.8 s here, several seconds on a busy
  // machine, holding the event loop): a started product does it soon after it listens rather
  // than on a learner's first click: CC-CEDICT between requests, the rest (0.6 s) at once. The
  // test stacks, which seed no library and start many servers side by side, leave it to the first
  // call, as the course books do.
  start: ({ config, dictionary, log }) => {
    if (!config.seedContent) return async () => {};
    return warmUpSoon(
      'dictionary: reading its data',
      async () => {
        await sharedCedict.loadSoon();
        await sharedSenses?.loadSoon();
        for (const line of senseLog.splice(0)) log(line);
        await dictionary.lookup({ pre_context: 'The plane took ', target_word: 'off', post_context: ' on time.' });
      },
      log,
    );
  },
};
