import type { Explanation } from '../../lib/contract';
import type { Users } from '../account/users';
import type { GrammarCatalogue } from '../analysis/types';
import { type FreeUseTicket, freeUseContext, type UsageLedger } from '../metering/usage-ledger';
import type { Caller } from '../platform/caller';
import type { CallHandlers } from '../platform/contract-routes';
import { eventStream as platformEventStream } from '../platform/event-stream';
import { badRequest, notFound, ok, UpstreamError } from '../platform/http';
import type { Clock } from '../platform/time';
import type { ExpertInstructions } from '../expert-instructions/expert-instructions';
import type { Asker } from '../platform/caller';
import type { Conversation, Conversations } from './conversations';
import { type LanguageModel, LanguageModelError } from '../platform/language-model';
import type { DictionaryEngine } from '../dictionary/types';
import { offlineReply, openQuestions, suggestedQuestions } from './offline-tutor';
import { tutorMessages } from './prompt';
import { labelName, type Position } from './span-reading';

export interface ChatHandlersDeps {
  users: Pick<Users, 'userForToken' | 'isVip'>;
  /** The model's answers are metered (ask_tutor); the offline tutor's are not. */
  ledger: Pick<UsageLedger, 'requireFreeUse'>;
  conversations: Conversations;
  grammarCatalogue: GrammarCatalogue;
  /** The contextual dictionary: the offline tutor answers what a word means in the sentence. */
  dictionary?: Pick<DictionaryEngine, 'lookup'>;
  llm: LanguageModel | null;
  /** The experts' current instruction for the tutor goes into its system prompt. */
  expertInstructions: Pick<ExpertInstructions, 'instructionFor'>;
  now: Clock;
  log: (line: string) => void;
}

/*
 * Refusals of a question. In ask_stream they come as a message of the stream (its HTTP status
 * is 200 once it has begun, and an event-stream client reads no error body); in ask as the HTTP
 * answer. A round id that is not the count of replies so far is 409: the learner's page is behind
 * (another tab answered) and should reload the conversation.
 */
const pendingReply = () => new UpstreamError(429, '000', '操作太频繁，请勿重复请求');
const wrongRound = () => new UpstreamError(409, '409', '对话轮次已变化，请刷新对话后再提问');
const outsideSentence = () => badRequest('所选部分不在句子范围内');
const modelFailed = (error: unknown) =>
  new UpstreamError(
    502,
    '500',
    error instanceof LanguageModelError && error.reason === 'silent'
      ? '大模型服务响应超时，请稍后再试'
      : '大模型服务出错，请稍后再试',
  );

interface AskInput {
  label: string;
  start: string | number;
  end: string | number;
  question: string;
  conversation_id: string | number;
  round_id: string | number;
}

/** A question with its reply claimed: the one reply of this round of this conversation. */
interface ClaimedAsk {
  conversation: Conversation;
  round: number;
  since: string;
  position: Position;
  question: string;
  askedAt: string;
}

type StreamMessage = { content: string; completed?: boolean } | { status: string; description: string };

/** The tutor's event stream: a producer that throws ends it with the catalogue's server error. */
function eventStream(
  produce: (send: (message: StreamMessage) => void, signal: AbortSignal) => Promise<void>,
  requestSignal: AbortSignal | undefined,
  log: (line: string) => void,
): Response {
  return platformEventStream<StreamMessage>(produce, requestSignal, (error, send) => {
    log(`[error] ask_stream: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    send({ status: '500', description: '服务器错误' });
  });
}

const integer = (value: string | number) => {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(n) ? n : undefined;
};

/** The AI tutor's calls: conversations, suggested questions, answers (streamed or not), feedback. */
export function chatHandlers({
  users,
  conversations,
  grammarCatalogue,
  dictionary,
  llm,
  expertInstructions,
  ledger,
  now,
  log,
}: ChatHandlersDeps): CallHandlers {
  async function askerOf(caller: Caller): Promise<Asker> {
    const user = await users.userForToken(caller.token);
    return { userId: user?.id, visitorId: caller.visitorId, ip: caller.ip };
  }

  /**
   * A model's answer is one free use of ask_tutor, taken before the model is asked (or the quota
   * answer thrown) and given back when no answer is kept; the offline tutor is free.
   */
  async function chargeForModel(caller: Caller): Promise<FreeUseTicket | undefined> {
    if (!llm) return undefined;
    const user = await users.userForToken(caller.token);
    return ledger.requireFreeUse(
      freeUseContext(caller, user, (u) => users.isVip(u)),
      'ask_tutor',
    );
  }

  async function owned(asker: Asker, id: string | number): Promise<Conversation> {
    const conversation = await conversations.ownedBy(asker, String(id));
    if (!conversation) throw notFound();
    return conversation;
  }

  /** The span, checked against the sentence's words when the conversation has an analysed one. */
  function positionOf(conversation: Conversation, input: { label: string; start: string | number; end: string | number }) {
    const start = integer(input.start);
    const end = integer(input.end);
    if (start === undefined || end === undefined) throw badRequest('start 和 end 应为整数');
    const words = conversation.analysis?.spans.words.length;
    if (start < 0 || end <= start || (words !== undefined && end > words)) throw outsideSentence();
    return { label: input.label, start, end };
  }

  async function claim(asker: Asker, input: AskInput): Promise<ClaimedAsk> {
    const conversation = await owned(asker, input.conversation_id);
    const position = positionOf(conversation, input);
    const round = integer(input.round_id);
    if (round === undefined || round < 0) throw badRequest('round_id 应为非负整数');
    const askedAt = now().toISOString();
    const claimed = await conversations.claim(conversation.id, round);
    if (!claimed.claimed) {
      if (claimed.why === 'pending') throw pendingReply();
      if (claimed.why === 'wrong-round') throw wrongRound();
      throw notFound();
    }
    return { conversation, round, since: claimed.since, position, question: input.question.trim(), askedAt };
  }

  /** The reply's pieces: the model's as they come, or the offline explanation's. */
  async function reply(ask: ClaimedAsk, signal: AbortSignal) {
    if (!llm) {
      const pieces = offlineReply(
        ask.conversation.analysis,
        { ...ask.position, question: ask.question },
        { catalogue: grammarCatalogue, dictionary, sentence: ask.conversation.sentence },
      );
      return {
        source: 'offline' as const,
        pieces: (async function* () {
          for (const piece of pieces) {
            yield piece;
            // Each piece its own write: the reply streams in phrases, as the model's would.
            await new Promise((resolve) => setImmediate(resolve));
          }
        })(),
      };
    }
    const [history, instruction] = await Promise.all([
      conversations.messages(ask.conversation.id),
      expertInstructions.instructionFor('tutor'),
    ]);
    const messages = tutorMessages(
      ask.conversation,
      { ...ask.position, label: labelName(ask.position.label), question: ask.question },
      history,
      grammarCatalogue,
      instruction,
    );
    return { source: 'model' as const, pieces: llm.stream(messages, { signal }) };
  }

  /** Stores the round's question and reply; the claim is released with it. */
  const complete = (ask: ClaimedAsk, content: string, source: 'model' | 'offline') =>
    conversations.completeRound(
      ask.conversation.id,
      ask.round,
      ask.since,
      {
        type: 'question',
        content: ask.question,
        label: ask.position.label,
        start: ask.position.start,
        end: ask.position.end,
        createdAt: ask.askedAt,
      },
      { type: 'chat', content, source, createdAt: now().toISOString() },
    );

  return {
    create_conversation: async ({ sentence, scene }, caller) => {
      const asker = await askerOf(caller);
      const text = sentence?.trim() || undefined;
      // A new conversation about a sentence the learner analysed carries that analysis on.
      const analysis = text ? await conversations.latestAnalysis(asker, text) : undefined;
      const id = await conversations.create(asker, { sentence: text, scene: scene || (text ? 'sentence' : 'cloze'), analysis });
      return ok({ conversation_id: id });
    },

    get_questions: async (input, caller) => {
      const conversation = await owned(await askerOf(caller), input.conversation_id);
      const position = positionOf(conversation, input);
      // Questions about the words clicked, each one the offline tutor answers; a free chat has only
      // open questions, which only the model answers.
      const questions = conversation.analysis
        ? suggestedQuestions(conversation.analysis, position, {
            catalogue: grammarCatalogue,
            dictionary,
            sentence: conversation.sentence,
          })
        : llm
          ? openQuestions(position)
          : [];
      return ok({ questions });
    },

    ask_stream: async (input, caller) => {
      const asker = await askerOf(caller);
      return eventStream(
        async (send, signal) => {
          let ask: ClaimedAsk;
          let ticket: FreeUseTicket | undefined;
          try {
            ask = await claim(asker, input);
          } catch (error) {
            if (!(error instanceof UpstreamError)) throw error;
            send(error.body as { status: string; description: string });
            return;
          }
          let stored = false;
          try {
            ticket = await chargeForModel(caller);
            const { source, pieces } = await reply(ask, signal);
            let content = '';
            for await (const piece of pieces) {
              if (signal.aborted) break;
              content += piece;
              send({ content: piece });
            }
            // A reply the learner left before its end is not kept: the round stays open for them.
            if (signal.aborted) return;
            await complete(ask, content, source);
            stored = true;
            send({ content: '', completed: true });
          } catch (error) {
            if (signal.aborted) return;
            // Out of free uses: the stream's message carries the quota status for the client's flow.
            if (error instanceof UpstreamError) return send(error.body as { status: string; description: string });
            if (!(error instanceof LanguageModelError)) throw error;
            log(`ask_stream: the model failed (${error.message})`);
            send(modelFailed(error).body as { status: string; description: string });
          } finally {
            if (!stored) {
              await conversations.release(ask.conversation.id, ask.since);
              await ticket?.giveBack();
            }
          }
        },
        caller.signal,
        log,
      );
    },

    ask: async (input, caller) => {
      const ask = await claim(await askerOf(caller), input);
      const signal = caller.signal ?? new AbortController().signal;
      let stored = false;
      let ticket: FreeUseTicket | undefined;
      try {
        ticket = await chargeForModel(caller);
        const { source, pieces } = await reply(ask, signal);
        let content = '';
        for await (const piece of pieces) content += piece;
        await complete(ask, content, source);
        stored = true;
        return ok({ content, round_id: ask.round });
      } catch (error) {
        if (!(error instanceof LanguageModelError)) throw error;
        log(`ask: the model failed (${error.message})`);
        throw modelFailed(error);
      } finally {
        if (!stored) {
          await conversations.release(ask.conversation.id, ask.since);
          await ticket?.giveBack();
        }
      }
    },

    explain: async ({ answer, round_id, conversation_id }, caller) => {
      const conversation = await owned(await askerOf(caller), conversation_id);
      const round = integer(round_id);
      if (round === undefined || round < 0) throw badRequest('round_id 应为非负整数');
      const known = grammarCatalogue.points.map((p) => p.name);
      // Longer names first, so that 非限制性定语从句 is not also read as 定语从句.
      const named: string[] = [];
      let rest = answer;
      for (const name of [...known].sort((a, b) => b.length - a.length)) {
        if (rest.includes(name)) {
          named.push(name);
          rest = rest.replaceAll(name, ' ');
        }
      }
      const names = new Set(named);
      const question = await conversations.questionOf(conversation.id, round);
      const points = conversation.analysis?.grammar_points ?? [];
      if (question?.start !== undefined && question.end !== undefined) {
        const { start, end } = question;
        for (const hit of points) if (hit.start < end && hit.end > start) names.add(hit.name);
      }
      if (named.length === 0) for (const hit of points) names.add(hit.name);
      const explanations: Explanation[] = [];
      for (const name of names) {
        const object = grammarCatalogue.byName(name);
        if (object) explanations.push({ ...object.explanation, roundId: round });
      }
      return ok(explanations);
    },

    store_sentence_user_feedback: async ({ good_or_bad, conversation_id, round_id }, caller) => {
      const conversation = await owned(await askerOf(caller), conversation_id);
      const round = integer(round_id);
      if (round === undefined || !(await conversations.rate(conversation.id, round, good_or_bad))) throw notFound();
      return ok();
    },

    get_conversation_history: async ({ conversation_id }, caller) => {
      const conversation = await owned(await askerOf(caller), conversation_id);
      return ok({
        conversation_id: conversation.id,
        sentence: conversation.sentence,
        scene: conversation.scene,
        analysis: conversation.analysis,
        messages: await conversations.messages(conversation.id),
      });
    },
  };
}
