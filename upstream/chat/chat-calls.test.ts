import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRecord, explanation } from '../../lib/contract';
import { readEvents } from '../../tests/support/event-stream';
import { testGrammarCatalogue } from '../../tests/support/test-grammar';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';
import { offlineHeading } from './offline-tutor';

const lentBook = 'The book that you lent me was so interesting that I finished it in one night.';

// Each visitor has a browser id and an address of its own.
let addresses = 0;
const visitor = (id: string) => ({ 'x-visitor-id': id, 'x-forwarded-for': `10.1.0.${++addresses}` });

describe('the tutor offline', () => {
  let upstream: TestUpstream;
  const me = visitor('learner-1');
  const stranger = visitor('stranger-1');
  let conversation: string;
  let words: string[];

  const askStream = (query: Record<string, string | number>, headers = me) =>
    fetch(`${upstream.url}/api/ask_stream?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
      headers,
    });
  const question = (round: number, extra: Record<string, string | number> = {}) => ({
    label: '主句',
    start: 0,
    end: words.length,
    question: '这个句子的主干是什么成分？',
    conversation_id: conversation,
    round_id: round,
    scene: 'sentence',
    ...extra,
  });

  beforeAll(async () => {
    upstream = await startTestUpstream({ env: { FREE_USES_ANONYMOUS: '50' }, grammarCatalogue: testGrammarCatalogue() });
    const analysed = await upstream.call('analyze_sentence', { sentence: lentBook }, me);
    conversation = analysed.body.data.conversation_id;
    words = analysed.body.data.analysis_result.answer.spans.words;
  });
  afterAll(() => upstream.stop());

  it('suggests 3–5 questions about a span, naming its words, built from the analysis', async () => {
    const answer = await upstream.call(
      'get_questions',
      { label: '主句', start: 0, end: words.length, conversation_id: conversation },
      me,
    );
    const questions: string[] = answer.body.data.questions;
    expect(questions.length).toBeGreaterThanOrEqual(3);
    expect(questions.length).toBeLessThanOrEqual(5);
    for (const q of questions) expect(q).toMatch(/\p{Script=Han}.*？$/u);
    expect(questions[0]).toContain(words[0]);
    // The grammar points found inside the span are asked about by their words.
    expect(questions).toContain('“lent”为什么用这个形式？');

    const unknown = await upstream.call(
      'get_questions',
      { label: '主语', start: 0, end: 1, conversation_id: 'ffffffffffffffffffffffffffffffff' },
      me,
    );
    expect(unknown.http).toBe(404);
    const outside = await upstream.call(
      'get_questions',
      { label: '主语', start: 0, end: words.length + 1, conversation_id: conversation },
      me,
    );
    expect(outside.http).toBe(400);
  });

  it('streams the offline explanation in pieces, stores it, and moves the round on', async () => {
    const response = await askStream(question(0));
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('cache-control')).toContain('no-transform');
    const events = await readEvents(response);
    expect(events.length).toBeGreaterThan(3);
    expect(events.at(-1)).toEqual({ content: '', completed: true });
    expect(events.slice(0, -1).every((e) => typeof e.content === 'string' && e.completed === undefined)).toBe(true);
    const text = events.map((e) => e.content).join('');
    expect(text.startsWith(offlineHeading)).toBe(true);
    // The question asked, answered: the main clause's subject and predicate, in the sentence's words.
    expect(text).toContain('这句话的主干在主句里');
    expect(text).toContain('主语“The book that you lent me”（中心词：book）');
    expect(text).toContain('谓语“was”');
    // Not a list of every grammar point.
    expect(text).not.toContain('一般过去时');

    const history = await upstream.call('get_conversation_history', { conversation_id: conversation }, me);
    expect(history.body.data).toMatchObject({ conversation_id: conversation, sentence: lentBook, scene: 'sentence' });
    expect(history.body.data.analysis.spans.words).toEqual(words);
    const messages = history.body.data.messages.map((m: unknown) => chatRecord.parse(m));
    expect(messages.map((m: any) => [m.round_id, m.sender, m.type])).toEqual([
      [0, 'user', 'question'],
      [0, 'system', 'chat'],
    ]);
    expect(messages[0]).toMatchObject({ content: '这个句子的主干是什么成分？', label: '主句', start: 0, end: words.length });
    expect(messages[1]).toMatchObject({ content: text, source: 'offline', evaluate: 0 });

    // The round id is the count of replies: round 0 again is refused, round 1 is answered.
    const stale = await readEvents(await askStream(question(0)));
    expect(stale).toEqual([{ status: '409', description: '对话轮次已变化，请刷新对话后再提问' }]);
    const next = await readEvents(await askStream(question(1, { question: '今天晚饭吃什么好呢', label: 'subject', end: 2 })));
    expect(next.at(-1)).toEqual({ content: '', completed: true });
    const free = next.map((e) => e.content).join('');
    expect(free).toContain('离线讲解回答不了这个问题');
    expect(free).toContain('自由提问需要接入大模型服务');
  });

  it('refuses a second question while a reply is pending, on any instance', async () => {
    const own = await upstream.call('analyze_sentence', { sentence: 'The window was broken by the boy.' }, me);
    const id = own.body.data.conversation_id;
    const ask = { ...question(0), conversation_id: id, end: 2 };
    // Another instance is writing the reply of this round: its claim is in the database.
    await upstream.db
      .updateTable('conversations')
      .set({ pending_since: upstream.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await readEvents(await askStream(ask))).toEqual([{ status: '000', description: '操作太频繁，请勿重复请求' }]);
    const plain = await upstream.call('ask', ask, me);
    expect(plain.http).toBe(429);
    expect(plain.body.status).toBe('000');
    await upstream.db.updateTable('conversations').set({ pending_since: null }).where('id', '=', id).execute();

    // Five at once: one is answered, the others refused, and one round is stored.
    const all = await Promise.all(Array.from({ length: 5 }, () => askStream(ask).then(readEvents)));
    const completed = all.filter((events) => events.at(-1)?.completed === true);
    expect(completed).toHaveLength(1);
    for (const events of all.filter((e) => e !== completed[0])) expect(['000', '409']).toContain(events[0].status);
    const history = await upstream.call('get_conversation_history', { conversation_id: id }, me);
    expect(history.body.data.messages).toHaveLength(2);
  });

  it('answers in one piece with ask', async () => {
    const own = await upstream.call('create_conversation', { sentence: lentBook }, me);
    const id = own.body.data.conversation_id;
    const answer = await upstream.call('ask', { ...question(0), conversation_id: id, round_id: '0' }, me);
    expect(answer.body.status).toBe('OK');
    expect(answer.body.data.round_id).toBe(0);
    expect(answer.body.data.content.startsWith(offlineHeading)).toBe(true);
    // The new conversation about an analysed sentence carries its analysis.
    const history = await upstream.call('get_conversation_history', { conversation_id: id }, me);
    expect(history.body.data.analysis.spans.words).toEqual(words);
    expect(history.body.data.messages[1].content).toBe(answer.body.data.content);
  });

  it('explains the grammar points an answer names, or else those of the sentence', async () => {
    const named = await upstream.call('explain', { answer: '这里是被动语态。', round_id: 0, conversation_id: conversation }, me);
    const titles = named.body.data.map((e: unknown) => explanation.parse(e).explanation.title);
    // The named point first, then those of the span asked about in that round (the whole sentence).
    expect(titles).toEqual(['被动语态', '一般过去时']);
    expect(named.body.data.every((e: any) => e.roundId === 0)).toBe(true);

    const none = await upstream.call('explain', { answer: '好的。', round_id: 5, conversation_id: conversation }, me);
    expect(none.body.data.map((e: any) => e.explanation.title)).toEqual(['一般过去时']);

    const free = await upstream.call('create_conversation', { scene: 'cloze' }, me);
    const empty = await upstream.call(
      'explain',
      { answer: '好的。', round_id: 0, conversation_id: free.body.data.conversation_id },
      me,
    );
    expect(empty.body.data).toEqual([]);
  });

  it('keeps the learner’s verdict on a reply, for the owner only', async () => {
    const rated = await upstream.call(
      'store_sentence_user_feedback',
      { good_or_bad: 1, conversation_id: conversation, round_id: 0, role: 'system' },
      me,
    );
    expect(rated.body.status).toBe('OK');
    await upstream.call(
      'store_sentence_user_feedback',
      { good_or_bad: -1, conversation_id: conversation, round_id: '1', role: 'system' },
      me,
    );
    const history = await upstream.call('get_conversation_history', { conversation_id: conversation }, me);
    const replies = history.body.data.messages.filter((m: any) => m.sender === 'system');
    expect(replies.map((m: any) => m.evaluate)).toEqual([1, -1]);

    const noRound = await upstream.call(
      'store_sentence_user_feedback',
      { good_or_bad: 1, conversation_id: conversation, round_id: 9, role: 'system' },
      me,
    );
    expect(noRound.http).toBe(404);
  });

  it('keeps a member’s conversation to the member, and lets an anonymous one go with its id', async () => {
    const member = bearer(await logInByEmail(upstream, 'owner@example.com'));
    const begun = await upstream.call('analyze_sentence', { sentence: lentBook }, { ...member, ...visitor('member-browser') });
    const mine = begun.body.data.conversation_id;
    const position = { label: '主语', start: 0, end: 1, conversation_id: mine };
    expect((await upstream.call('get_questions', position, { ...member, ...visitor('member-phone') })).http).toBe(200);
    expect((await upstream.call('get_questions', position, stranger)).http).toBe(404);
    expect((await upstream.call('explain', { answer: 'x', round_id: 0, conversation_id: mine }, stranger)).http).toBe(404);
    const rate = { good_or_bad: -1, conversation_id: mine, round_id: 0, role: 'system' };
    expect((await upstream.call('store_sentence_user_feedback', rate, stranger)).http).toBe(404);
    expect((await upstream.call('get_conversation_history', { conversation_id: mine }, stranger)).http).toBe(404);

    // Begun without logging in: a browser that keeps no cookie still reaches it by its id.
    const history = await upstream.call('get_conversation_history', { conversation_id: conversation }, stranger);
    expect(history.http).toBe(200);
    expect(history.body.data.sentence).toBe(lentBook);
  });

  it('says offline that a free conversation needs the model service', async () => {
    const free = await upstream.call('create_conversation', {}, me);
    const id = free.body.data.conversation_id;
    const history = await upstream.call('get_conversation_history', { conversation_id: id }, me);
    expect(history.body.data).toMatchObject({ sentence: null, scene: 'cloze', analysis: null, messages: [] });
    const events = await readEvents(
      await askStream({ label: '', start: 0, end: 1, question: 'hi', conversation_id: id, round_id: 0 }),
    );
    expect(events.map((e) => e.content).join('')).toContain('自由提问需要接入大模型服务');
  });

  it('keeps conversations across a restart', async () => {
    const before = await upstream.call('get_conversation_history', { conversation_id: conversation }, me);
    await upstream.stop({ keepData: true });
    upstream = await startTestUpstream({
      dir: upstream.dir,
      env: { FREE_USES_ANONYMOUS: '50' },
      grammarCatalogue: testGrammarCatalogue(),
    });
    const after = await upstream.call('get_conversation_history', { conversation_id: conversation }, me);
    expect(after.body.data).toEqual(before.body.data);
    const next = await readEvents(await askStream(question(2)));
    expect(next.at(-1)).toEqual({ content: '', completed: true });
  });
});
