import { type LazyTreeParser, lazyTreeParser, type TreeParser } from '../language/pipeline';
import { warmUpSoon } from '../platform/warm-up';
import type { UpstreamModule } from '../platform/module';
import { createLinkGrammar, type LinkGrammar, linkGrammarInstalled } from './link-grammar';
import { withParseCache, withTreeCache } from './parse-cache';

export interface ParserServices {
  /**
   * The Link Grammar worker behind a cache of recent sentences, or null when link-parser is not
   * installed. The dictionary's word roles read it (on its sense benchmark they still score better
   * than the tree's: 54.5% against 50.7%), and the writer's checks: a sentence it cannot link
   * completely is the signal a trained parser, which always answers a tree, does not give.
   */
  sentenceParser: LinkGrammar | null;
  /**
   * The trained tagger and dependency parser (upstream/language) behind a cache of recent
   * sentences, or null when its model files are not there: sentence analysis and passage parsing
   * read it.
   */
  sentenceTrees: TreeParser | null;
  /**
   * Reads the trained models between requests if they are not read yet, and resolves true once
   * they are usable (false without them): for a call that would rather answer without the tree
   * than hold every other request while the models load.
   */
  treesReady: () => Promise<boolean>;
}

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

// The models load once per process (a few seconds, tens of MB), in-process, on the first sentence,
// and every app of the process shares them, as it shares the Link Grammar worker.
let lazyTrees: LazyTreeParser | null | undefined;
let sharedTrees: TreeParser | null = null;
const treeLog: string[] = [];
const treesOfProcess = () => {
  if (lazyTrees === undefined) {
    lazyTrees = lazyTreeParser(undefined, (line) => treeLog.push(line));
    sharedTrees = lazyTrees && withTreeCache(lazyTrees);
  }
  return sharedTrees;
};

/** The sentence parsers (no calls of their own): services of the analysis, the dictionary, the tools. */
export const parserModule: UpstreamModule<object, ParserServices> = {
  name: 'parser',
  services: {
    sentenceParser: ({ log }) => {
      const parser = parserOfProcess();
      if (!parser)
        log("sentence parser: link-parser not installed; word roles are approximate and the writer's grammar checks are off");
      // Start the worker now (its dictionaries take a moment to load), so that the first lookup
      // gets its parse within the dictionary's budget.
      parser?.parse('The parser is ready.').catch(() => {});
      return parser;
    },
    sentenceTrees: ({ log }) => {
      const trees = treesOfProcess();
      for (const line of treeLog.splice(0)) log(line);
      return trees;
    },
    treesReady: () => {
      treesOfProcess();
      const trees = lazyTrees;
      return async () => (trees ? trees.ready() : false);
    },
  },
  // A started product loads the models soon after it listens rather than on a learner's first
  // click, between requests (it answers meanwhile); the test servers, which start many side by
  // side, leave it to the first sentence.
  start: ({ config, log }) => {
    treesOfProcess();
    const trees = lazyTrees;
    if (!config.seedContent || !trees) return async () => {};
    return warmUpSoon(
      'parser: loading the tagger and parser',
      async () => {
        await trees.loadSoon();
        for (const line of treeLog.splice(0)) log(line);
      },
      log,
    );
  },
};
