import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../lib/contract';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';
import { startsPerHour } from './assessment-calls';
import { sharedItemBank } from './item-bank';

/** A learner who knows every lemma up to a rank, says no to pseudo-words and knows the senses. */
function knowsUpTo(limit: number) {
  const bank = sharedItemBank();
  return (item: { kind: string; word: string; options?: string[] }) => {
    const rank = bank.rankOf(item.word);
    const knows = rank !== undefined && rank <= limit;
    if (item.kind === 'yes_no') return knows;
    return knows && rank ? (item.options ?? []).indexOf(bank.at(rank).sense) : null;
  };
}

describe('the vocabulary assessment over HTTP', () => {
  let upstream: TestUpstream;
  let learner: Record<string, string>;
  let other: Record<string, string>;

  beforeAll(async () => {
    upstream = await startTestUpstream();
    learner = bearer(await logInByEmail(upstream, 'assess@example.com'));
    other = bearer(await logInByEmail(upstream, 'assess-other@example.com'));
  }, 60_000);
  afterAll(() => upstream.stop());

  async function takeTest(answer: ReturnType<typeof knowsUpTo>, who: Record<string, string> = {}) {
    const started = await upstream.call('start_assessment', {}, who);
    expect(started.http).toBe(200);
    const { session_id } = started.body.data;
    let { item } = started.body.data;
    let last: { result: unknown; progress: { answered: number; total: number } } | undefined;
    let steps = 0;
    while (item) {
      const reply = await upstream.call('answer_assessment', { session_id, step: item.step, answer: answer(item) }, who);
      expect(reply.http).toBe(200);
      calls.answer_assessment.response.parse(reply.body);
      last = reply.body.data;
      item = reply.body.data.item;
      steps++;
    }
    return { session_id, steps, result: last?.result as Record<string, any>, progress: last?.progress };
  }

  it('estimates a learner who knows the 4,000 commonest lemmas near 4,000, with levels and books', async () => {
    const { steps, result, progress } = await takeTest(knowsUpTo(4_000));
    expect(steps).toBe(54);
    expect(progress).toMatchObject({ answered: 54, total: 54, phase: 'done' });
    // The model has knowing fade gradually past the boundary (slope ≥ 0.3 in ln rank), so a learner
    // who knows exactly the first 4,000 and nothing after is credited with some more (a slope of
    // 0.3 alone adds 16 %: the sum of a log-logistic is e^θ·πs/sin πs).
    expect(result.size).toBeGreaterThan(2_800);
    expect(result.size).toBeLessThan(6_500);
    expect(result.low).toBeLessThanOrEqual(result.size);
    expect(result.high).toBeGreaterThanOrEqual(result.size);
    expect(result.answers).toMatchObject({
      words: { asked: 36 },
      pseudo: { asked: 12, yes: 0 },
      meaning: { asked: 6, correct: 6 },
    });
    expect(result.meaning_effect).toBe('confirmed');
    expect(result.complete).toBe(true);
    expect(result.kept).toBe(false);
    // 中考 (~2,500) is reached, CET-6 (~7,200) is not; the next book is a real word book.
    const reached = Object.fromEntries(result.levels.map((l: { exam: string; reached: boolean }) => [l.exam, l.reached]));
    expect(reached).toMatchObject({ zk: true, cet6: false, gre: false });
    expect(result.level.label).toBeTruthy();
    expect(result.recommendations.length).toBeGreaterThan(0);
    expect(result.recommendations[0]).toMatchObject({
      book_id: expect.stringMatching(/-word/),
      name: expect.stringContaining('词汇'),
    });
  }, 60_000);

  it('lowers the estimate of a learner who claims every word and fails the checks', async () => {
    const { result } = await takeTest((item) => (item.kind === 'yes_no' ? true : null));
    expect(result.answers.pseudo.yes).toBe(12);
    expect(result.guess_rate).toBeGreaterThan(0.4);
    expect(result.meaning_effect).toBe('lowered');
    expect(result.size).toBeLessThan(result.yes_no_size);
  }, 60_000);

  it('takes one answer per item, of the right kind, and refuses unknown sessions', async () => {
    const started = (await upstream.call('start_assessment')).body.data;
    const { session_id } = started;
    expect(started.item).toMatchObject({ step: 0, kind: 'yes_no' });
    expect(started.item.options).toBeUndefined();
    expect((await upstream.call('answer_assessment', { session_id, step: 0, answer: 2 })).http).toBe(400);
    expect((await upstream.call('answer_assessment', { session_id, step: 0, answer: true })).http).toBe(200);
    const twice = await upstream.call('answer_assessment', { session_id, step: 0, answer: false });
    expect(twice.http).toBe(409);
    expect(twice.body.description).toContain('已经作答');
    expect((await upstream.call('answer_assessment', { session_id: 'x'.repeat(43), step: 1, answer: true })).http).toBe(404);
    expect((await upstream.call('answer_assessment', { session_id: 'short', step: 1, answer: true })).http).toBe(400);
    // Two answers to one item at once: one counts.
    const both = await Promise.all([
      upstream.call('answer_assessment', { session_id, step: 1, answer: true }),
      upstream.call('answer_assessment', { session_id, step: 1, answer: false }),
    ]);
    expect(both.map((a) => a.http).sort()).toEqual([200, 409]);
    // Quitting after two answers is too early.
    expect((await upstream.call('finish_assessment', { session_id })).http).toBe(400);
  }, 60_000);

  it("takes a learner's answers from that learner only: to anyone else with its id the test does not exist", async () => {
    const started = (await upstream.call('start_assessment', {}, learner)).body.data;
    const { session_id } = started;
    for (const who of [other, {}]) {
      const answered = await upstream.call('answer_assessment', { session_id, step: 0, answer: true }, who);
      expect(answered.http).toBe(404);
      expect(answered.body).toEqual({ status: '404', description: '测试不存在或已过期，请重新开始' });
      expect((await upstream.call('finish_assessment', { session_id }, who)).http).toBe(404);
    }
    // Nothing moved: the learner answers the first item and goes on.
    const own = await upstream.call('answer_assessment', { session_id, step: 0, answer: false }, learner);
    expect(own.http).toBe(200);
    expect(own.body.data.progress.answered).toBe(1);

    // A visitor's test is the session id's holder's, before and after logging in mid-test.
    const visitor = (await upstream.call('start_assessment')).body.data;
    expect((await upstream.call('answer_assessment', { session_id: visitor.session_id, step: 0, answer: true })).http).toBe(200);
    const loggedIn = await upstream.call('answer_assessment', { session_id: visitor.session_id, step: 1, answer: true }, learner);
    expect(loggedIn.http).toBe(200);
    expect(loggedIn.body.data.progress.answered).toBe(2);
  }, 60_000);

  it('ends a test early after 16 answers with a result marked incomplete', async () => {
    const answer = knowsUpTo(2_000);
    const started = (await upstream.call('start_assessment')).body.data;
    let { item } = started;
    for (let i = 0; i < 16; i++) {
      const reply = await upstream.call('answer_assessment', {
        session_id: started.session_id,
        step: item.step,
        answer: answer(item),
      });
      item = reply.body.data.item;
      if (i === 14) expect(reply.body.data.progress.can_finish).toBe(false);
      if (i === 15) expect(reply.body.data.progress.can_finish).toBe(true);
    }
    const finished = await upstream.call('finish_assessment', { session_id: started.session_id });
    expect(finished.http).toBe(200);
    expect(finished.body.data.result).toMatchObject({
      complete: false,
      answers: { meaning: { asked: 0 } },
      meaning_effect: 'none',
    });
    // The same result again; no more answers.
    const again = await upstream.call('finish_assessment', { session_id: started.session_id });
    expect(again.body.data.result.size).toBe(finished.body.data.result.size);
    expect((await upstream.call('answer_assessment', { session_id: started.session_id, step: 16, answer: true })).http).toBe(409);
  }, 60_000);

  it("keeps a learner's results as history, and a visitor's once they log in", async () => {
    const mine = await takeTest(knowsUpTo(6_000), learner);
    expect(mine.result.kept).toBe(true);
    const visitor = await takeTest(knowsUpTo(1_500));
    expect(visitor.result.kept).toBe(false);

    const before = await upstream.call('query_assessment', {}, learner);
    expect(before.body.data).toMatchObject({ logged_in: true, result: { size: mine.result.size, kept: true } });
    expect(before.body.data.history).toHaveLength(1);

    // Anonymously, the session's result is shown but kept nowhere.
    const anonymous = await upstream.call('query_assessment', { session_id: visitor.session_id });
    expect(anonymous.body.data).toMatchObject({ logged_in: false, history: [], result: { kept: false } });

    upstream.clock.advance(60_000);
    const kept = await upstream.call('query_assessment', { session_id: visitor.session_id }, learner);
    expect(kept.body.data.result).toMatchObject({ size: visitor.result.size, kept: true });
    expect(kept.body.data.history.map((h: { size: number }) => h.size)).toEqual([visitor.result.size, mine.result.size]);
    // Now it is the learner's: another learner cannot read it or take it.
    expect((await upstream.call('query_assessment', { session_id: visitor.session_id }, other)).http).toBe(404);
    expect((await upstream.call('query_assessment', {}, other)).body.data).toMatchObject({ result: null, history: [] });
  }, 120_000);

  it('refuses a flood of new tests from one address with 操作太频繁, and takes them again the next hour', async () => {
    upstream.clock.advance(3_600_000);
    const answers = [];
    for (let i = 0; i < startsPerHour.limit + 1; i += 20) {
      const batch = Math.min(20, startsPerHour.limit + 1 - i);
      answers.push(...(await Promise.all(Array.from({ length: batch }, () => upstream.call('start_assessment')))));
    }
    const refused = answers.filter((a) => a.http === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0].body).toMatchObject({ status: '000', description: '操作太频繁，请勿重复请求' });
    upstream.clock.advance(3_600_000);
    expect((await upstream.call('start_assessment')).http).toBe(200);
  }, 120_000);

  it('forgets a test left unfinished for a day', async () => {
    const { session_id, item } = (await upstream.call('start_assessment')).body.data;
    upstream.clock.advance(25 * 3_600_000);
    expect((await upstream.call('answer_assessment', { session_id, step: item.step, answer: true })).http).toBe(404);
  });
});
