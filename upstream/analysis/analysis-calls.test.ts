import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisAnswer, quotaStatus, type SpanNode } from '../../lib/contract';
import { testGrammarCatalogue } from '../../tests/support/test-grammar';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';
import { ParserBusy } from '../parser/link-grammar';

const lentBook = 'The book that you lent me was so interesting that I finished it in one night.';
// Anonymous callers are counted by browser id and by address: each gets an address of its own.
let addresses = 0;
const visitor = (id: string) => ({ 'x-visitor-id': id, 'x-forwarded-for': `10.0.0.${++addresses}` });

/** Every span of the tree lies inside the words, and inside its parent. */
function checkSpans(spans: SpanNode[], from: number, to: number) {
  for (const span of spans) {
    expect(span.start).toBeGreaterThanOrEqual(from);
    expect(span.end).toBeLessThanOrEqual(to);
    expect(span.start).toBeLessThan(span.end);
    expect(span.label).not.toBe('');
    checkSpans(span.children ?? [], span.start, span.end);
  }
}

describe('sentence analysis', () => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream({
      env: { FREE_USES_ANONYMOUS: '2', FREE_USES_LOGIN: '1' },
      grammarCatalogue: testGrammarCatalogue(),
    });
  });
  afterAll(() => upstream.stop());

  it('answers the structure, the grammar points, a gloss and a new conversation', async () => {
    const answer = await upstream.call('analyze_sentence', { sentence: lentBook, word_id: 3 }, visitor('shape-1'));
    expect(answer.http).toBe(200);
    expect(answer.body.status).toBe('OK');
    const result = analysisAnswer.parse(answer.body.data.analysis_result.answer);
    // The sentence's words, in order (how a word the parser skipped is marked, [so], is the
    // structure's business).
    expect(result.spans.words.length).toBeGreaterThan(3);
    let rest = lentBook;
    for (const word of result.spans.words.map((w) => w.replace(/^\[(.+)\]$/, '$1'))) {
      const at = rest.toLowerCase().indexOf(word.toLowerCase());
      expect(at, word).toBeGreaterThanOrEqual(0);
      rest = rest.slice(at + word.length);
    }
    expect(result.spans.spans.length).toBeGreaterThan(0);
    checkSpans(result.spans.spans, 0, result.spans.words.length);
    // Offline, the translation is the word-by-word gloss, and says so.
    expect(result.translation_source).toBe('gloss');
    expect(result.translation).toMatch(/book \p{Script=Han}/u);
    expect(result.translation).toMatch(/night \p{Script=Han}/u);
    expect(result.grammar_points.map((p) => p.name)).toContain('一般过去时');
    expect(result.labels_needed_to_explain).toEqual([...new Set(result.grammar_points.map((p) => p.name))]);
    expect(answer.body.data.conversation_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('names the passive voice in a passive sentence', async () => {
    const answer = await upstream.call('analyze_sentence', { sentence: 'The window was broken by the boy.' }, visitor('shape-2'));
    expect(answer.body.data.analysis_result.answer.labels_needed_to_explain).toContain('被动语态');
    const passive = answer.body.data.analysis_result.answer.grammar_points.find((p: any) => p.name === '被动语态');
    expect(answer.body.data.analysis_result.answer.spans.words.slice(passive.start, passive.end)).toEqual(['was', 'broken']);
  });

  it('refuses a sentence without words with 400, and does not count it', async () => {
    const caller = visitor('empty-1');
    for (const sentence of ['。。。', '   ', '你好！']) {
      const answer = await upstream.call('analyze_sentence', { sentence }, caller);
      expect(answer.http).toBe(400);
      expect(answer.body.description).toMatch(/句子中没有可分析的英文单词/);
    }
    // FREE_USES_ANONYMOUS is 2: both are still there.
    for (const sentence of ['I like tea.', 'I like coffee.']) {
      expect((await upstream.call('analyze_sentence', { sentence }, caller)).body.status).toBe('OK');
    }
  });

  it('counts free analyses: an anonymous visitor runs out, a VIP never does', async () => {
    const statuses: string[] = [];
    const caller = visitor('metered-1');
    for (let i = 0; i < 3; i++) {
      const answer = await upstream.call('analyze_sentence', { sentence: `She reads book number ${i}.` }, caller);
      expect(answer.http).toBe(200);
      statuses.push(answer.body.status);
    }
    expect(statuses).toEqual(['OK', 'OK', quotaStatus.anonymous]);

    const member = await logInByEmail(upstream, 'vip@example.com');
    const plain = await logInByEmail(upstream, 'plain@example.com');
    await upstream.db
      .updateTable('users')
      .set({ vip_expires_at: '2099-01-01T00:00:00.000Z' })
      .where('email', '=', 'vip@example.com')
      .execute();
    for (let i = 0; i < 4; i++) {
      const answer = await upstream.call('analyze_sentence', { sentence: `We met on day ${i}.` }, bearer(member));
      expect(answer.body.status).toBe('OK');
    }
    expect((await upstream.call('analyze_sentence', { sentence: 'One.' }, bearer(plain))).body.status).toBe('OK');
    expect((await upstream.call('analyze_sentence', { sentence: 'Two.' }, bearer(plain))).body.status).toBe(quotaStatus.loggedIn);
  });

  it('analyses a run of one word past the parser’s 250-word pieces in pieces, never a 500', async () => {
    for (const words of [300, 499]) {
      const sentence = Array.from({ length: words }, () => 'a').join(' ');
      const answer = await upstream.call('analyze_sentence', { sentence }, visitor(`long-${words}`));
      expect(answer.http).toBe(200);
      expect(answer.body.data.analysis_result.answer.engine).toBe('treebank');
      expect(answer.body.data.analysis_result.answer.spans.words).toHaveLength(words);
      expect(answer.body.data.free_uses_left).toBe(1);
    }
  });

  it('answers every odd sentence it accepts with an analysis, never a 500', async () => {
    const odd = [
      'x'.repeat(999),
      `${'supercalifragilistic-'.repeat(40)}end`,
      Array.from({ length: 240 }, (_, i) => `w${i % 10}`).join(' '),
      Array.from({ length: 20 }, () => "it's").join(' '),
      'I 💖 NY, and you ❤️ it too!!! 🎉🎉🎉',
      'He said "\u202eevil\u202c" and left.',
      '<script>alert(1)</script> is not a sentence.',
      "''' --- ;;; ::: a ... b",
      '1 2 3 4 5 6 7 8 9 10 eleven',
      'The café’s naïve résumé — déjà vu.',
      'ＡＢＣ ｄｅｆ fullwidth letters.',
      'A\tB\nC\rD e.',
      `${'(('.repeat(100)}a${'))'.repeat(100)}`,
      'I I I I I I I I I I I I I I I I I I I I I I I I I I I I I I.',
      'Buffalo buffalo Buffalo buffalo buffalo buffalo Buffalo buffalo.',
    ];
    for (const [i, sentence] of odd.entries()) {
      const answer = await upstream.call('analyze_sentence', { sentence }, visitor(`odd-${i}`));
      expect(answer.http, sentence.slice(0, 40)).toBe(200);
      expect(answer.body.status, sentence.slice(0, 40)).toBe('OK');
    }
    expect(upstream.logs.filter((line) => line.startsWith('[error]'))).toEqual([]);
  }, 120_000);

  it('lists the grammar catalogue', async () => {
    const answer = await upstream.call('get_grammar_objects');
    expect(answer.body.data.grammar_objects.map((p: any) => p.name)).toEqual(['被动语态', '一般过去时']);
  });

  it('translates offline with the gloss, labelled as such', async () => {
    const answer = await upstream.call('translate', { text: 'Cats chase mice in the garden.' }, visitor('translate-1'));
    expect(answer.body.status).toBe('OK');
    expect(answer.body.data.source).toBe('gloss');
    expect(answer.body.data.translation).toMatch(/garden \p{Script=Han}/u);
    expect((await upstream.call('translate', { text: '……' })).http).toBe(400);
  });

  it('glosses offline the sense of each content word and expression in this sentence, as a list', async () => {
    const answer = await upstream.call('translate', { text: 'The old man was asleep.' }, visitor('translate-2'));
    expect(answer.body.data.source).toBe('gloss');
    const entries: { text: string; gloss: string }[] = answer.body.data.entries;
    expect(entries.map((e) => e.text)).toEqual(['old', 'man', 'asleep']);
    expect(entries.find((e) => e.text === 'asleep')?.gloss).toMatch(/睡/);
    expect(answer.body.data.translation).not.toMatch(/老爸|长眠/);
    const analysed = await upstream.call('analyze_sentence', { sentence: 'He gave up smoking.' }, visitor('translate-3'));
    const result = analysisAnswer.parse(analysed.body.data.analysis_result.answer);
    expect(result.translation_source).toBe('gloss');
    expect(result.gloss_entries?.map((e) => e.text)).toEqual(['give up', 'smoking']);
    expect(result.translation).toMatch(/^give up \p{Script=Han}+；smoking /u);
  });
});

describe('the sentence history and sentence bank', () => {
  it('keeps each user their own sentences, newest first, paged, across a restart', async () => {
    const first = await startTestUpstream({ env: { FREE_USES_LOGIN: '100' } });
    let upstream = first;
    try {
      const alice = await logInByEmail(upstream, 'alice@example.com');
      const bob = await logInByEmail(upstream, 'bob@example.com');
      const analyse = async (sentence: string, token: string, from = 'chatSentence') => {
        upstream.clock.advance(1000);
        const answer = await upstream.call('analyze_sentence', { sentence, from }, bearer(token));
        expect(answer.body.status).toBe('OK');
        return answer.body.data.conversation_id as string;
      };
      await analyse('The sun rises in the east.', alice);
      await analyse('Water boils at a hundred degrees.', alice);
      await analyse('Birds fly south in winter.', alice);
      await analyse('Bob has his own sentence.', bob);
      // Analysing again brings the sentence to the top, with its new conversation and screen.
      const again = await analyse('The sun rises in the east.', alice, 'ContextualDict');

      const page1 = await upstream.call('get_sentence_history', { page: 1, page_size: 2 }, bearer(alice));
      expect(page1.body.data.total).toBe(3);
      expect(page1.body.data.items.map((e: any) => e.sentence)).toEqual([
        'The sun rises in the east.',
        'Birds fly south in winter.',
      ]);
      expect(page1.body.data.items[0]).toMatchObject({ conversation_id: again, from: 'ContextualDict', strange: null });
      const page2 = await upstream.call('get_sentence_history', { page: 2, page_size: 2 }, bearer(alice));
      expect(page2.body.data.items.map((e: any) => e.sentence)).toEqual(['Water boils at a hundred degrees.']);

      const marked = await upstream.call(
        'set_sentence_strange_status',
        { sentence: 'Birds fly south in winter.', strange: 1 },
        bearer(alice),
      );
      expect(marked.body.data).toMatchObject({ sentence: 'Birds fly south in winter.', strange: 1, from: 'chatSentence' });
      // A sentence never analysed goes into the bank all the same.
      const banked = await upstream.call(
        'set_sentence_strange_status',
        { sentence: 'Never analysed, only banked.', strange: 1, from: 'course' },
        bearer(alice),
      );
      expect(banked.body.data).toMatchObject({ strange: 1, from: 'course', conversation_id: '' });
      upstream.clock.advance(1000);
      await upstream.call('set_sentence_strange_status', { sentence: 'The sun rises in the east.', strange: 0 }, bearer(alice));

      const bank = await upstream.call('get_sentence_history', { strange: 1 }, bearer(alice));
      expect(bank.body.data.items.map((e: any) => e.sentence).sort()).toEqual([
        'Birds fly south in winter.',
        'Never analysed, only banked.',
      ]);
      const mastered = await upstream.call('get_sentence_history', { strange: 0 }, bearer(alice));
      expect(mastered.body.data.items.map((e: any) => e.sentence)).toEqual(['The sun rises in the east.']);

      const bobs = await upstream.call('get_sentence_history', {}, bearer(bob));
      expect(bobs.body.data.items.map((e: any) => e.sentence)).toEqual(['Bob has his own sentence.']);
      for (const name of ['get_sentence_history', 'set_sentence_strange_status']) {
        const anonymous = await upstream.call(name, { sentence: 'A sentence.', strange: 1 });
        expect(anonymous.http).toBe(401);
      }

      const before = await upstream.call('get_sentence_history', { page_size: 10 }, bearer(alice));
      await upstream.stop({ keepData: true });
      upstream = await startTestUpstream({ dir: first.dir, env: { FREE_USES_LOGIN: '100' } });
      const after = await upstream.call('get_sentence_history', { page_size: 10 }, bearer(alice));
      expect(after.body.data).toEqual(before.body.data);
      expect(after.body.data.total).toBe(4);
    } finally {
      await upstream.stop();
    }
  });
});

describe('a busy parser', () => {
  it('answers 503 with a Chinese description, and charges no free use for it', async () => {
    const upstream = await startTestUpstream({
      env: { FREE_USES_ANONYMOUS: '1' },
      sentenceAnalyzer: {
        engine: 'treebank',
        analyze: () => Promise.reject(new ParserBusy('64 sentences are waiting for the parser')),
        close: () => {},
      },
    });
    try {
      const caller = visitor('busy-1');
      for (let i = 0; i < 3; i++) {
        const answer = await upstream.call('analyze_sentence', { sentence: 'The parser is busy.' }, caller);
        expect(answer.http).toBe(503);
        expect(answer.body).toEqual({ status: '503', description: '句子分析繁忙，请稍后再试' });
      }
      const left = await upstream.request('/api/get_remain_vip_num', { headers: caller });
      expect(left.body.data.remain.analyze_sentence).toBe(1);
    } finally {
      await upstream.stop();
    }
  });
});
