import { loadTreeParser, type TreeParser } from '../language/pipeline';
import type { UpstreamModule } from '../platform/module';
import { createLinkGrammar, type LinkGrammar, linkGrammarInstalled } from './link-grammar';
import { withParseCache } from './parse-cache';

export interface ParserServices {
  /**
   * The Link Grammar worker behind a cache of recent sentences, or null when link-parser is not
   * installed. Sentence analysis and the dictionary (the target's role) share it: a learner who
   * clicks three words of a sentence and then analyses it costs one parse.
   */
  sentenceParser: LinkGrammar | null;
  /**
   * The trained tagger and dependency parser (upstream/language), or null when their model files
   * cannot be read. Loaded once per process and shared by every app in it.
   */
  sentenceTrees: TreeParser | null;
}

let sharedTrees: TreeParser | null | undefined;

// One parser worker per process, shared by every app in it (the tests start many): it holds a
// link-parser process with its dictionaries loaded. It lives as long as the process; a worker
// that dies is restarted by the next sentence.
let sharedParser: LinkGrammar | null | undefined;
const parserOfProcess = () => {
  if (sharedParser === undefined) {
    const parser = linkGrammarInstalled() ? createLinkGrammar() : null;
    sharedParser = parser && {
      ...withParseCache(parser),
      // Closing one app must not stop the parser the other apps of the process share.
      close: () => {},
    };
  }
  return sharedParser;
};

/** The sentence parser (no calls of its own): a service of the analysis and the dictionary. */
export const parserModule: UpstreamModule<object, ParserServices> = {
  name: 'parser',
  services: {
    sentenceParser: ({ log }) => {
      const parser = parserOfProcess();
      if (!parser)
        log('sentence parser: link-parser not installed; analysis and word roles are approximate (the wink-nlp tagger)');
      // Start the worker now (its dictionaries take a moment to load), so that the first lookup
      // gets its parse within the dictionary's budget.
      parser?.parse('The parser is ready.').catch(() => {});
      return parser;
    },
    sentenceTrees: ({ log }) => {
      if (sharedTrees === undefined) {
        sharedTrees = loadTreeParser(undefined, log);
        if (sharedTrees) log(`tree parser: models loaded in ${Math.round(sharedTrees.loadMs)} ms`);
      }
      return sharedTrees;
    },
  },
};
