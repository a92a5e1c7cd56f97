import type { GlossEntry } from '../../lib/contract';
import type { TreeParser } from '../language/pipeline';
import type { UdWord } from '../language/ud';
import { clauseAround } from '../parser/clause';
import { afterInputDue, type LinkGrammar, type Parse } from '../parser/link-grammar';
import type { LanguageModel } from '../platform/language-model';
import type { DictionaryEngine } from '../dictionary/types';
import { glossEntries, glossLine, type SentenceReadings } from './gloss';

export interface Translation {
  translation: string;
  /** 'model' for the model's translation, 'gloss' for the offline word-by-word gloss. */
  source: 'model' | 'gloss';
  /** The gloss's entries (source 'gloss'). */
  entries?: GlossEntry[];
}

export interface TranslatorDeps {
  dictionary: Pick<DictionaryEngine, 'lookup' | 'sentenceOf' | 'lemmasOf'>;
  llm: LanguageModel | null;
  /** Link Grammar, or null: the word roles and expressions query_word reads. */
  sentenceParser?: Pick<LinkGrammar, 'parse'> | null;
  /** The trained parser, or null: the sense model reads its tree. */
  sentenceTrees?: Pick<TreeParser, 'parse'> | null;
  /** Resolves true once the trained parser is usable (read between requests). */
  modelsReady?: () => Promise<boolean>;
  log?: (line: string) => void;
}

const instructions = '你是专业的英汉翻译。把用户给出的英文译成自然、准确的简体中文，只输出译文，不加解释、引号或原文。';

/** How long the gloss waits for one sentence's Link Grammar parse, as query_word does. */
const parseBudgetMs = 400;
/** How long the gloss of a process that has just started waits for the trained parser to be read. */
const modelBudgetMs = 3_000;

/**
 * Translation: the model's when one is configured, else the word-by-word gloss. A model that
 * fails or takes too long is answered for by the gloss, so a translation never goes missing.
 */
export function createTranslator({
  dictionary,
  llm,
  sentenceParser = null,
  sentenceTrees = null,
  modelsReady = async () => false,
  log = () => {},
}: TranslatorDeps) {
  // Whether the models are read: until then no gloss reads a tree (reading them at once would hold
  // every other request), as query_word does.
  let modelsRead = false;
  async function modelsWithinBudget(): Promise<boolean> {
    if (modelsRead) return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), modelBudgetMs);
    });
    try {
      modelsRead = await Promise.race([modelsReady().catch(() => false), late]);
      return modelsRead;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The same readings of each sentence that query_word hands the dictionary, each worked out once. */
  async function readings(): Promise<SentenceReadings> {
    const withTrees = sentenceTrees !== null && (await modelsWithinBudget());
    const trees = new Map<string, readonly UdWord[] | undefined>();
    const parses = new Map<string, Promise<Parse | undefined>>();
    let parserLate = false;
    return {
      tree(sentence) {
        if (!withTrees || !sentenceTrees) return undefined;
        if (!trees.has(sentence)) {
          let words: readonly UdWord[] | undefined;
          try {
            words = sentenceTrees.parse(sentence).words;
          } catch {
            words = undefined;
          }
          trees.set(sentence, words);
        }
        return trees.get(sentence);
      },
      parse(sentence) {
        if (!sentenceParser || parserLate) return Promise.resolve(undefined);
        // Several words of a sentence share its piece: the piece is parsed once.
        const piece = clauseAround(sentence.text, sentence.start, sentence.end);
        let parse = parses.get(piece.text);
        if (!parse) {
          let timer: ReturnType<typeof setTimeout> | undefined;
          const late = new Promise<undefined>((resolve) => {
            timer = afterInputDue(parseBudgetMs, () => {
              // A parser that misses its budget once is busy: the rest of the text is glossed
              // without it rather than waiting for it word after word.
              parserLate = true;
              resolve(undefined);
            });
          });
          const parsed = sentenceParser.parse(piece.text).catch(() => undefined);
          parse = Promise.race([parsed, late]).finally(() => clearTimeout(timer));
          parses.set(piece.text, parse);
        }
        return parse.then((p) => (p && piece.from !== 0 ? { ...p, from: piece.from } : p));
      },
    };
  }

  async function gloss(text: string): Promise<Translation> {
    const entries = await glossEntries(text, dictionary, await readings());
    return { translation: glossLine(entries), source: 'gloss', entries };
  }

  return {
    /** Whether a model is configured: its translations are metered, the gloss is not. */
    usesModel: llm !== null,
    async translate(text: string, options: { timeoutMs?: number } = {}): Promise<Translation> {
      if (llm) {
        try {
          const translation = (
            await llm.complete(
              [
                { role: 'system', content: instructions },
                { role: 'user', content: text },
              ],
              { timeoutMs: options.timeoutMs },
            )
          ).trim();
          if (translation) return { translation, source: 'model' };
        } catch (error) {
          log(
            `translation: the model failed (${error instanceof Error ? error.message : String(error)}); answering with the gloss`,
          );
        }
      }
      return gloss(text);
    },
  };
}

export type Translator = ReturnType<typeof createTranslator>;
