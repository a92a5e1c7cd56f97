import type { AnalysisAnswer } from '../../lib/contract';
import type { Users } from '../account/users';
import type { MeteredFeature } from '../metering/entitlements';
import { freeUseContext, type UsageLedger } from '../metering/usage-ledger';
import type { CallHandlers } from '../platform/contract-routes';
import { badRequest, ok, UpstreamError } from '../platform/http';
import { ParserBusy } from '../parser/link-grammar';
import type { SentenceBank } from './sentence-bank';
import type { Translator } from './translation';
import type { GrammarCatalogue, SentenceAnalyzer } from './types';
import type { Asker } from '../platform/caller';

const analysisFeature: MeteredFeature = 'analyze_sentence';

/**
 * How long the analysis waits for the model's translation before it answers with the gloss: the
 * learner is waiting for the whole panel.
 */
export const analysisTranslationTimeoutMs = 8_000;

/** What analysis needs of the tutor: a conversation begun with the sentence and its analysis, by id. */
export interface ConversationStarter {
  create(asker: Asker, fields: { sentence: string; scene: 'sentence'; analysis: AnalysisAnswer }): Promise<string>;
}

export interface AnalysisHandlersDeps {
  users: Pick<Users, 'userForToken' | 'requireUser' | 'isVip'>;
  ledger: Pick<UsageLedger, 'metered'>;
  sentenceAnalyzer: SentenceAnalyzer;
  grammarCatalogue: GrammarCatalogue;
  translator: Translator;
  sentenceBank: SentenceBank;
  /** Where the tutor's conversation about an analysed sentence begins (the chat's conversations). */
  conversations: ConversationStarter;
}

/** A sentence with something to analyse: at least one letter or digit of English. */
const hasWords = (sentence: string) => /[A-Za-z0-9]/.test(sentence);

/** Sentence analysis, the grammar catalogue, translation and the user's sentences. */
export function analysisHandlers({
  users,
  ledger,
  sentenceAnalyzer,
  grammarCatalogue,
  translator,
  sentenceBank,
  conversations,
}: AnalysisHandlersDeps): CallHandlers {
  /** The structure and the translation of a sentence, worked out side by side. */
  async function analyse(sentence: string): Promise<AnalysisAnswer> {
    const [analysis, translation] = await Promise.all([
      sentenceAnalyzer.analyze(sentence).catch((error: unknown) => {
        if (error instanceof ParserBusy) throw new UpstreamError(503, '503', '句子分析繁忙，请稍后再试');
        throw error;
      }),
      // The offline gloss is mostly synchronous work: it waits one turn of the event loop, so that
      // the sentence is on its way to the parser process first and the two run side by side.
      new Promise((resolve) => setImmediate(resolve)).then(() =>
        translator.translate(sentence, { timeoutMs: analysisTranslationTimeoutMs }),
      ),
    ]);
    return {
      translation: translation.translation,
      translation_source: translation.source,
      ...(translation.entries ? { gloss_entries: translation.entries } : {}),
      spans: { words: analysis.words, spans: analysis.spans },
      labels_needed_to_explain: [...new Set(analysis.grammarPoints.map((p) => p.name))],
      grammar_points: analysis.grammarPoints,
      engine: analysis.engine,
    };
  }

  return {
    analyze_sentence: async ({ sentence: raw, from }, caller) => {
      const sentence = raw.trim();
      // Refused before it is counted: nothing was analysed.
      if (!hasWords(sentence)) throw badRequest('句子中没有可分析的英文单词');
      const user = await users.userForToken(caller.token);
      const asker = { userId: user?.id, visitorId: caller.visitorId, ip: caller.ip };
      // The use is given back when the analysis fails (a busy parser, an error): only an answer
      // is worth one.
      const { result, left } = await ledger.metered(
        freeUseContext(caller, user, (u) => users.isVip(u)),
        analysisFeature,
        async () => {
          const answer = await analyse(sentence);
          const conversationId = await conversations.create(asker, { sentence, scene: 'sentence', analysis: answer });
          if (user) await sentenceBank.recordAnalysis(user.id, sentence, conversationId, from ?? '');
          return { analysis_result: { answer }, conversation_id: conversationId };
        },
      );
      return ok({ ...result, ...(left === null ? {} : { free_uses_left: left }) });
    },

    get_grammar_objects: async () => ok({ grammar_objects: [...grammarCatalogue.points] }),

    get_sentence_history: async ({ strange, ...paging }, caller) => {
      const user = await users.requireUser(caller);
      return ok(await sentenceBank.history(user.id, { strange }, paging));
    },

    set_sentence_strange_status: async ({ sentence, strange, from }, caller) => {
      const user = await users.requireUser(caller);
      const text = sentence.trim();
      if (!hasWords(text)) throw badRequest('句子中没有可分析的英文单词');
      return ok(await sentenceBank.setStrange(user.id, text, strange, from));
    },

    translate: async ({ text }, caller) => {
      const trimmed = text.trim();
      if (!hasWords(trimmed)) throw badRequest('没有可翻译的英文内容');
      // The offline gloss is free; the model's translation is a metered use, given back when the
      // model fails and the gloss stands in.
      if (!translator.usesModel) return ok(await translator.translate(trimmed));
      const user = await users.userForToken(caller.token);
      const { result, left } = await ledger.metered(
        freeUseContext(caller, user, (u) => users.isVip(u)),
        'translate',
        () => translator.translate(trimmed),
        (translation) => translation.source === 'model',
      );
      return ok({ ...result, ...(left === null ? {} : { free_uses_left: left }) });
    },
  };
}
