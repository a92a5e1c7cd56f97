import type { AssessmentItem, AssessmentProgress, AssessmentResult } from '../../lib/contract';
import type { Users } from '../account/users';
import type { Db } from '../db/database';
import { createRateLimiter, type RateRule, tooFrequent } from '../platform/rate-limit';
import type { Catalogue } from '../courses/books';
import type { CourseShelf } from '../courses/course-shelf';
import { sharedListedWords } from '../courses/sources';
import type { Caller } from '../platform/caller';
import type { CallHandlers } from '../platform/contract-routes';
import { badRequest, ok, UpstreamError } from '../platform/http';
import { stamp, type Clock } from '../platform/time';
import type { AssessmentStore, StoredResult, StoredTest } from './assessment-store';
import { secureRandom, type ItemBank } from './item-bank';
import { examLists, recommend, standings, type ExamList } from './levels';
import {
  answered,
  beginTest,
  currentItem,
  isAnswered,
  minimumAnswers,
  observations,
  progressOf,
  summarise,
  type TestState,
  withNextItem,
} from './test-plan';

export interface AssessmentHandlersDeps {
  db: Db;
  now: Clock;
  users: Pick<Users, 'userForToken'>;
  courseShelf: CourseShelf;
  assessmentBank: () => ItemBank;
  assessmentStore: AssessmentStore;
}

const unknownSession = () => new UpstreamError(404, '404', '测试不存在或已过期，请重新开始');
const alreadyAnswered = () => new UpstreamError(409, '409', '这一题已经作答，请勿重复提交');
const alreadyFinished = () => new UpstreamError(409, '409', '测试已结束');
const tooFewAnswers = () => badRequest(`至少回答 ${minimumAnswers} 题才能估算词汇量`);

/** The meaning checks may lower the yes/no estimate; a change under 5 % is a confirmation. */
const loweredBy = 0.95;

function itemView(state: TestState): AssessmentItem | null {
  const item = currentItem(state);
  if (!item) return null;
  const step = state.items.length - 1;
  return item.kind === 'meaning'
    ? { step, kind: 'meaning', word: item.word, options: item.options }
    : { step, kind: 'yes_no', word: item.word };
}

function progressView(state: TestState): AssessmentProgress {
  const yesNo = state.items.filter((i) => i.kind !== 'meaning' && isAnswered(i)).length;
  return { ...progressOf(state), can_finish: yesNo >= minimumAnswers };
}

/**
 * Tests one address may begin in an hour: each is a stored row, so beginning is what a flood
 * would do; a classroom behind one address still has room for several tests each.
 */
export const startsPerHour: RateRule = { name: 'assessment_start', limit: 120, windowMs: 3_600_000 };

export function assessmentHandlers({
  db,
  now,
  users,
  courseShelf,
  assessmentBank,
  assessmentStore,
}: AssessmentHandlersDeps): CallHandlers {
  // The exam lists of a catalogue, made once per build of the books.
  const listsOf = new WeakMap<Catalogue, ExamList[]>();
  async function lists(): Promise<ExamList[]> {
    const catalogue = await courseShelf.catalogue();
    let made = listsOf.get(catalogue);
    if (!made) listsOf.set(catalogue, (made = examLists(assessmentBank(), catalogue, sharedListedWords())));
    return made;
  }

  async function resultOf(state: TestState, complete: boolean, at: string): Promise<StoredResult> {
    const bank = assessmentBank();
    // An item shown but not answered (a test quit early) is no answer.
    const taken = { ...state, items: state.items.filter(isAnswered) };
    const summary = summarise(taken, bank.poolSize);
    const { estimate, yesNoEstimate } = summary;
    const examList = await lists();
    const levels = standings(examList, estimate.size, observations(taken));
    const reached = [...levels].reverse().find((l) => l.reached);
    return {
      size: estimate.size,
      low: estimate.low,
      high: estimate.high,
      level: reached ? { exam: reached.exam, label: reached.label } : null,
      levels,
      recommendations: recommend(examList, levels),
      answers: { words: summary.words, pseudo: summary.pseudo, meaning: summary.meaning },
      guess_rate: estimate.guessRate,
      meaning_effect:
        summary.meaning.asked === 0 ? 'none' : estimate.size < yesNoEstimate.size * loweredBy ? 'lowered' : 'confirmed',
      yes_no_size: yesNoEstimate.size,
      complete,
      finished_at: at,
      kept: false,
    };
  }

  const shown = (result: StoredResult, test: Pick<StoredTest, 'userId'>): AssessmentResult => ({
    ...result,
    kept: test.userId !== null,
  });

  async function findTest(sessionId: string): Promise<StoredTest> {
    const test = await assessmentStore.find(sessionId);
    if (!test) throw unknownSession();
    return test;
  }

  /**
   * The test of a session id, for its owner only. A test a learner started is theirs: nobody
   * else moves it on or ends it, even with its id (they are told it does not exist, as for an
   * unknown id). A visitor's test belongs to whoever holds its session id: 32 random bytes handed
   * only to the browser that started it and stored only as a hash, so it is that visitor's key
   * (still theirs after logging in mid-test; the browser's visitor cookie is not asked, since a
   * browser without cookies gets a new one on every request).
   */
  async function findOwnTest(sessionId: string, caller: Caller): Promise<StoredTest> {
    const test = await findTest(sessionId);
    if (test.userId !== null && test.userId !== (await users.userForToken(caller.token))?.id) throw unknownSession();
    return test;
  }

  const rates = createRateLimiter({ db, now });

  return {
    start_assessment: async (_input, caller) => {
      const user = await users.userForToken(caller.token);
      const verdict = await rates.take([{ rule: startsPerHour, subject: caller.ip }]);
      if (!verdict.allowed) throw tooFrequent(verdict.retryAfterSeconds);
      const state = beginTest(assessmentBank(), secureRandom);
      const sessionId = await assessmentStore.create(user?.id ?? null, state);
      return ok({ session_id: sessionId, item: itemView(state)!, progress: progressView(state) });
    },

    answer_assessment: async ({ session_id, step, answer }, caller) => {
      const test = await findOwnTest(session_id, caller);
      if (test.finishedAt) throw alreadyFinished();
      const item = currentItem(test.state);
      if (!item || step !== test.state.items.length - 1 || step !== test.step) throw alreadyAnswered();
      if (item.kind === 'meaning') {
        if (answer === true || answer === false || (typeof answer === 'number' && answer >= item.options.length))
          throw badRequest('请选择一个选项，或选择“不认识”');
      } else if (typeof answer !== 'boolean') {
        throw badRequest('请回答“认识”或“不认识”');
      }
      const next = withNextItem(answered(test.state, answer), assessmentBank(), secureRandom);
      const finished = currentItem(next) === undefined;
      const result = finished ? await resultOf(next, true, stamp(now())) : undefined;
      if (!(await assessmentStore.advance(test, step, next, result))) throw alreadyAnswered();
      return ok({ item: itemView(next), progress: progressView(next), result: result ? shown(result, test) : null });
    },

    finish_assessment: async ({ session_id }, caller) => {
      const test = await findOwnTest(session_id, caller);
      if (test.result) return ok({ result: shown(test.result, test) });
      if (progressView(test.state).can_finish === false) throw tooFewAnswers();
      const result = await resultOf(test.state, false, stamp(now()));
      if (!(await assessmentStore.finish(test, result))) {
        const again = await findTest(session_id);
        if (!again.result) throw alreadyFinished();
        return ok({ result: shown(again.result, again) });
      }
      return ok({ result: shown(result, test) });
    },

    query_assessment: async ({ session_id }, caller) => {
      const user = await users.userForToken(caller.token);
      let result: AssessmentResult | null = null;
      if (session_id) {
        const test = await findTest(session_id);
        // Another learner's test is not shown to whoever has its id.
        if (test.userId !== null && test.userId !== user?.id) throw unknownSession();
        if (test.result) {
          let owner = test.userId;
          if (user && owner === null && (await assessmentStore.keep(test, user.id))) owner = user.id;
          result = shown(test.result, { userId: owner });
        }
      }
      if (!user) return ok({ result, history: [], logged_in: false });
      const { items, latest } = await assessmentStore.history(user.id);
      return ok({ result: result ?? (latest ? shown(latest, { userId: user.id }) : null), history: items, logged_in: true });
    },
  };
}
