import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_SENSE_CANDIDATE, OTHER_SENSE_ID, WORD_NOT_FOUND, type Gloss, type TranslationItem } from '../../lib/contract';
import { loadConfig } from '../platform/config';
import { createContentLibrary, type ContentLibrary } from '../reading/library';
import { migrateToLatest, openDatabase, type Db } from '../db/database';
import { migrationProvider, migrations } from '../db/migrations';
import type { DictionaryEngine, LookupInput } from '../dictionary/types';
import { UpstreamError } from '../platform/http';
import { removeTestData, testDatabaseEnv } from '../test-harness';
import { createAnnotation, type Annotation } from './annotation';

/*
 * A small stand-in for the dictionary engine with its interface: "bank" and "run" have two
 * senses each, ranked by the words around them; "sit" has one; anything else is unknown.
 */
const sense = (id: string, first: string, second: string): Gloss => ({ sense: { first, second }, sense_id: id });
const senses: Record<string, Gloss[]> = {
  bank: [
    sense('bank%1:17:01::', 'sloping land beside water', '河岸'),
    sense('bank%1:14:00::', 'a financial institution', '银行'),
  ],
  run: [sense('run%2:38:00::', 'move fast on foot', '跑'), sense('run%2:41:00::', 'direct or manage', '经营')],
  sit: [sense('sit%2:35:00::', 'be seated', '坐')],
};
const lemmaOf: Record<string, string> = {
  bank: 'bank',
  banks: 'bank',
  run: 'run',
  ran: 'run',
  runs: 'run',
  sat: 'sit',
  sit: 'sit',
};

const fakeDictionary: DictionaryEngine & { lookups: LookupInput[] } = {
  lookups: [],
  senseOf: () => undefined,
  sentenceOf: (input) => ({
    text: `${input.pre_context}${input.target_word}${input.post_context}`,
    start: input.pre_context.length,
    end: input.pre_context.length + input.target_word.length,
  }),
  lookup(input) {
    this.lookups.push(input);
    const lemma = lemmaOf[input.target_word.toLowerCase()];
    if (!lemma)
      return [
        { lemma: input.target_word, gloss: [{ sense: { first: input.target_word, second: WORD_NOT_FOUND }, sense_id: null }] },
      ];
    const context = `${input.pre_context} ${input.post_context}`.toLowerCase();
    const glosses = [...senses[lemma]];
    if (/money|salary|company|account/.test(context)) glosses.reverse();
    return [{ lemma, gloss: glosses } satisfies TranslationItem];
  },
  formsOf: (lemma) => Object.keys(lemmaOf).filter((w) => lemmaOf[w] === lemma),
  lemmasOf: (word) => (lemmaOf[word.toLowerCase()] ? [lemmaOf[word.toLowerCase()]] : []),
  spellingSuggestions: () => [],
  headword: () => undefined,
};

const riverBank = 'bank%1:17:01::';
const moneyBank = 'bank%1:14:00::';

const text = [
  'Alice sat on the bank of the river all afternoon.',
  'Too short here.',
  'Alice sat there quietly and said nothing more to anybody.',
  'She ran to the bank to pay in her salary before noon.',
  '"Where is the bank?" asked the old man with the money.',
  'They walked down to the bank again after their lunch.',
  'The children sat beside the bank and ate their lunch slowly.',
].join(' ');

describe('annotation', () => {
  let dir: string;
  let db: Db;
  let library: ContentLibrary;
  let annotation: Annotation;
  const open = async () => {
    db = openDatabase(loadConfig(await testDatabaseEnv(dir)));
    await migrateToLatest(db);
    const now = () => new Date('2026-03-02T02:00:00Z');
    library = createContentLibrary({ db, log: () => {}, now });
    annotation = createAnnotation({ db, library, dictionary: fakeDictionary, now });
  };
  const status = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => (error instanceof UpstreamError ? `${error.httpStatus} ${error.description}` : String(error)),
    );

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'yujing-annotation-'));
    await open();
    await library.importDocument({
      category: 'reading',
      filename: 'banks',
      title: 'Banks',
      source: 'test',
      licence: 'CC0',
      text,
    });
  });
  afterEach(async () => {
    await db.destroy();
    await removeTestData(dir);
  });

  it('gives a library sentence as tokens, the polysemous word, its glosses in context plus Other, and the candidate', async () => {
    const task = await annotation.nextTask({ uid: 'ann-1' });
    expect(task).not.toBeNull();
    expect(task!.words).toEqual(['Alice', 'sat', 'on', 'the', 'bank', 'of', 'the', 'river', 'all', 'afternoon', '.']);
    // "sat" has one sense only; "bank" is the first word with two.
    expect(task!.words[task!.target_word_index]).toBe('bank');
    expect(task!.glosses.map((g) => g.sense_id)).toEqual([riverBank, moneyBank, OTHER_SENSE_ID]);
    expect(task!.glosses.at(-1)).toEqual({ sense: { first: 'Other', second: '其他' }, sense_id: -1 });
    expect(task!.sense_id_candidate).toBe(riverBank);
    expect(task!.current_word_index).toBeGreaterThan(0);
    // The dictionary saw the word in its sentence.
    expect(fakeDictionary.lookups.at(-1)).toEqual({
      pre_context: 'Alice sat on the ',
      post_context: ' of the river all afternoon.',
      target_word: 'bank',
    });

    // Unanswered, the same task comes again, and no second task is made for it.
    expect(await annotation.nextTask({ uid: 'ann-1' })).toEqual(task);
    expect(await db.selectFrom('annotation_tasks').select('id').execute()).toHaveLength(1);
  });

  it('moves on after an answer, skipping sentences without a polysemous word, and ranks in context', async () => {
    const first = (await annotation.nextTask({ uid: 'ann-1' }))!;
    await annotation.submit({ uid: 'ann-1' }, first.current_word_index, riverBank);
    const second = (await annotation.nextTask({ uid: 'ann-1' }))!;
    expect(second.current_word_index).not.toBe(first.current_word_index);
    // "Too short here." and the "sat there" sentence have nothing to annotate.
    expect(second.words.join(' ')).toBe('She ran to the bank to pay in her salary before noon .');
    expect(second.words[second.target_word_index]).toBe('ran');
    expect(second.glosses.map((g) => g.sense_id)).toEqual(['run%2:41:00::', 'run%2:38:00::', OTHER_SENSE_ID]);

    // Another annotator starts from the first task: tasks are shared.
    expect((await annotation.nextTask({ uid: 'ann-2' }))!.current_word_index).toBe(first.current_word_index);
    // Neither a uid nor a logged-in user: nobody to record the answers for.
    expect(await annotation.nextTask({ userId: null, uid: ' ' }).catch((e: UpstreamError) => e.description)).toBe(
      '请求参数错误：缺少 user_id',
    );
  });

  it('gives a lemma at most three tasks and answers null when the library has no more', async () => {
    const targets: string[] = [];
    for (let task = await annotation.nextTask({ uid: 'a' }); task; task = await annotation.nextTask({ uid: 'a' })) {
      targets.push(task.words[task.target_word_index].toLowerCase());
      await annotation.submit({ uid: 'a' }, task.current_word_index, null);
    }
    // Five sentences hold "bank"; the third bank task is the last one.
    expect(targets).toEqual(['bank', 'ran', 'bank', 'bank']);
    expect(await annotation.nextTask({ uid: 'a' })).toBeNull();
    // New library content is read on from where task making stopped.
    await library.importDocument({
      category: 'reading',
      filename: 'more',
      title: 'More',
      source: 'test',
      licence: 'CC0',
      text: 'He runs a small company in the old part of town.',
    });
    const next = await annotation.nextTask({ uid: 'a' });
    expect(next?.words[next.target_word_index]).toBe('runs');
    expect(next?.sense_id_candidate).toBe('run%2:41:00::');
  });

  it('counts chosen senses, one answer per annotator and task, never Other or no choice', async () => {
    const task = (await annotation.nextTask({ uid: 'a' }))!;
    await annotation.submit({ uid: 'a' }, task.current_word_index, moneyBank);
    await annotation.submit({ uid: 'a' }, task.current_word_index, riverBank); // replaces the first answer
    await annotation.submit({ uid: 'b', userId: null }, task.current_word_index, riverBank);
    await annotation.submit({ uid: 'c' }, task.current_word_index, OTHER_SENSE_ID);
    await annotation.submit({ uid: 'd' }, task.current_word_index, '-1');
    await annotation.submit({ uid: 'e' }, task.current_word_index, null);
    const counts = await annotation.senseCounts([riverBank, moneyBank, '-1', 'run%2:38:00::']);
    expect(counts).toEqual(
      new Map([
        [riverBank, 2],
        [moneyBank, 0],
        ['-1', 0],
        ['run%2:38:00::', 0],
      ]),
    );
    const rows = await db.selectFrom('annotations').select(['annotator', 'sense_id']).orderBy('annotator').execute();
    expect(rows).toEqual([
      { annotator: 'uid:a', sense_id: riverBank },
      { annotator: 'uid:b', sense_id: riverBank },
      { annotator: 'uid:c', sense_id: '-1' },
      { annotator: 'uid:d', sense_id: '-1' },
      { annotator: 'uid:e', sense_id: null },
    ]);
  });

  const addUser = async (account: string) =>
    (
      await db
        .insertInto('users')
        .values({
          account,
          email: null,
          wechat_openid: null,
          wechat_unionid: null,
          nickname: 'n',
          headimgurl: '',
          api_token: `yj_${account}`,
          vip_expires_at: null,
          referrer_account: null,
          created_at: '2026-03-02T02:00:00Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('keeps one answer per logged-in user and task whatever the uid, the latest, and moves the user on in every batch', async () => {
    const userId = await addUser('10000001');
    const task = (await annotation.nextTask({ userId }))!;
    await annotation.submit({ uid: 42, userId }, task.current_word_index, riverBank);
    await annotation.submit({ userId }, task.current_word_index, moneyBank);
    for (let batch = 0; batch < 5; batch++)
      await annotation.submit({ uid: `b${batch}`, userId }, task.current_word_index, riverBank);
    expect(
      await db.selectFrom('annotations').select(['annotator', 'uid', 'user_id', 'sense_id']).orderBy('annotator').execute(),
    ).toEqual([{ annotator: `user:${userId}`, uid: 'b4', user_id: userId, sense_id: riverBank }]);
    expect(await annotation.senseCounts([riverBank, moneyBank])).toEqual(
      new Map([
        [riverBank, 1],
        [moneyBank, 0],
      ]),
    );
    // The task answered is not offered again under a new uid; to another user it still is.
    expect((await annotation.nextTask({ uid: 'new-batch', userId }))!.current_word_index).not.toBe(task.current_word_index);
    const other = await addUser('10000002');
    expect((await annotation.nextTask({ uid: 'new-batch', userId: other }))!.current_word_index).toBe(task.current_word_index);
    await annotation.submit({ uid: 'new-batch', userId: other }, task.current_word_index, riverBank);
    expect((await annotation.senseCounts([riverBank])).get(riverBank)).toBe(2);
  });

  it('collapses a database’s duplicate answers when migrating: the latest per user and task, every user kept', async () => {
    // A database as the code before migration 021 left it: one user's answers under many uids.
    const names = Object.keys(migrations);
    const before = names[names.indexOf('021_annotations_per_user') - 1];
    await db.destroy();
    await removeTestData(dir);
    dir = await mkdtemp(path.join(tmpdir(), 'yujing-annotation-'));
    db = openDatabase(loadConfig(await testDatabaseEnv(dir, { empty: true })));
    expect((await new Migrator({ db, provider: migrationProvider }).migrateTo(before)).error).toBeUndefined();
    const [alice, bob] = [await addUser('10000011'), await addUser('10000012')];
    const taskIds: number[] = [];
    for (const sentence of [1, 2]) {
      const { id } = await db
        .insertInto('annotation_tasks')
        .values({
          sentence_id: null,
          sentence: `Sentence ${sentence} by the bank.`,
          words: '[]',
          target_word_index: 3,
          target_offset: 15,
          target_word: 'bank',
          target_lemma: 'bank',
          created_at: '2026-03-01T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      taskIds.push(id);
    }
    const [first, second] = taskIds;
    const row = (task: number, annotator: string, uid: string | null, user: number | null, sense: string, at: string) => ({
      task_id: task,
      annotator,
      uid,
      user_id: user,
      sense_id: sense,
      created_at: '2026-03-01T00:00:00.000Z',
      updated_at: at,
    });
    await db
      .insertInto('annotations')
      .values([
        // Alice answered the first task under 40 uids; her last answer was the money bank.
        ...Array.from({ length: 40 }, (_, i) =>
          row(
            first,
            `uid:probe-${i}@user:${alice}`,
            `probe-${i}`,
            alice,
            riverBank,
            `2026-03-01T01:00:${String(i).padStart(2, '0')}.000Z`,
          ),
        ),
        row(first, `user:${alice}`, null, alice, moneyBank, '2026-03-01T02:00:00.000Z'),
        // Bob answered it twice in one second, and the second task once.
        row(first, `uid:x@user:${bob}`, 'x', bob, riverBank, '2026-03-01T03:00:00.000Z'),
        row(first, `uid:y@user:${bob}`, 'y', bob, riverBank, '2026-03-01T03:00:00.000Z'),
        row(second, `uid:y@user:${bob}`, 'y', bob, moneyBank, '2026-03-01T03:00:00.000Z'),
        // Answers from before a login was needed: nobody to tell apart, kept as they are.
        row(first, 'uid:old-1', 'old-1', null, riverBank, '2026-02-01T00:00:00.000Z'),
        row(first, 'uid:old-2', 'old-2', null, riverBank, '2026-02-01T00:00:00.000Z'),
      ])
      .execute();

    expect(await migrateToLatest(db)).toContain('021_annotations_per_user');
    const rows = await db
      .selectFrom('annotations')
      .select(['task_id', 'annotator', 'uid', 'user_id', 'sense_id'])
      .orderBy('task_id')
      .orderBy('annotator')
      .execute();
    expect(rows).toEqual([
      { task_id: first, annotator: 'uid:old-1', uid: 'old-1', user_id: null, sense_id: riverBank },
      { task_id: first, annotator: 'uid:old-2', uid: 'old-2', user_id: null, sense_id: riverBank },
      { task_id: first, annotator: `user:${alice}`, uid: null, user_id: alice, sense_id: moneyBank },
      { task_id: first, annotator: `user:${bob}`, uid: 'y', user_id: bob, sense_id: riverBank },
      { task_id: second, annotator: `user:${bob}`, uid: 'y', user_id: bob, sense_id: moneyBank },
    ]);
    annotation = createAnnotation({ db, library, dictionary: fakeDictionary, now: () => new Date('2026-03-02T02:00:00Z') });
    expect(await annotation.senseCounts([riverBank, moneyBank])).toEqual(
      new Map([
        [riverBank, 3],
        [moneyBank, 2],
      ]),
    );
    // The database now refuses a second answer of one user to one task, whatever its key.
    await expect(
      db
        .insertInto('annotations')
        .values(row(second, `uid:z@user:${bob}`, 'z', bob, riverBank, '2026-03-02T00:00:00.000Z'))
        .execute(),
    ).rejects.toThrow();
    // Answering again replaces.
    await annotation.submit({ uid: 'probe-41', userId: alice }, first, riverBank);
    expect((await annotation.senseCounts([riverBank])).get(riverBank)).toBe(4);
  });

  it('refuses an unknown task (404) and a sense that is not one of the task’s (400), storing nothing', async () => {
    const task = (await annotation.nextTask({ uid: 'a' }))!;
    expect(await status(annotation.submit({ uid: 'a' }, 9999, riverBank))).toBe('404 访问资源不存在');
    expect(await status(annotation.submit({ uid: 'a' }, -3, riverBank))).toBe('404 访问资源不存在');
    // Beyond any key either database numbers: no row, rather than an error of the comparison.
    expect(await status(annotation.submit({ uid: 'a' }, 2 ** 40, riverBank))).toBe('404 访问资源不存在');
    expect(await status(annotation.submit({ uid: 'a' }, task.current_word_index, 'run%2:38:00::'))).toBe(
      '400 请求参数错误：sense_id run%2:38:00:: 不是该标注任务的候选词义',
    );
    expect(await status(annotation.submit({ uid: 'a' }, task.current_word_index, NO_SENSE_CANDIDATE))).toMatch(/^400 /);
    expect(await status(annotation.submit({ uid: 'a' }, task.current_word_index, ''))).toMatch(/^400 /);
    expect(await status(annotation.submit({}, task.current_word_index, riverBank))).toBe('400 请求参数错误：缺少 user_id');
    expect(await db.selectFrom('annotations').select('task_id').execute()).toEqual([]);
    expect(await status(annotation.submit({ uid: 'a' }, task.current_word_index, riverBank))).toBe('resolved');
  });

  it('answers -2 as the candidate when the dictionary gives no sense id', async () => {
    const task = (await annotation.nextTask({ uid: 'a' }))!;
    const silent = createAnnotation({
      db,
      library,
      dictionary: { ...fakeDictionary, lookup: () => [{ lemma: 'bank', gloss: [{ sense: { first: 'x' }, sense_id: null }] }] },
      now: () => new Date(),
    });
    const view = (await silent.nextTask({ uid: 'a' }))!;
    expect(view.current_word_index).toBe(task.current_word_index);
    expect(view.glosses).toEqual([{ sense: { first: 'Other', second: '其他' }, sense_id: OTHER_SENSE_ID }]);
    expect(view.sense_id_candidate).toBe(NO_SENSE_CANDIDATE);
  });

  it('loses nothing on a restart: answers, counts and the place in the library', async () => {
    const first = (await annotation.nextTask({ uid: 'a' }))!;
    await annotation.submit({ uid: 'a' }, first.current_word_index, riverBank);
    const second = (await annotation.nextTask({ uid: 'a' }))!;
    const before = await annotation.senseCounts([riverBank, moneyBank]);

    await db.destroy();
    await open();
    expect(await annotation.senseCounts([riverBank, moneyBank])).toEqual(before);
    expect(before.get(riverBank)).toBe(1);
    expect(await annotation.nextTask({ uid: 'a' })).toEqual(second);
    await annotation.submit({ uid: 'a' }, second.current_word_index, 'run%2:41:00::');
    const third = (await annotation.nextTask({ uid: 'a' }))!;
    expect(third.words.join(' ')).toBe('" Where is the bank ? " asked the old man with the money .');
    expect(third.sense_id_candidate).toBe(moneyBank);
  });

  it('keeps tasks and answers when the document they came from is imported again', async () => {
    const task = (await annotation.nextTask({ uid: 'a' }))!;
    await annotation.submit({ uid: 'a' }, task.current_word_index, riverBank);
    await library.importDocument({
      category: 'reading',
      filename: 'banks',
      title: 'Banks',
      source: 'test',
      licence: 'CC0',
      text,
    });
    expect(await annotation.senseCounts([riverBank])).toEqual(new Map([[riverBank, 1]]));
    expect(await annotation.nextTask({ uid: 'b' })).toMatchObject({
      current_word_index: task.current_word_index,
      words: task.words,
    });
    await annotation.submit({ uid: 'b' }, task.current_word_index, riverBank);
    expect(await annotation.senseCounts([riverBank])).toEqual(new Map([[riverBank, 2]]));
  });
});
