import type { LanguageModel } from '../platform/language-model';
import type { DictionaryEngine } from '../dictionary/types';
import { glossOf } from './gloss';

export interface Translation {
  translation: string;
  /** 'model' for the model's translation, 'gloss' for the offline word-by-word gloss. */
  source: 'model' | 'gloss';
}

export interface TranslatorDeps {
  dictionary: Pick<DictionaryEngine, 'lookup'>;
  llm: LanguageModel | null;
  log?: (line: string) => void;
}

const instructions = '你是专业的英汉翻译。把用户给出的英文译成自然、准确的简体中文，只输出译文，不加解释、引号或原文。';

/**
 * Translation: the model's when one is configured, else the word-by-word gloss. A model that
 * fails or takes too long is answered for by the gloss, so a translation never goes missing.
 */
export function createTranslator({ dictionary, llm, log = () => {} }: TranslatorDeps) {
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
      return { translation: glossOf(text, dictionary), source: 'gloss' };
    },
  };
}

export type Translator = ReturnType<typeof createTranslator>;
