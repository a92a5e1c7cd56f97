import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';

const SENTENCE = {
  pre_context: 'Two herons stood on the muddy ',
  target_word: 'bank',
  post_context: ' while the stream flowed past.',
};

describe('the review calls', () => {
  let upstream: TestUpstream;
  let reader: string;
  let other: string;
  beforeAll(async () => {
    upstream = await startTestUpstream({ env: { FREE_USES_LOGIN: '1000' } });
    reader = await logInByEmail(upstream, 'reader@example.com');
    other = await logInByEmail(upstream, 'other@example.com');
  }, 60_000);
  afterAll(() => upstream.stop());

  it('makes a card of the sense marked 生词 in the word panel, and reviews it in that sentence', async () => {
    const looked = await upstream.call('query_word', { ...SENTENCE, from: 'ContextualDict' }, bearer(reader));
    expect(looked.body.status).toBe('OK');
    const gloss = looked.body.result[0].gloss[0];

    const marked = await upstream.call(
      'set_strange_status',
      {
        word: 'bank',
        strange: 1,
        sense_id: String(gloss.sense_id),
        pre_context: SENTENCE.pre_context,
        post_context: SENTENCE.post_context,
        from: 'ContextualDict',
      },
      bearer(reader),
    );
    expect(marked.http).toBe(200);
    expect(marked.body.data).toMatchObject({ lemma: 'bank', strange: 1, card_id: expect.any(Number) });

    // The word book and the history show the Chinese of the sense the word was met in.
    // A word looked up (not marked) names its sense too.
    const looked2 = await upstream.call(
      'query_word',
      { pre_context: 'She asked for a week of ', target_word: 'leave', post_context: ' to rest.' },
      bearer(other),
    );
    const listed = await upstream.call('query_history', {}, bearer(other));
    expect(listed.body.data.items[0]).toMatchObject({
      lemma: 'leave',
      sense_id: String(looked2.body.result[0].gloss[0].sense_id),
    });

    const history = await upstream.call('query_text_history', {}, bearer(reader));
    expect(history.body.data.items[0]).toMatchObject({ target_word: 'bank', sense_zh: gloss.sense.second });
    const words = await upstream.call('query_history', {}, bearer(reader));
    expect(words.body.data.items[0]).toMatchObject({
      lemma: 'bank',
      strange: 1,
      sense_id: String(gloss.sense_id),
      sense_zh: gloss.sense.second,
    });

    const next = await upstream.call('review_next', {}, bearer(reader));
    expect(next.body.data.card).toMatchObject({
      card_id: marked.body.data.card_id,
      lemma: 'bank',
      headword: 'bank',
      sense_en: gloss.sense.first,
      sense_zh: gloss.sense.second,
      state: 'new',
      sentences: [
        {
          pre_context: SENTENCE.pre_context,
          word: 'bank',
          post_context: SENTENCE.post_context,
          source: 'lookup',
          from: 'ContextualDict',
        },
      ],
    });
    // ECDICT tags bank for the school exams.
    expect(next.body.data.card.exams).toContain('zk');
    expect(next.body.data.options).toHaveLength(4);

    const rated = await upstream.call(
      'review_rate',
      { card_id: marked.body.data.card_id, rating: 3, review_id: 'first-rating', reps: 0 },
      bearer(reader),
    );
    expect(rated.body.data).toMatchObject({ state: 'learning', stale: false, counts: { reviewed_today: 1 } });
    const counts = await upstream.request('/api/review_counts', { headers: bearer(reader) });
    expect(counts.body.data).toMatchObject({ reviewed_today: 1, total: 1 });
    const undone = await upstream.call('review_undo', { review_id: 'first-rating' }, bearer(reader));
    expect(undone.body.data).toMatchObject({ card_id: marked.body.data.card_id, counts: { reviewed_today: 0, new_left: 1 } });

    // A text met later marks the word as waiting for review, and the word panel can rate it there.
    const parsed = await upstream.call(
      'parse_text',
      { text: 'Ducks nested on the far bank. The river was calm.' },
      bearer(reader),
    );
    const tokens = parsed.body.data.sentences.flatMap((s: { tokens: unknown[] }) => s.tokens);
    expect(tokens.find((t: { text: string }) => t.text === 'bank')).toMatchObject({ lemma: 'bank', review: 'due' });
    expect(tokens.find((t: { text: string }) => t.text === 'river').review).toBeUndefined();
    const waiting = await upstream.call('review_waiting', { lemma: 'bank', sense_id: String(gloss.sense_id) }, bearer(reader));
    expect(waiting.body.data.card).toMatchObject({ card_id: marked.body.data.card_id, state: 'new', reps: 0 });
    expect((await upstream.call('review_waiting', { lemma: 'river' }, bearer(reader))).body.data.card).toBeNull();
    // Another learner sees none of it.
    const theirs = await upstream.call('parse_text', { text: 'Ducks nested on the far bank.' }, bearer(other));
    expect(theirs.body.data.sentences[0].tokens.find((t: { text: string }) => t.text === 'bank').review).toBeUndefined();

    // Another learner has no cards, and cannot rate this one.
    expect((await upstream.call('review_next', {}, bearer(other))).body.data).toMatchObject({ card: null, counts: { total: 0 } });
    const foreign = await upstream.call(
      'review_rate',
      { card_id: marked.body.data.card_id, rating: 3, review_id: 'foreign-rating', reps: 0 },
      bearer(other),
    );
    expect(foreign.http).toBe(404);
  }, 30_000);

  it('exports the cards as CSV and as an Anki package with the words’ sound, to their owner only', async () => {
    const csv = await upstream.request('/api/export_review?format=csv', { headers: bearer(reader) });
    expect(csv.http).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="yujing-cards-\d{4}-\d\d-\d\d\.csv"; filename\*=UTF-8''/,
    );
    // (Reading the body as text drops the byte-order mark; the bytes keep it.)
    const raw = new Uint8Array(
      await (await fetch(`${upstream.url}/api/export_review?format=csv`, { headers: bearer(reader) })).arrayBuffer(),
    );
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.body.startsWith('单词,词性,中文释义')).toBe(true);
    expect(csv.body).toContain('Two herons stood on the muddy bank while the stream flowed past.');

    const apkg = await fetch(`${upstream.url}/api/export_review?format=apkg`, { headers: bearer(reader) });
    expect(apkg.status).toBe(200);
    const files = unzipSync(new Uint8Array(await apkg.arrayBuffer()));
    const media = Object.values(JSON.parse(new TextDecoder().decode(files.media)) as Record<string, string>);
    // Numbered as the sounds come back from the synthesizer, two at once: in either order.
    expect(media.sort()).toEqual([expect.stringMatching(/^yujing-uk-.+\.wav$/), expect.stringMatching(/^yujing-us-.+\.wav$/)]);
    expect(new TextDecoder().decode(files['0'].slice(0, 4))).toBe('RIFF');

    // Another learner's export is empty; without a login there is none.
    const empty = await upstream.request('/api/export_review?format=csv', { headers: bearer(other) });
    expect(empty.body.split('\r\n').filter(Boolean)).toHaveLength(1);
    expect((await upstream.request('/api/export_review?format=csv')).http).toBe(401);
    expect((await upstream.request('/api/export_review?format=xlsx', { headers: bearer(reader) })).http).toBe(400);
  }, 60_000);

  it('makes a card of a sense added to a word list from the word panel', async () => {
    const pitch = { pre_context: "The company's sales ", target_word: 'pitch', post_context: ' was far too long.' };
    const looked = await upstream.call('query_word', pitch, bearer(other));
    const senseId = String(looked.body.result[0].gloss[0].sense_id);
    const made = await upstream.call('add_word_list', { action: 'create', name: '商务' }, bearer(other));
    const added = await upstream.call(
      'add_word_list',
      {
        action: 'add_word',
        list_id: made.body.data.list.list_id,
        word: 'pitch',
        sentence: 'x',
        sense_id: senseId,
        pre_context: pitch.pre_context,
        post_context: pitch.post_context,
      },
      bearer(other),
    );
    expect(added.body.data.list.words).toBe(1);
    const next = await upstream.call('review_next', {}, bearer(other));
    expect(next.body.data.card).toMatchObject({ lemma: 'pitch', sentences: [{ word: 'pitch', source: 'list' }] });
    // A word added without a sense (from a course's list) is listed only.
    await upstream.call(
      'add_multi_word_list',
      { list_id: made.body.data.list.list_id, words: [{ word: 'pledge' }] },
      bearer(other),
    );
    expect(
      (await upstream.call('review_next', { exclude: [next.body.data.card.card_id] }, bearer(other))).body.data.counts.total,
    ).toBe(1);
  }, 30_000);

  it('joins a visitor’s lookups to their account when they log in on that browser, and makes cards of senses met twice', async () => {
    const browser = { 'x-visitor-id': 'b3f1c2d4-visitor-review' };
    const stranger = { 'x-visitor-id': 'c4a2d3e5-visitor-other' };
    const river = (pre: string, post: string) => ({
      pre_context: pre,
      target_word: 'bank',
      post_context: post,
      from: 'ReadNews',
    });
    for (const lookup of [
      river('Two herons stood on the muddy ', ' while the stream flowed past.'),
      river('Reeds grew thick along the muddy ', ' of the stream.'),
    ]) {
      expect((await upstream.call('query_word', lookup, browser)).body.status).toBe('OK');
    }
    await upstream.call('query_word', river('Ducks rested on the muddy ', ' of the pond.'), stranger);

    const learner = await logInByEmail(upstream, 'visitor@example.com');
    const history = await upstream.call('query_text_history', {}, { ...bearer(learner), ...browser });
    expect(history.body.data.items.map((i: { post_context: string }) => i.post_context)).toEqual([
      ' of the stream.',
      ' while the stream flowed past.',
    ]);
    // Once: the lookups moved, they are not kept twice.
    const again = await upstream.call('query_text_history', {}, { ...bearer(learner), ...browser });
    expect(again.body.data.total).toBe(2);
    // The same sense met in both sentences became a card asked with both.
    const next = await upstream.call('review_next', {}, bearer(learner));
    if (next.body.data.card) expect(next.body.data.card.sentences).toHaveLength(2);
    const senses = await upstream.db
      .selectFrom('lookups')
      .select('sense_id')
      .where('target_word', '=', 'bank')
      .where('pre_context', 'like', '%muddy%')
      .execute();
    expect(next.body.data.counts.total).toBe(new Set(senses.map((r) => r.sense_id)).size === 1 ? 1 : 0);
  }, 30_000);

  it('keeps where each sentence was met: a reading page, a course unit', async () => {
    const learner = await logInByEmail(upstream, 'sources@example.com');
    const muddy = {
      pre_context: 'Two herons stood on the muddy ',
      target_word: 'bank',
      post_context: ' while the stream flowed past.',
    };
    // Looked up on a news article and marked 生词 there: the card's sentence was met while reading.
    const looked1 = await upstream.call('query_word', { ...muddy, from: 'NewsArticle' }, bearer(learner));
    const first = String(looked1.body.result[0].gloss[0].sense_id);
    const marked = await upstream.call(
      'set_strange_status',
      {
        word: 'bank',
        strange: 1,
        sense_id: first,
        pre_context: muddy.pre_context,
        post_context: muddy.post_context,
        from: 'NewsArticle',
      },
      bearer(learner),
    );
    expect(marked.http).toBe(200);
    const card = (await upstream.call('review_next', {}, bearer(learner))).body.data.card;
    expect(card.sentences).toEqual([
      { pre_context: muddy.pre_context, word: 'bank', post_context: muddy.post_context, source: 'reading', from: 'NewsArticle' },
    ]);
    // The same sense met again in a course unit joins the card as met there.
    const reeds = { pre_context: 'Reeds grew thick along the muddy ', target_word: 'bank', post_context: ' of the stream.' };
    const looked = await upstream.call('query_word', { ...reeds, from: 'course' }, bearer(learner));
    const again = (await upstream.call('review_next', {}, bearer(learner))).body.data.card;
    const sameSense = String(looked.body.result[0].gloss[0].sense_id) === first;
    expect(again.sentences.map((s: { source: string }) => s.source)).toEqual(sameSense ? ['reading', 'course'] : ['reading']);
  }, 30_000);

  it('asks for the lookup before a sense can be marked in a sentence', async () => {
    const marked = await upstream.call(
      'set_strange_status',
      { word: 'bank', strange: 1, sense_id: 'bank%1:17:01::', pre_context: 'Never looked up ', post_context: '.' },
      bearer(other),
    );
    expect(marked.http).toBe(422);
    expect(marked.body).toMatchObject({ status: 'sense_not_met', description: '请先在这句话里查询这个词，再标记' });
  });

  it('keeps the settings within their bounds, and asks for a login', async () => {
    // Until the log is long enough to fit, FSRS-6's default weights schedule the learner.
    const defaults = { weights: 'default', fitted_reviews: 0, fitted_at: null, optimizer: true };
    expect((await upstream.call('review_settings', {}, bearer(reader))).body.data).toEqual({
      desired_retention: 0.9,
      new_per_day: 20,
      memory: { ...defaults, reviews: expect.any(Number) },
    });
    const set = await upstream.call('review_settings', { desired_retention: 0.85, new_per_day: 5 }, bearer(reader));
    expect(set.body.data).toMatchObject({ desired_retention: 0.85, new_per_day: 5, memory: defaults });
    expect((await upstream.call('review_settings', { desired_retention: 0.5 }, bearer(reader))).http).toBe(400);
    expect(
      (await upstream.call('review_rate', { card_id: 1, rating: 5, review_id: 'bad-rating', reps: 0 }, bearer(reader))).http,
    ).toBe(400);
    expect((await upstream.call('review_rate', { card_id: 1, rating: 3, review_id: 'a b', reps: 0 }, bearer(reader))).http).toBe(
      400,
    );
    for (const name of ['review_next', 'review_rate', 'review_undo', 'review_settings']) {
      expect((await upstream.call(name, {})).http).toBe(name === 'review_next' || name === 'review_settings' ? 401 : 400);
    }
    expect((await upstream.request('/api/review_counts')).http).toBe(401);
  });
});
