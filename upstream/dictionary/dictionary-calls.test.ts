import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_SENSE_ID, WORD_NOT_FOUND } from '../../lib/contract';
import { parseDocumentFile } from '../reading/document-file';
import { createContentLibrary } from '../reading/library';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';
import { loadTreeParser } from '../language/pipeline';
import { sharedDictionaryEngine } from './module';

const paperDir = path.join(import.meta.dirname, '../../tests/fixtures/content');

/** A word in its sentence, split the way the browser sends it. */
function inSentence(sentence: string, target: string, from = 'ContextualDict') {
  const at = sentence.indexOf(target);
  if (at < 0) throw new Error(`${target} is not in: ${sentence}`);
  return {
    pre_context: sentence.slice(0, at),
    post_context: sentence.slice(at + target.length),
    target_word: target,
    from,
  };
}

describe('the dictionary calls', () => {
  let upstream: TestUpstream;
  let token: string;
  beforeAll(async () => {
    // The clock stands in 2026: of the fixture papers (2024, 2019, 2010) the last is too old. The
    // library is not seeded: every test here imports what it reads (seeding took 40-50 s a database).
    upstream = await startTestUpstream({ env: { FREE_USES_ANONYMOUS: '3', FREE_USES_LOGIN: '1000', SEED_CONTENT: 'false' } });
    token = await logInByEmail(upstream, 'reader@example.com');
  }, 60_000);
  afterAll(() => upstream.stop());

  const lookUp = async (sentence: string, target: string, from?: string) => {
    const answer = await upstream.call('query_word', inSentence(sentence, target, from), bearer(token));
    expect(answer.http).toBe(200);
    expect(answer.body.status).toBe('OK');
    return answer.body.result as any[];
  };

  it('reads the river bank and the money bank differently', async () => {
    const river = await lookUp('Two herons stood on the muddy bank while the stream flowed past.', 'bank');
    const money = await lookUp('He borrowed the money for the flat from his bank last spring.', 'bank');
    expect(river[0].lemma).toBe('bank');
    expect(money[0].lemma).toBe('bank');
    expect(river[0].gloss[0].sense_id).not.toBe(money[0].gloss[0].sense_id);
    expect(money[0].gloss[0].sense.first).toMatch(/financ|institution|deposit|money/i);
  }, 30_000);

  it('offers leaf and leave for "leaves", and run with its inflections for "ran"', async () => {
    const leaves = await lookUp('Every autumn the old maple drops its leaves on our roof.', 'leaves');
    expect(leaves.map((i) => i.lemma)).toEqual(expect.arrayContaining(['leaf', 'leave']));
    expect(leaves[0].lemma).toBe('leaf');

    const ran = await lookUp('The boy ran all the way home after school.', 'ran');
    expect(ran[0].lemma).toBe('run');
    const variants = Object.fromEntries(ran[0].variants.map((v: any) => [v.name, v.value]));
    expect(variants.过去式).toContain('ran');
    expect(variants.现在分词).toContain('running');
  });

  it('gives UK and US phonetics, Chinese senses and WordNet sense keys', async () => {
    const [item] = await lookUp('She sliced a ripe tomato for the salad.', 'tomato');
    const gloss = item.gloss[0];
    expect(gloss.phonetic_symbol.first).toBeTruthy();
    expect(gloss.phonetic_symbol.second).toBeTruthy();
    expect(gloss.sense.second).toMatch(/\p{Script=Han}/u);
    expect(gloss.sense_id).toMatch(/^tomato%\d:\d\d:\d\d:/);
    expect(gloss.pos.label).toBe('n.');
  });

  it("gives consider its British form, not ECDICT's slip (kәn'sidŋ)", async () => {
    const [item] = await lookUp('Please consider the offer.', 'consider');
    expect(item.gloss[0].phonetic_symbol).toEqual({ first: 'kənˈsɪdə', second: 'kənˈsɪdɚ' });
  });

  it('answers a word it does not know with the not-found phrase', async () => {
    const [item] = await lookUp('The zqxvort sat quietly.', 'zqxvort');
    expect(item.gloss).toHaveLength(1);
    expect(item.gloss[0].sense.second).toContain(WORD_NOT_FOUND);
  });

  it('suggests the words a misspelt word may be, and nothing for a word it knows', async () => {
    const answer = await upstream.call('query_word', inSentence('I will recieve the parcel.', 'recieve'), bearer(token));
    expect(answer.body.result[0].gloss[0].sense.second).toContain(WORD_NOT_FOUND);
    expect(answer.body.suggestions[0]).toBe('receive');
    const definitely = await upstream.call('query_word', inSentence('It was definately late.', 'definately'), bearer(token));
    expect(definitely.body.suggestions[0]).toBe('definitely');
    const known = await upstream.call('query_word', inSentence('I will receive the parcel.', 'receive'), bearer(token));
    expect(known.body.result[0].lemma).toBe('receive');
    expect(known.body).not.toHaveProperty('suggestions');
  });

  it("keeps a logged-in user's lookups, newest first, and builds the word list", async () => {
    const email = 'history@example.com';
    const own = await logInByEmail(upstream, email);
    const ask = (sentence: string, word: string, from = 'ContextualDict') => {
      upstream.clock.advance(1000);
      return upstream.call('query_word', inSentence(sentence, word, from), bearer(own));
    };
    await ask('The leaves are turning red.', 'leaves');
    await ask('She ran a small bakery for years.', 'ran');
    await ask('The dog ran after the ball.', 'ran', 'annotate');

    const history = await upstream.call('query_text_history', { page: 1, page_size: 2 }, bearer(own));
    expect(history.body.data.total).toBe(3);
    expect(history.body.data.items.map((i: any) => i.post_context)).toEqual([' after the ball.', ' a small bakery for years.']);
    const second = await upstream.call('query_text_history', { page: 2, page_size: 2 }, bearer(own));
    expect(second.body.data.items.map((i: any) => i.lemma)).toEqual(['leaf']);

    const words = await upstream.call('query_history', {}, bearer(own));
    expect(words.body.data.items.map((w: any) => [w.lemma, w.lookups, w.strange])).toEqual([
      ['run', 2, null],
      ['leaf', 1, null],
    ]);

    const marked = await upstream.call('set_strange_status', { word: 'leaves', strange: 1 }, bearer(own));
    expect(marked.body.data).toMatchObject({ lemma: 'leaf', strange: 1, lookups: 1 });
    await upstream.call('set_strange_status', { word: 'ran', lemma: 'run', strange: 0 }, bearer(own));
    const strange = await upstream.call('query_history', { strange: 1 }, bearer(own));
    expect(strange.body.data.items.map((w: any) => w.lemma)).toEqual(['leaf']);
    const familiar = await upstream.call('query_history', { strange: 0 }, bearer(own));
    expect(familiar.body.data.items.map((w: any) => w.lemma)).toEqual(['run']);
    const fromAnnotate = await upstream.call('query_history', { from: 'annotate' }, bearer(own));
    expect(fromAnnotate.body.data.items.map((w: any) => w.lemma)).toEqual(['run']);
  });

  it('asks for a login for the history and the word list', async () => {
    for (const name of ['query_history', 'query_text_history']) {
      const answer = await upstream.call(name, {});
      expect(answer.http).toBe(401);
    }
    const mark = await upstream.call('set_strange_status', { word: 'cat', strange: 1 });
    expect(mark.http).toBe(401);
  });

  it('rejects bad paging and marks with 400', async () => {
    for (const body of [{ page: 0 }, { page_size: 1000 }, { page: 'two' }]) {
      expect((await upstream.call('query_history', body, bearer(token))).http).toBe(400);
    }
    expect((await upstream.call('set_strange_status', { word: 'cat', strange: 2 }, bearer(token))).http).toBe(400);
  });

  it('keeps one thumb per user and key, the last one given', async () => {
    const [item] = await lookUp('Turn left at the next bank of lights.', 'bank');
    expect(item.key).toMatch(/^bank\|/);
    expect((await upstream.call('user_feedback', { key: item.key, feedback_type: 1 }, bearer(token))).body.status).toBe('OK');
    expect((await upstream.call('user_feedback', { key: item.key, feedback_type: 0 }, bearer(token))).body.status).toBe('OK');
    const rows = await upstream.db.selectFrom('word_feedback').selectAll().where('key', '=', item.key).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].feedback_type).toBe(0);
    expect((await upstream.call('user_feedback', { key: item.key, feedback_type: 2 }, bearer(token))).http).toBe(400);
  });

  it('explains every part of speech the engine emits, in Chinese', async () => {
    const labels = new Set<string>();
    for (const [sentence, word] of [
      ['She quickly opened the heavy door.', 'quickly'],
      ['She quickly opened the heavy door.', 'heavy'],
      ['She quickly opened the heavy door.', 'opened'],
      ['She quickly opened the heavy door.', 'door'],
      ['The cat slept under the table.', 'under'],
    ] as const) {
      for (const item of await lookUp(sentence, word)) for (const g of item.gloss) if (g.pos) labels.add(g.pos.label);
    }
    for (const label of labels) {
      const answer = await upstream.call('explain_pos', { pos: label });
      expect(answer.body.status, label).toBe('OK');
      expect(answer.body.data.explanation).toMatch(/\p{Script=Han}/u);
    }
    expect((await upstream.call('explain_pos', { pos: 'zz.' })).http).toBe(404);
  });

  it('counts exam papers of the last 8 years once papers are imported', async () => {
    const sentence = 'The bank raised its interest rates again.';
    const before = await lookUp(sentence, 'bank');
    expect(before[0].w_c).toBe(0);
    const library = createContentLibrary({ db: upstream.db, log: () => {}, now: upstream.clock.now });
    for (const file of readdirSync(paperDir)) {
      await library.importDocument(parseDocumentFile(readFileSync(path.join(paperDir, file), 'utf8'), file));
    }
    // (Another sentence: the same lookup again would be a reopening, answered as it was then.)
    const after = await lookUp('The bank raised its interest rates once more.', 'bank');
    // 'bank'/'banks': 3 times in the 2024 paper, once in 2019; the 2010 paper is outside the window.
    expect(after[0].w_c).toBe(4);
    // Sentences from the library follow WordNet's own examples.
    expect(
      after[0].gloss[0].examples.some((e: any) => /\bbanks?\b/i.test(e.first) && !e.first.includes('interest rates again')),
    ).toBe(true);
  });

  it('puts a library sentence only under the sense the word has in it', async () => {
    const library = createContentLibrary({ db: upstream.db, log: () => {}, now: upstream.clock.now });
    await library.importDocument({
      category: 'essay',
      filename: 'Herons and loans',
      title: 'Herons and loans',
      source: 'written for this test',
      licence: 'CC0',
      text: [
        'A grey heron waited on the grassy bank of the slow river for a fish.',
        'The farmer asked the bank for a loan to buy a new tractor before spring.',
        'Willows grew thickly along the steep bank where the children fished.',
      ].join(' '),
    });
    const sentence = 'She deposited her salary in the bank on Friday.';
    const [item] = await lookUp(sentence, 'bank');
    const engine = sharedDictionaryEngine();
    const own = new Set(
      engine.lookup(inSentence(sentence, 'bank')).flatMap((i) => i.gloss.flatMap((g) => (g.examples ?? []).map((e) => e.first))),
    );
    const fromLibrary = item.gloss.flatMap((g: any) =>
      (g.examples ?? []).filter((e: any) => !own.has(e.first)).map((e: any) => ({ sense: g.sense_id, text: e.first as string })),
    );
    expect(fromLibrary.length).toBeGreaterThan(0);
    // Each library sentence shown is one the engine itself surely reads with that gloss's sense,
    // with the sense model over the trained parser's tree, as query_word reads it.
    const trees = loadTreeParser()!;
    for (const { sense, text } of fromLibrary) {
      const word = /\bbanks?\b/i.exec(text)![0];
      const input = inSentence(text, word);
      expect(engine.senseOf(input, 'bank', trees.parse(engine.sentenceOf(input).text).words), text).toBe(sense);
    }
    // A sentence read without a sure sense goes under none.
    const guessed = 'The bank was quiet that morning.';
    expect(engine.senseOf(inSentence(guessed, 'bank'), 'bank', trees.parse(guessed).words)).toBeUndefined();
    // The trained parser loads in this test (seconds, more on a busy machine).
  }, 90_000);

  it('runs an annotation round whose choice counts towards s_c', async () => {
    const first = await upstream.call('annotate_data', { user_id: 'annotator-1' });
    expect(first.body.status).toBe('OK');
    const task = first.body.result;
    expect(task.words[task.target_word_index]).toBeTruthy();
    expect(task.glosses.at(-1).sense_id).toBe(OTHER_SENSE_ID);
    const chosen = task.glosses[0].sense_id;
    const choice = { user_id: 'annotator-1', current_word_index: task.current_word_index, sense_id: chosen };
    // Answers belong to a logged-in person: without a login nothing is stored.
    const anonymous = await upstream.call('annotate_result', choice);
    expect(anonymous.http).toBe(401);
    expect(await upstream.db.selectFrom('annotations').selectAll().execute()).toEqual([]);

    const answer = await upstream.call('annotate_result', choice, bearer(token));
    expect(answer.body.status).toBe('OK');
    const next = await upstream.call('annotate_data', { user_id: 'annotator-1' }, bearer(token));
    expect(next.body.result.current_word_index).not.toBe(task.current_word_index);

    // Someone else who knows the uid answers for themselves; the first answer stays.
    upstream.clock.advance(60_000);
    const intruder = await logInByEmail(upstream, 'intruder@example.com');
    const other = task.glosses.at(-1).sense_id;
    expect((await upstream.call('annotate_result', { ...choice, sense_id: other }, bearer(intruder))).body.status).toBe('OK');
    const stored = await upstream.db.selectFrom('annotations').select(['annotator', 'sense_id']).orderBy('created_at').execute();
    expect(stored.map((r) => r.sense_id)).toEqual([String(chosen), String(other)]);
    expect(new Set(stored.map((r) => r.annotator)).size).toBe(2);

    const bad = await upstream.call(
      'annotate_result',
      { user_id: 'annotator-1', current_word_index: 999_999, sense_id: null },
      bearer(token),
    );
    expect(bad.http).toBe(404);

    // s_c: the chosen sense now carries one choice when the same word is looked up.
    const target = task.words[task.target_word_index];
    const counted = async (u: TestUpstream) => {
      const found = await u.call(
        'query_word',
        {
          pre_context: `${task.words.slice(0, task.target_word_index).join(' ')} `,
          post_context: ` ${task.words.slice(task.target_word_index + 1).join(' ')}`,
          target_word: target,
        },
        bearer(token),
      );
      return found.body.result.flatMap((i: any) => i.gloss).find((g: any) => g.sense_id === chosen)?.s_c;
    };
    expect(await counted(upstream)).toBe(1);
  });

  it('counts one account once per annotation task, under however many batch uids it answers', async () => {
    const prober = bearer(await logInByEmail(upstream, 'annotation-prober@example.com'));
    const task = (await upstream.call('annotate_data', { user_id: 'probe-0' }, prober)).body.result;
    const sense = task.glosses[0].sense_id;
    // The public count (s_c) as a reader sees it; each read by a reader of its own, since a
    // reader's repeated lookup is answered as it was the first time.
    let readers = 0;
    const publicCount = async () => {
      const reader = bearer(await logInByEmail(upstream, `annotation-reader-${++readers}@example.com`));
      const found = await upstream.call(
        'query_word',
        {
          pre_context: `${task.words.slice(0, task.target_word_index).join(' ')} `,
          post_context: ` ${task.words.slice(task.target_word_index + 1).join(' ')}`,
          target_word: task.words[task.target_word_index],
        },
        reader,
      );
      return found.body.result.flatMap((i: any) => i.gloss).find((g: any) => g.sense_id === sense)?.s_c as number;
    };
    const before = await publicCount();

    for (let batch = 0; batch < 40; batch++) {
      upstream.clock.advance(1000);
      const answer = await upstream.call(
        'annotate_result',
        { user_id: `probe-${batch}`, current_word_index: task.current_word_index, sense_id: sense },
        prober,
      );
      expect(answer.body.status).toBe('OK');
    }
    expect(await publicCount()).toBe(before + 1);
    // The task is done for this account in every batch; changing the answer moves the count.
    const next = await upstream.call('annotate_data', { user_id: 'probe-40' }, prober);
    expect(next.body.result.current_word_index).not.toBe(task.current_word_index);
    const other = task.glosses.find((g: any) => g.sense_id !== sense).sense_id;
    await upstream.call(
      'annotate_result',
      { user_id: 'probe-41', current_word_index: task.current_word_index, sense_id: other },
      prober,
    );
    expect(await publicCount()).toBe(before);
  });

  it('meters lookups per visitor, and behind one address up to its ceiling, however often the cookie is dropped', async () => {
    const own = await startTestUpstream({ env: { FREE_USES_ANONYMOUS: '2', FREE_USES_PER_ADDRESS: '5' } });
    try {
      const body = inSentence('A cat sat on the mat.', 'cat');
      const lookups = async (n: number, headers: Record<string, string>) => {
        const statuses = [];
        for (let i = 0; i < n; i++) {
          const answer = await own.call('query_word', body, headers);
          expect(answer.http).toBe(200);
          statuses.push([answer.body.status, answer.body.free_uses_left]);
        }
        return statuses;
      };
      const school = { 'x-forwarded-for': '198.51.100.7' };
      // A visitor has their own two, and is told how many are left.
      expect(await lookups(3, { ...school, 'x-visitor-id': 'pupil-1' })).toEqual([
        ['OK', 1],
        ['OK', 0],
        ['anonymous_user_free_num_limit', undefined],
      ]);
      // A classmate behind the same address has theirs.
      expect(await lookups(2, { ...school, 'x-visitor-id': 'pupil-2' })).toEqual([
        ['OK', 1],
        ['OK', 0],
      ]);
      // A client presenting a new visitor id each time gets what the address has left, and no more.
      const fresh = [];
      for (let i = 0; i < 3; i++) fresh.push(...(await lookups(1, { ...school, 'x-visitor-id': `fresh-${i}` })));
      expect(fresh.map(([status]) => status)).toEqual(['OK', 'anonymous_user_free_num_limit', 'anonymous_user_free_num_limit']);
      // Another address is not affected.
      expect((await lookups(1, { 'x-forwarded-for': '203.0.113.9', 'x-visitor-id': 'elsewhere' }))[0][0]).toBe('OK');
    } finally {
      await own.stop();
    }
  });

  it('counts every client behind an address that keeps no cookie as one visitor', async () => {
    const own = await startTestUpstream({ env: { FREE_USES_ANONYMOUS: '2', FREE_USES_PER_ADDRESS: '50' } });
    try {
      const body = inSentence('A cat sat on the mat.', 'cat');
      const status = async (headers: Record<string, string>) => (await own.call('query_word', body, headers)).body.status;
      // The BFF makes a visitor id for each request without its cookie, and says so.
      const cookieless = (n: number) => ({
        'x-forwarded-for': '198.51.100.20',
        'x-visitor-id': `new-${n}`,
        'x-visitor-new': '1',
      });
      const seen = [];
      for (let i = 0; i < 4; i++) seen.push(await status(cookieless(i)));
      expect(seen).toEqual(['OK', 'OK', 'anonymous_user_free_num_limit', 'anonymous_user_free_num_limit']);
      // A browser that kept its cookie, behind the same address, has its own allowance.
      expect(await status({ 'x-forwarded-for': '198.51.100.20', 'x-visitor-id': 'kept-cookie' })).toBe('OK');
      // How many are left is told as they will be counted.
      const remain = await own.request('/api/get_remain_vip_num', { headers: cookieless(9) });
      expect((remain.body as { data: { remain: { query_word: number } } }).data.remain.query_word).toBe(0);
      // Cookieless clients elsewhere are not affected.
      expect(await status({ ...cookieless(5), 'x-forwarded-for': '203.0.113.20' })).toBe('OK');
    } finally {
      await own.stop();
    }
  });

  it('charges nothing for a word the dictionary does not know', async () => {
    const own = await startTestUpstream({ env: { FREE_USES_ANONYMOUS: '1' } });
    try {
      const visitor = { 'x-forwarded-for': '198.51.100.8', 'x-visitor-id': 'typist' };
      for (let i = 0; i < 3; i++) {
        const misspelt = await own.call('query_word', inSentence('I will recieve qzxvbn soon.', 'qzxvbn'), visitor);
        expect(misspelt.body.status).toBe('OK');
        expect(misspelt.body.result[0].gloss[0].sense.second).toContain(WORD_NOT_FOUND);
        expect(misspelt.body.free_uses_left).toBe(1);
      }
      const found = await own.call('query_word', inSentence('A cat sat on the mat.', 'cat'), visitor);
      expect([found.body.status, found.body.free_uses_left]).toEqual(['OK', 0]);
    } finally {
      await own.stop();
    }
  });

  it('shows a reopened lookup as it was answered, and does not count it again', async () => {
    const own = await startTestUpstream({ env: { FREE_USES_LOGIN: '2' } });
    try {
      const reader = await logInByEmail(own, 'reopen@example.com');
      const ask = (sentence: string, target: string) => own.call('query_word', inSentence(sentence, target), bearer(reader));
      const first = await ask('She ran a small shop.', 'shop');
      expect(first.body.status).toBe('OK');
      // Reopened from the history (or clicked again in the same sentence): the same answer, free.
      expect(first.body.free_uses_left).toBe(1);
      const { free_uses_left: _left, ...answered } = first.body;
      for (let i = 0; i < 3; i++) expect((await ask('She ran a small shop.', 'shop')).body).toEqual(answered);
      expect((await ask('The bank was closed.', 'bank')).body.status).toBe('OK');
      // The second new lookup used the last free one; a third new one is refused.
      expect((await ask('They shop on Sundays.', 'shop')).body.status).toBe('login_user_free_num_limit');
      // Reopening still works after the limit.
      expect((await ask('She ran a small shop.', 'shop')).body).toEqual(answered);
    } finally {
      await own.stop();
    }
  });

  it('refuses malformed lookups with 400', async () => {
    for (const body of [{}, { target_word: '' }, { pre_context: 1, post_context: '', target_word: 'a' }]) {
      expect((await upstream.call('query_word', body, bearer(token))).http).toBe(400);
    }
  });

  it('takes U+0000 out of what it is sent, which PostgreSQL could not store', async () => {
    const looked = await upstream.call(
      'query_word',
      { pre_context: 'The\u0000 ', post_context: ' is open.', target_word: 'bank\u0000' },
      bearer(token),
    );
    expect(looked.http).toBe(200);
    expect(looked.body.result[0].lemma).toBe('bank');
    const marked = await upstream.call('set_strange_status', { word: 'ca\u0000t', strange: 1 }, bearer(token));
    expect(marked.body.data).toMatchObject({ word: 'cat', lemma: 'cat', strange: 1 });
  });

  it('never fails on odd words', async () => {
    for (const word of ['Bank', 'BANK', "don't", 'well-known', '😀', '银行', 'x'.repeat(200), '"bank"', '—']) {
      const answer = await upstream.call(
        'query_word',
        { pre_context: 'It is ', post_context: ' here.', target_word: word },
        bearer(token),
      );
      expect(answer.http, word).toBe(200);
      expect(answer.body.status, word).toBe('OK');
      expect(answer.body.result.length, word).toBeGreaterThan(0);
    }
  });
});
