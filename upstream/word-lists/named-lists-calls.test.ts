import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordListLimits } from '../../lib/contract';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';

describe('named word lists', () => {
  let upstream: TestUpstream;
  let reader: Record<string, string>;
  let other: Record<string, string>;
  const change = (body: unknown, who = reader) => upstream.call('add_word_list', body, who);
  const info = (body: unknown = {}, who = reader) => upstream.call('query_word_list_name_info', body, who);

  beforeAll(async () => {
    upstream = await startTestUpstream();
    reader = bearer(await logInByEmail(upstream, 'lists@example.com'));
    other = bearer(await logInByEmail(upstream, 'lists-other@example.com'));
  });
  afterAll(() => upstream.stop());

  it('makes a list from a name alone (no action)', async () => {
    const made = await change({ name: '只给名字' });
    expect(made.http).toBe(200);
    expect(made.body.data.list).toMatchObject({ name: '只给名字', words: 0 });
    expect((await change({ list_id: made.body.data.list.list_id })).http).toBe(400);
    expect((await change({ action: 'delete', list_id: made.body.data.list.list_id })).http).toBe(200);
  });

  it('creates, renames and lists lists with their counts; adds and removes words with their sentences', async () => {
    const created = await change({ action: 'create', name: '  考前冲刺 ' });
    expect(created.http).toBe(200);
    expect(created.body.data.list).toMatchObject({ name: '考前冲刺', words: 0 });
    const id = created.body.data.list.list_id;

    upstream.clock.advance(1000);
    const added = await change({ action: 'add_word', list_id: id, word: 'leaves', lemma: 'leaf', sentence: 'The leaves fell.' });
    expect(added.body.data.list.words).toBe(1);
    upstream.clock.advance(1000);
    const many = await upstream.call(
      'add_multi_word_list',
      {
        list_id: id,
        words: [
          { word: 'ran', sentence: 'She ran a shop.' },
          { word: 'Leaf', sentence: 'A leaf is green.' },
          { word: 'apple', lemma: 'apple' },
        ],
      },
      reader,
    );
    expect(many.body.data).toMatchObject({ added: 2, list: { words: 3 } });

    const page = await info({ list_id: id, page_size: 2 });
    expect(page.body.data.list).toMatchObject({ list_id: id, words: 3 });
    expect(page.body.data.words.total).toBe(3);
    expect(page.body.data.words.items).toHaveLength(2);
    const all = (await info({ list_id: id })).body.data.words.items;
    expect(all.find((w: { lemma: string }) => w.lemma === 'leaf')).toMatchObject({ word: 'Leaf', sentence: 'A leaf is green.' });
    expect(all.find((w: { lemma: string }) => w.lemma === 'run')).toMatchObject({ word: 'ran', sentence: 'She ran a shop.' });

    const renamed = await change({ action: 'rename', list_id: id, name: '四级核心' });
    expect(renamed.body.data.list).toMatchObject({ name: '四级核心', words: 3 });
    const removed = await change({ action: 'remove_word', list_id: id, lemma: 'leaf' });
    expect(removed.body.data.list.words).toBe(2);

    // By name: a new list made for the words.
    const byName = await upstream.call('add_multi_word_list', { name: 'Harry Potter', words: [{ word: 'wand' }] }, reader);
    expect(byName.body.data).toMatchObject({ added: 1, list: { name: 'Harry Potter', words: 1 } });
    const lists = (await info()).body.data.lists;
    expect(lists.map((l: { name: string; words: number }) => [l.name, l.words])).toEqual([
      ['Harry Potter', 1],
      ['四级核心', 2],
    ]);
    expect((await info({}, other)).body.data.lists).toEqual([]);

    expect((await change({ action: 'delete', list_id: byName.body.data.list.list_id })).body.data).toEqual({ list: null });
    expect((await info()).body.data.lists).toHaveLength(1);
  });

  it('refuses other users, visitors and what passes the limits, with clear 400s', async () => {
    const { list_id } = (await change({ action: 'create', name: 'mine' })).body.data.list;
    expect((await change({ action: 'add_word', list_id, word: 'cat' }, other)).http).toBe(404);
    expect((await info({ list_id }, other)).http).toBe(404);
    expect((await change({ action: 'delete', list_id }, other)).http).toBe(404);
    expect((await change({ action: 'create', name: 'x' }, {})).http).toBe(401);
    expect((await info({}, {})).http).toBe(401);

    const dup = await change({ action: 'create', name: 'mine' });
    expect(dup.http).toBe(400);
    expect(dup.body.description).toContain('已有名为“mine”的词单');
    const long = await change({ action: 'create', name: 'x'.repeat(wordListLimits.maxName + 1) });
    expect(long.http).toBe(400);
    expect(long.body.description).toContain(`词单名称最长 ${wordListLimits.maxName} 个字符`);
    expect((await change({ action: 'create', name: '   ' })).body.description).toContain('请输入词单名称');
    expect((await change({ action: 'explode', list_id })).http).toBe(400);
    const tooMany = await upstream.call(
      'add_multi_word_list',
      { list_id, words: Array.from({ length: wordListLimits.maxWordsPerRequest + 1 }, (_, i) => ({ word: `w${i}` })) },
      reader,
    );
    expect(tooMany.http).toBe(400);
    expect(tooMany.body.description).toContain(`一次最多添加 ${wordListLimits.maxWordsPerRequest} 个单词`);
    expect((await upstream.call('add_multi_word_list', { words: [{ word: 'a' }] }, reader)).body.description).toContain(
      'list_id',
    );
    expect((await info({ list_id })).body.data.list.words).toBe(0);
  });
});
