import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvents, streamEvents } from '../../tests/support/event-stream';
import { type FakeLlm, startFakeLlm } from '../../tests/support/fake-llm';
import { testGrammarCatalogue } from '../../tests/support/test-grammar';
import { eventually, startTestUpstream, type TestUpstream } from '../test-harness';

const lentBook = 'The book that you lent me was so interesting that I finished it in one night.';
const me = { 'x-visitor-id': 'model-learner', 'x-forwarded-for': '10.2.0.1' };
const silenceMs = 600;

describe('the tutor and translation with a language model', () => {
  let fake: FakeLlm;
  let upstream: TestUpstream;
  let conversation: string;
  let words: string[];
  let round = 0;

  beforeAll(async () => {
    fake = await startFakeLlm({ kind: 'normal', chunks: ['书借给了我。'] });
    upstream = await startTestUpstream({
      env: { LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'tutor-model', LLM_TIMEOUT_MS: String(silenceMs) },
      grammarCatalogue: testGrammarCatalogue(),
    });
    const analysed = await upstream.call('analyze_sentence', { sentence: lentBook }, me);
    conversation = analysed.body.data.conversation_id;
    words = analysed.body.data.analysis_result.answer.spans.words;
  });
  afterAll(async () => {
    await upstream?.stop();
    await fake?.stop();
  });

  const ask = (extra: Record<string, string | number> = {}) => ({
    label: '主句',
    start: 0,
    end: words.length,
    question: '这句话用了什么时态？',
    conversation_id: conversation,
    round_id: round,
    ...extra,
  });
  const askStream = (query: Record<string, string | number>, init: RequestInit = {}) =>
    fetch(`${upstream.url}/api/ask_stream?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
      headers: me,
      ...init,
    });

  it("translates with the model, and the analysis carries the model's translation", async () => {
    const first = fake.requests[0];
    expect(first.body.model).toBe('tutor-model');
    expect(first.headers.authorization).toBe('Bearer sk-test');
    expect(first.body.messages.at(-1)).toEqual({ role: 'user', content: lentBook });
    const history = await upstream.call('get_conversation_history', { conversation_id: conversation }, me);
    expect(history.body.data.analysis).toMatchObject({ translation: '书借给了我。', translation_source: 'model' });

    fake.setMode({ kind: 'normal', chunks: ['猫在花园里追老鼠。'] });
    const answer = await upstream.call('translate', { text: 'Cats chase mice in the garden.' }, me);
    // The model's translation is one of the visitor's five free ones a day.
    expect(answer.body.data).toEqual({ translation: '猫在花园里追老鼠。', source: 'model', free_uses_left: 4 });

    // A failing model leaves the gloss to answer, and the use is given back.
    fake.setMode({ kind: 'status', status: 500 });
    const fallback = await upstream.call('translate', { text: 'Cats chase mice in the garden.' }, me);
    expect(fallback.body.data.source).toBe('gloss');
    expect(fallback.body.data.free_uses_left).toBe(4);
    expect(fallback.body.data.translation).toMatch(/garden \p{Script=Han}/u);
  });

  it("relays the model's chunks in order as they come, grounded in the analysis, and stores the reply", async () => {
    const chunks = ['这句话', '用了**一般过去时**：', 'lent、was、finished 都是过去式。'];
    fake.setMode({ kind: 'normal', chunks, delayMs: 250 });
    const before = fake.requests.length;
    const response = await askStream(ask());
    const events: { content?: string; completed?: boolean }[] = [];
    for await (const event of streamEvents(response)) {
      if (events.length === 0) {
        // The first piece is here while the model has not yet sent its last.
        expect(fake.requests[before].chunksSent).toBeLessThan(chunks.length);
      }
      events.push(event);
    }
    expect(events).toEqual([...chunks.map((content) => ({ content })), { content: '', completed: true }]);

    const prompt = fake.requests[before].body.messages;
    const system = prompt[0].content;
    expect(prompt[0].role).toBe('system');
    expect(system).toContain(lentBook);
    expect(system).toContain('主句');
    expect(system).toContain('一般过去时');
    expect(system).toContain('过去发生的动作或存在的状态。');
    expect(system).toContain('学生选中的部分');
    expect(prompt.at(-1)).toEqual({ role: 'user', content: '这句话用了什么时态？' });

    const history = await upstream.call('get_conversation_history', { conversation_id: conversation }, me);
    expect(history.body.data.messages.at(-1)).toMatchObject({ sender: 'system', source: 'model', content: chunks.join('') });
    round++;

    // The next round's prompt holds the conversation so far.
    fake.setMode({ kind: 'normal', chunks: ['是的。'] });
    const answer = await upstream.call('ask', ask({ question: '那 was 呢？' }), me);
    expect(answer.body.data).toEqual({ content: '是的。', round_id: 1 });
    const followUp = fake.requests.at(-1)!.body.messages;
    expect(followUp.slice(1)).toEqual([
      { role: 'user', content: '这句话用了什么时态？' },
      { role: 'assistant', content: chunks.join('') },
      { role: 'user', content: '那 was 呢？' },
    ]);
    round++;
  });

  it('ends with a refusal when the model fails mid-stream, and the next question is answered', async () => {
    fake.setMode({ kind: 'fail', chunks: ['一半', '另一半'], after: 1 });
    const events = await readEvents(await askStream(ask()));
    expect(events).toEqual([{ content: '一半' }, { status: '500', description: '大模型服务出错，请稍后再试' }]);

    fake.setMode({ kind: 'normal', chunks: ['完整的回答。'] });
    const again = await readEvents(await askStream(ask()));
    expect(again).toEqual([{ content: '完整的回答。' }, { content: '', completed: true }]);
    const history = await upstream.call('get_conversation_history', { conversation_id: conversation }, me);
    // The broken reply was not kept; the round it was for went to the next answer.
    expect(history.body.data.messages.filter((m: any) => m.round_id === round).map((m: any) => m.content)).toEqual([
      '这句话用了什么时态？',
      '完整的回答。',
    ]);
    round++;
  });

  it('cuts a model that falls silent, and a refused ask answers 502', async () => {
    fake.setMode({ kind: 'stall', chunks: ['开始……'], after: 1 });
    const events = await readEvents(await askStream(ask()));
    expect(events).toEqual([{ content: '开始……' }, { status: '500', description: '大模型服务响应超时，请稍后再试' }]);
    await eventually(() => fake.requests.at(-1)!.closedEarly);

    fake.setMode({ kind: 'status', status: 401, message: 'bad key' });
    const refused = await upstream.call('ask', ask(), me);
    expect(refused.http).toBe(502);
    expect(refused.body).toEqual({ status: '500', description: '大模型服务出错，请稍后再试' });
  });

  it("closes the model's request when the learner leaves, and frees the round", async () => {
    fake.setMode({ kind: 'normal', chunks: Array.from({ length: 40 }, (_, i) => `第${i}段。`), delayMs: 100 });
    const before = fake.requests.length;
    const leaving = new AbortController();
    const response = await askStream(ask(), { signal: leaving.signal });
    const reader = response.body!.getReader();
    await reader.read();
    leaving.abort();
    await eventually(() => fake.requests[before]?.closedEarly === true);
    expect(fake.requests[before].chunksSent).toBeLessThan(40);

    // The claim is released: the same round can be asked again.
    fake.setMode({ kind: 'normal', chunks: ['再来一次。'] });
    await eventually(async () => (await upstream.call('ask', ask(), me)).body.status === 'OK');
  });

  it("meters the model's answers for every caller; a model that fails costs nothing", async () => {
    const own = await startTestUpstream({
      env: { LLM_BASE_URL: fake.url, LLM_TIMEOUT_MS: String(silenceMs), FREE_USES_ANONYMOUS: '1' },
      grammarCatalogue: testGrammarCatalogue(),
    });
    try {
      const visitor = { 'x-visitor-id': 'metered-visitor', 'x-forwarded-for': '10.2.0.9' };
      fake.setMode({ kind: 'normal', chunks: ['书借给了我。'] });
      const analysed = await own.call('analyze_sentence', { sentence: lentBook }, visitor);
      const id = analysed.body.data.conversation_id;
      const question = (round: number) => ({ ...ask({ round_id: round }), conversation_id: id });

      // The model fails: the question is not answered and not counted.
      fake.setMode({ kind: 'status', status: 500 });
      expect((await own.call('ask', question(0), visitor)).http).toBe(502);
      fake.setMode({ kind: 'normal', chunks: ['一般过去时。'] });
      expect((await own.call('ask', question(0), visitor)).body.data.content).toBe('一般过去时。');
      // The one free answer a day is spent: the next question, streamed or not, gets the quota status.
      expect((await own.call('ask', question(1), visitor)).body).toEqual({
        status: 'anonymous_user_free_num_limit',
        description: '今日免费次数已用完',
      });
      const streamed = await readEvents(
        await fetch(`${own.url}/api/ask_stream?${new URLSearchParams({ ...question(1), question: '还有呢？' } as never)}`, {
          headers: visitor,
        }),
      );
      expect(streamed).toEqual([{ status: 'anonymous_user_free_num_limit', description: '今日免费次数已用完' }]);
      // The round stays open for when there are uses again.
      const history = await own.call('get_conversation_history', { conversation_id: id }, visitor);
      expect(history.body.data.messages).toHaveLength(2);

      // Translations are counted apart: one a day, then the quota status.
      const translate = () => own.call('translate', { text: 'Cats chase mice.' }, visitor);
      expect((await translate()).body.data).toMatchObject({ source: 'model', free_uses_left: 0 });
      expect((await translate()).body.status).toBe('anonymous_user_free_num_limit');
    } finally {
      await own.stop();
    }
  });
});
