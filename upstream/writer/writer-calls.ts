import { writerLimits, type WriterReviewEvent } from '../../lib/contract';
import type { Users } from '../account/users';
import { type LanguageModel, LanguageModelError } from '../platform/language-model';
import { freeUseContext, freeUsesGone, type UsageLedger } from '../metering/usage-ledger';
import type { CallHandlers } from '../platform/contract-routes';
import { eventStream } from '../platform/event-stream';
import { ok } from '../platform/http';
import type { ExpertInstructions } from '../expert-instructions/expert-instructions';
import type { PassageReader } from '../passage/passage';
import type { WriterChecker } from './writer-checks';
import type { WriterDrafts } from './writer-drafts';
import { createSectionSplitter, writerReviewMessages } from './writer-prompt';

export interface WriterHandlersDeps {
  users: Pick<Users, 'requireUser' | 'userForToken' | 'isVip'>;
  /** A review the model writes is one use of 'writer_review' (the entitlements table). */
  ledger: Pick<UsageLedger, 'takeFreeUse'>;
  passageReader: PassageReader;
  writerChecker: WriterChecker;
  writerDrafts: WriterDrafts;
  llm: LanguageModel | null;
  /** The experts' current instruction for the writer goes into the review's system prompt. */
  expertInstructions: Pick<ExpertInstructions, 'instructionFor'>;
  log: (line: string) => void;
}

const noModel = { status: '503', description: 'AI 点评需要配置大模型（LLM_BASE_URL），当前未配置；上面的自动检查不受影响。' };
const modelFailed = (error: unknown) => ({
  status: '500',
  description:
    error instanceof LanguageModelError && error.reason === 'silent'
      ? '大模型服务响应超时，请稍后再试'
      : '大模型服务出错，请稍后再试',
});

/** The writer: the offline checks, the model's streamed review, the learner's drafts. */
export function writerHandlers({
  users,
  passageReader,
  writerChecker,
  writerDrafts,
  llm,
  expertInstructions,
  log,
  ledger,
}: WriterHandlersDeps): CallHandlers {
  const checkText = (text: string) => writerChecker.check(text, passageReader.read(text, { phrases: false }));

  return {
    writer_chat: async ({ text }) => ok({ ...(await checkText(text)), model_available: llm !== null }),

    writer_review: async ({ text, exam }, caller) =>
      eventStream<WriterReviewEvent>(
        async (send, signal) => {
          if (!llm) return send(noModel);
          // Counted once the review can be written; the refusal comes as the stream's message,
          // with the quota status the client's quota flow acts on.
          const user = await users.userForToken(caller.token);
          const taken = await ledger.takeFreeUse(
            freeUseContext(caller, user, (u) => users.isVip(u)),
            'writer_review',
          );
          if ('refused' in taken) return send({ status: taken.refused, description: freeUsesGone });
          // A review that does not reach its end (the model fails, the learner leaves) is given back.
          let completed = false;
          try {
            const [{ flags }, instruction] = await Promise.all([checkText(text), expertInstructions.instructionFor('writer')]);
            const messages = writerReviewMessages(text, exam ?? 'general', flags, instruction);
            const splitter = createSectionSplitter((section, content) => send({ section, content }));
            for await (const piece of llm.stream(messages, { signal })) splitter.push(piece);
            splitter.end();
            if (!signal.aborted) {
              send({ completed: true, model: llm.model });
              completed = true;
            }
          } catch (error) {
            if (signal.aborted) return;
            log(`[error] writer_review: ${error instanceof Error ? error.message : String(error)}`);
            send(modelFailed(error));
          } finally {
            if (!completed) await taken.ticket.giveBack();
          }
        },
        caller.signal,
        (error, send) => {
          log(`[error] writer_review: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          send({ status: '500', description: '服务器错误' });
        },
      ),

    query_writer_drafts: async (_input, caller) => {
      const user = await users.requireUser(caller);
      return ok({ drafts: await writerDrafts.list(user.id), limit: writerLimits.maxDrafts });
    },

    get_writer_draft: async ({ id }, caller) => {
      const user = await users.requireUser(caller);
      return ok({ draft: await writerDrafts.get(user.id, id) });
    },

    save_writer_draft: async ({ id, title, text }, caller) => {
      const user = await users.requireUser(caller);
      return ok({ draft: await writerDrafts.save(user.id, { id, title, text }) });
    },

    delete_writer_draft: async ({ id }, caller) => {
      const user = await users.requireUser(caller);
      return ok({ deleted: await writerDrafts.remove(user.id, id) });
    },
  };
}
