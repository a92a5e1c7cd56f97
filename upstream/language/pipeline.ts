import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CombineOptions, combineParses } from './combine';
import { mendTags, mendTree } from './mend';
import { type Arc, Parser, parserTag } from './parser';
import { lazily, runBetweenEvents, runNow, type Steps } from '../platform/steps';
import { type Tag, Tagger } from './tagger';
import { type Token, tokenize } from './tokenizer';
import type { UdSentence, UdWord } from './ud';
import { readModelFile, readModelFileSoon } from './model-file';

/*
 * Text to trees: the tokenizer, the tagger and the parser in one call, loaded once per process and
 * shared by every feature that reads a sentence's structure (analysis, the dictionary's role and
 * part of speech, passage parsing, the writer's checks). In-process and synchronous: a sentence of
 * 25 words is about a millisecond.
 */

export interface TreeParser {
  /** One sentence's tree. An empty or all-space sentence has no words. */
  parse(sentence: string): UdSentence;
  /**
   * The sentence's words with their tags and lemmas but no tree (head 0, relation ''): for what
   * needs only parts of speech (passage parsing), at a third of the cost.
   */
  tag(sentence: string): UdWord[];
  /** What loading cost, for the logs and bench:parser. */
  readonly loadMs: number;
}

/** A word's lemma from its form and tags; the dictionary's lemmatizer where it is at hand. */
export type Lemmatize = (form: string, upos: string, xpos: string) => string;

export const MODELS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'models');

/** Longest sentence parsed whole, in words; longer text is parsed in pieces of this size. */
const MAX_WORDS = 250;

/** The models as `train:parser` wrote them; null when they are missing or unreadable. */
export function loadTreeParser(dir = MODELS_DIR, log: (line: string) => void = () => {}): TreeParser | null {
  const started = performance.now();
  try {
    return createTreeParser(loadModels(dir), performance.now() - started);
  } catch (error) {
    log(unreadable(error));
    return null;
  }
}

/**
 * `loadTreeParser` without holding the event loop: the files are decompressed off the main thread
 * and read a few milliseconds at a time, so a server answers requests meanwhile. `loadMs` is then
 * the time it took, not the time it held the process.
 */
export async function loadTreeParserSoon(
  dir = MODELS_DIR,
  log: (line: string) => void = () => {},
  signal?: AbortSignal,
): Promise<TreeParser | null> {
  const started = performance.now();
  try {
    const texts = await Promise.all(MODEL_FILES.map((name) => readModelFileSoon(modelFile(dir, name))));
    const models = await runBetweenEvents(modelsOf(texts), signal);
    return models ? createTreeParser(models, performance.now() - started) : null;
  } catch (error) {
    log(unreadable(error));
    return null;
  }
}

const unreadable = (error: unknown) => `tree parser: models unreadable (${(error as Error).message}); analysis is approximate`;

/** The trained models: the tagger, and the parsers that read a sentence from each end. */
export interface Models {
  tagger: Tagger;
  parser: Parser;
  fromEnd: Parser;
}

/** The model files `train:parser` writes, each `<name>.txt.br`. */
const MODEL_FILES = ['tagger', 'parser', 'parser-rtl'] as const;

/** The models from their files; throws when a file is missing or not a model. */
export function loadModels(dir = MODELS_DIR): Models {
  return runNow(modelsOf(MODEL_FILES.map((name) => readModel(dir, name))));
}

/** The models from their files' texts, in the order of MODEL_FILES. */
function* modelsOf([tagger, parser, fromEnd]: string[]): Steps<Models> {
  return {
    tagger: yield* Tagger.parsing(tagger),
    parser: yield* Parser.parsing(parser),
    fromEnd: yield* Parser.parsing(fromEnd),
  };
}

const modelFile = (dir: string, name: string) => path.join(dir, `${name}.txt.br`);

/**
 * How the two parsers' trees are combined, chosen on EWT dev (`npm run bench:parser -- --split dev
 * --tune`): the margin scale at which an arc counts as sure, and the weight of each parser.
 */
export const COMBINATION: CombineOptions = { scale: 64, weights: [1, 1] };

/**
 * The tree of a tagged sentence (tags as `parserTag` gives them): both parsers', combined, and
 * mended where English settles what the treebank's web text rarely shows (`mendTree`).
 */
export function parseTagged(models: Models, forms: readonly string[], tags: readonly string[], combination = COMBINATION): Arc[] {
  const both = [models.parser.parse(forms, tags), models.fromEnd.parseFromEnd(forms, tags)];
  return mendTree(forms, tags, combineTrees(both, tags, combination));
}

/** The parsers' trees of a sentence made one, punctuation barred as a head (`tags` as above). */
export function combineTrees(trees: readonly Arc[][], tags: readonly string[], combination = COMBINATION): Arc[] {
  return combineParses(trees, combination, (h) => tags[h - 1].startsWith('PUNCT'));
}

/** A model file's text, without its provenance; throws when it is missing. */
export function readModel(dir: string, name: string): string {
  const file = modelFile(dir, name);
  if (!existsSync(file)) throw new Error(`${file} is missing`);
  return readModelFile(file);
}

/** A tree parser whose models are read when first needed, or sooner when asked. */
export interface LazyTreeParser extends TreeParser {
  /**
   * Reads the models now without holding the event loop (`loadTreeParserSoon`), for a server to
   * call soon after it listens. A sentence parsed before this is done reads them at once itself.
   */
  loadSoon(): Promise<void>;
  /** Reads the models between requests if need be; resolves whether they are usable. */
  ready(): Promise<boolean>;
}

/**
 * A tree parser that loads its models on first use (two seconds or more of work, holding the
 * event loop) unless `loadSoon` has done it meanwhile: for processes that may never parse, such as
 * most of the test servers. Null when the model files are not there; when they are there but
 * cannot be read, each call throws, and the callers answer approximately as they do for any parse
 * that fails.
 */
export function lazyTreeParser(dir = MODELS_DIR, log: (line: string) => void = () => {}): LazyTreeParser | null {
  if (MODEL_FILES.some((name) => !existsSync(modelFile(dir, name)))) {
    log(`tree parser: no models in ${dir}; analysis is approximate`);
    return null;
  }
  const trees = lazily(
    () => loadTreeParser(dir, log),
    async (signal) => (await loadTreeParserSoon(dir, log, signal)) ?? (signal.aborted ? undefined : null),
    (loaded, how) => {
      if (loaded) log(`tree parser: models loaded in ${Math.round(loaded.loadMs)} ms${how === 'now' ? '' : `, ${how}`}`);
    },
  );
  const load = (): TreeParser => {
    const loaded = trees.get();
    if (!loaded) throw new Error('tree parser: the models could not be read');
    return loaded;
  };
  return {
    get loadMs() {
      return trees.made?.loadMs ?? 0;
    },
    parse: (sentence) => load().parse(sentence),
    tag: (sentence) => load().tag(sentence),
    loadSoon: () => trees.loadSoon(),
    ready: () => trees.ready(),
  };
}

export function createTreeParser(models: Models, loadMs = 0, lemmatize: Lemmatize = ruleLemma): TreeParser {
  const { tagger } = models;
  const wordOf = (token: Token, { upos, xpos }: Tag): UdWord => ({
    form: token.form,
    lemma: lemmatize(token.form, upos, xpos),
    upos,
    xpos,
    feats: featsOf(xpos),
    head: 0,
    deprel: '',
    ...(token.spaceAfter ? {} : { noSpaceAfter: true }),
    start: token.start,
    end: token.end,
  });
  /** The sentence's words in pieces of at most MAX_WORDS, each tagged. */
  function* tagged(sentence: string) {
    const tokens = tokenize(sentence);
    for (let from = 0; from < tokens.length; from += MAX_WORDS) {
      const piece = tokens.slice(from, from + MAX_WORDS);
      const forms = piece.map((t) => t.form);
      yield { from, piece, forms, tags: mendTags(forms, tagger.tag(forms)) };
    }
  }
  return {
    loadMs,
    tag(sentence) {
      const words: UdWord[] = [];
      for (const { piece, tags } of tagged(sentence)) {
        for (const [k, token] of piece.entries()) words.push(wordOf(token, tags[k]));
      }
      return words;
    },
    parse(sentence) {
      const words: UdWord[] = [];
      for (const { from, piece, forms, tags } of tagged(sentence)) {
        const arcs = parseTagged(models, forms, tags.map(parserTag));
        piece.forEach((token, k) => {
          // A later piece hangs from the first piece's root, as a run-on continues a sentence.
          const head = arcs[k].head === 0 ? (from === 0 ? 0 : rootOf(words)) : arcs[k].head + from;
          const deprel = arcs[k].head === 0 && from > 0 ? 'parataxis' : arcs[k].deprel;
          words.push({ ...wordOf(token, tags[k]), head, deprel });
        });
      }
      return { text: sentence, words };
    },
  };
}

const rootOf = (words: UdWord[]) => words.findIndex((w) => w.head === 0) + 1;

/** The morphology a Penn tag implies, in UD's features (what the analysis reads: tense, form). */
export function featsOf(xpos: string): Record<string, string> {
  switch (xpos) {
    case 'VBD':
      return { Mood: 'Ind', Tense: 'Past', VerbForm: 'Fin' };
    case 'VBZ':
      return { Mood: 'Ind', Number: 'Sing', Person: '3', Tense: 'Pres', VerbForm: 'Fin' };
    case 'VBP':
      return { Mood: 'Ind', Tense: 'Pres', VerbForm: 'Fin' };
    case 'VB':
      return { VerbForm: 'Inf' };
    case 'VBG':
      return { VerbForm: 'Ger' };
    case 'VBN':
      return { Tense: 'Past', VerbForm: 'Part' };
    case 'NN':
    case 'NNP':
      return { Number: 'Sing' };
    case 'NNS':
    case 'NNPS':
      return { Number: 'Plur' };
    case 'JJR':
    case 'RBR':
      return { Degree: 'Cmp' };
    case 'JJS':
    case 'RBS':
      return { Degree: 'Sup' };
    default:
      return {};
  }
}

// The clitics and closed-class forms whose lemma is another word (as EWT lemmatizes them).
// biome-ignore format: a table, laid out by hand to be read as one
const CLOSED: Record<string, string> = {
  "n't": 'not', 'nt': 'not', "'m": 'be', "'re": 'be', am: 'be', is: 'be', are: 'be', was: 'be', were: 'be',
  been: 'be', being: 'be', "'ve": 'have', has: 'have', had: 'have', having: 'have', "'ll": 'will', ca: 'can',
  wo: 'will', does: 'do', did: 'do', done: 'do', doing: 'do', me: 'I', i: 'I', my: 'my', us: 'we', him: 'he',
  them: 'they', an: 'a', could: 'could', would: 'would', should: 'should', might: 'might',
};

/**
 * The lemma without a dictionary: closed-class forms from a table, regular endings stripped by
 * tag. The analysis reads forms and tags; the dictionary, which needs lemmas, has its own.
 */
export function ruleLemma(form: string, upos: string, xpos: string): string {
  const lower = form.toLowerCase().replace(/’/g, "'");
  if (upos === 'PROPN') return form;
  if (lower in CLOSED && (upos === 'AUX' || upos === 'PRON' || upos === 'PART' || upos === 'DET' || upos === 'VERB')) {
    return CLOSED[lower];
  }
  if (xpos === 'NNS' && lower.length > 3) {
    if (lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
    if (/(?:ch|sh|s|x|z)es$/.test(lower)) return lower.slice(0, -2);
    if (lower.endsWith('s') && !lower.endsWith('ss')) return lower.slice(0, -1);
  }
  if (xpos === 'VBZ' && lower.length > 3) {
    if (lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
    if (/(?:ch|sh|ss|x|z|o)es$/.test(lower)) return lower.slice(0, -2);
    if (lower.endsWith('s')) return lower.slice(0, -1);
  }
  return lower;
}
