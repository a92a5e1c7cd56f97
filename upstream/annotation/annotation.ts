import { NO_SENSE_CANDIDATE, OTHER_SENSE_ID, type Gloss } from '../../lib/contract';
import type { ContentLibrary } from '../reading/library';
import { tokenize, type Token } from '../reading/text';
import type { Db } from '../db/database';
import { maxId } from '../db/dialect';
import type { AnnotationTasksTable } from '../db/schema';
import type { DictionaryEngine } from '../dictionary/types';
import { badRequest, notFound } from '../platform/http';
import type { Clock } from '../platform/time';
import type { Selectable } from 'kysely';

/*
 * Sense annotation: people label which sense a word has in a library sentence. Tasks are made
 * from the library on demand, in library order, and shared: every annotator works through the
 * same tasks, oldest first, so that answers can be compared; a new task is made only when an
 * annotator has answered all the existing ones. The answers feed s_c, the count of how often a
 * sense was chosen, which the dictionary shows to everyone: so each person's answer to a task
 * counts once.
 */

/**
 * Who is annotating. The screen is /annotate/{uid} and sends that uid as user_id: the uid names a
 * batch of work (one person may annotate under several uids). Answers belong to the logged-in
 * user, one per task whatever the batch: the uid is kept beside the answer as the batch it was
 * last given in, but a second uid is not a second person, so answering a task again under
 * another uid replaces the earlier answer (it counts once towards s_c) instead of adding one, and
 * a task the user has answered is not offered again under another uid. Nobody who learns a uid
 * can overwrite another person's answers; the contract's handlers ask for a login before anything
 * is stored. A uid alone (no login) only reads which task comes next.
 */
export interface Annotator {
  uid?: string | number | null;
  userId?: number | null;
}

/** The annotation data of the contract's annotate_data call. */
export interface AnnotationTask {
  /** The sentence as tokens: words and punctuation marks, each its own entry (see tokenize). */
  words: string[];
  /** The task number, sent back by annotate_result. */
  current_word_index: number;
  /** Index in `words` of the word to annotate. */
  target_word_index: number;
  /** The word's senses in this sentence, best fitting first, then "Other" (sense_id -1). */
  glosses: Gloss[];
  /** The sense the dictionary ranks first here, or -2 when it has none. */
  sense_id_candidate: string | number;
}

interface AnnotationDeps {
  db: Db;
  library: Pick<ContentLibrary, 'sentencesAfter'>;
  dictionary: DictionaryEngine;
  now: Clock;
}

export const otherGloss: Gloss = { sense: { first: 'Other', second: '其他' }, sense_id: OTHER_SENSE_ID };

// A task sentence is a whole sentence of readable length.
const taskWords = { min: 6, max: 30 };
// No lemma gets more than this many tasks, so common polysemous words ("make", "get") do not
// crowd out the rest.
const tasksPerLemma = 3;
// Sentences examined per request at most, so that a library with few usable sentences cannot
// make one request slow; the next request carries on from where this one stopped.
const examinedPerCall = 400;
const readBatch = 100;

// Words that carry grammar rather than a sense worth labelling.
const functionWords = new Set(
  (
    'a an the this that these those there here what which who whom whose when where why how ' +
    'i me my mine you your yours he him his she her hers it its we us our ours they them their theirs ' +
    'myself yourself himself herself itself ourselves yourselves themselves one ones ' +
    'be am is are was were been being have has had having do does did doing done ' +
    'will would shall should can could may might must ought ' +
    'and or but nor so yet if then than because while although though unless until since as ' +
    'of in on at by for with from to into onto upon about above below over under after before ' +
    'between among through during without within against toward towards across along around ' +
    'not no yes very too also just only even still ever never always often ' +
    'all any some each every both either neither such much many more most less least few ' +
    'other another same own again once twice'
  ).split(' '),
);

type TaskRow = Selectable<AnnotationTasksTable>;

export function createAnnotation({ db, library, dictionary, now }: AnnotationDeps) {
  /** The next task this annotator has not answered, or null when the library offers none. */
  async function nextTask(annotator: Annotator): Promise<AnnotationTask | null> {
    const { key } = identify(annotator);
    const pending = await db
      .selectFrom('annotation_tasks as t')
      .selectAll('t')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('annotations as a').select('a.task_id').whereRef('a.task_id', '=', 't.id').where('a.annotator', '=', key),
          ),
        ),
      )
      .orderBy('t.id')
      .limit(1)
      .executeTakeFirst();
    const task = pending ?? (await makeTask());
    return task ? view(task) : null;
  }

  /**
   * Stores the annotator's choice for a task: a sense id of the task's glosses, -1 for "Other",
   * or null for none. Answering again, under any uid, replaces the earlier answer: a person may
   * correct a slip, and their answer still counts once.
   */
  async function submit(annotator: Annotator, taskId: number, senseId: string | number | null): Promise<void> {
    const who = identify(annotator);
    if (!Number.isSafeInteger(taskId) || taskId < 1 || taskId > maxId) throw notFound();
    const task = await db.selectFrom('annotation_tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (!task) throw notFound();
    const chosen = senseId === null ? null : String(senseId).trim();
    if (chosen === '') throw badRequest('sense_id 不能为空字符串');
    if (chosen !== null && chosen !== String(OTHER_SENSE_ID)) {
      const offered = new Set(glossesOf(task).map((g) => String(g.sense_id)));
      if (!offered.has(chosen)) throw badRequest(`sense_id ${chosen} 不是该标注任务的候选词义`);
    }
    const at = now().toISOString();
    await db
      .insertInto('annotations')
      .values({
        task_id: task.id,
        annotator: who.key,
        uid: who.uid,
        user_id: who.userId,
        sense_id: chosen,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.columns(['task_id', 'annotator']).doUpdateSet({ sense_id: chosen, uid: who.uid, user_id: who.userId, updated_at: at }),
      )
      .execute();
  }

  /**
   * How often each sense was chosen in annotation (one answer per annotator and task). Every
   * id asked for is in the map; "Other", "no candidate" and no choice are never counted.
   */
  async function senseCounts(senseIds: readonly (string | number)[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const ids = [...new Set(senseIds.map(String))];
    for (const id of ids) counts.set(id, 0);
    const countable = ids.filter((id) => id !== '' && id !== String(OTHER_SENSE_ID) && id !== String(NO_SENSE_CANDIDATE));
    for (let i = 0; i < countable.length; i += 500) {
      const rows = await db
        .selectFrom('annotations')
        .select((eb) => ['sense_id', eb.fn.countAll<number>().as('n')])
        .where('sense_id', 'in', countable.slice(i, i + 500))
        .groupBy('sense_id')
        .execute();
      for (const row of rows) if (row.sense_id !== null) counts.set(row.sense_id, Number(row.n));
    }
    return counts;
  }

  // ---- tasks ------------------------------------------------------------------------------------

  function lookupTarget(task: Pick<TaskRow, 'sentence' | 'target_offset' | 'target_word'>) {
    return dictionary.lookup({
      pre_context: task.sentence.slice(0, task.target_offset),
      post_context: task.sentence.slice(task.target_offset + task.target_word.length),
      target_word: task.target_word,
    });
  }

  // The senses of the lemma that fits best here, each once; glosses without a sense id (a word
  // the dictionary does not know) cannot be chosen and are left out.
  function glossesOf(task: Pick<TaskRow, 'sentence' | 'target_offset' | 'target_word'>): Gloss[] {
    const seen = new Set<string>();
    return (lookupTarget(task)[0]?.gloss ?? []).filter((g) => {
      if (g.sense_id === null || g.sense_id === undefined || g.sense_id === '') return false;
      const id = String(g.sense_id);
      if (seen.has(id) || id === String(OTHER_SENSE_ID) || id === String(NO_SENSE_CANDIDATE)) return false;
      seen.add(id);
      return true;
    });
  }

  function view(task: TaskRow): AnnotationTask {
    const glosses = glossesOf(task);
    return {
      words: JSON.parse(task.words) as string[],
      current_word_index: task.id,
      target_word_index: task.target_word_index,
      glosses: [...glosses, otherGloss],
      sense_id_candidate: glosses[0]?.sense_id ?? NO_SENSE_CANDIDATE,
    };
  }

  /** Reads on through the library for the next sentence with a word worth annotating. */
  async function makeTask(): Promise<TaskRow | null> {
    await db
      .insertInto('annotation_progress')
      .values({ id: 1, last_sentence_id: 0 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const progress = await db
      .selectFrom('annotation_progress')
      .select('last_sentence_id')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    let cursor = progress.last_sentence_id;
    let found: TaskRow | null = null;
    for (let examined = 0; !found && examined < examinedPerCall; ) {
      const batch = await library.sentencesAfter(cursor, readBatch);
      if (!batch.length) break;
      for (const sentence of batch) {
        examined++;
        cursor = sentence.id;
        const target = await targetIn(sentence.text);
        if (target) {
          found = await storeTask(sentence, target);
          if (found) break;
        }
      }
    }
    // Only forwards: a request that started earlier must not move another's progress back.
    await db
      .updateTable('annotation_progress')
      .set({ last_sentence_id: cursor })
      .where('id', '=', 1)
      .where('last_sentence_id', '<', cursor)
      .execute();
    return found;
  }

  interface Target {
    tokens: Token[];
    index: number;
    lemma: string;
  }

  async function targetIn(sentence: string): Promise<Target | null> {
    if (!/^["'“‘(]?\p{Lu}/u.test(sentence) || !/[.!?]["'”’)]*$/.test(sentence)) return null;
    const tokens = tokenize(sentence);
    const words = tokens.filter((t) => t.isWord);
    if (words.length < taskWords.min || words.length > taskWords.max) return null;
    const firstWord = tokens.indexOf(words[0]);
    for (const [index, token] of tokens.entries()) {
      if (!token.isWord || !/^\p{L}{3,}$/u.test(token.text)) continue;
      // Capitals inside a sentence are names ("the White Rabbit"), not senses to choose between.
      if (index !== firstWord && token.text[0] !== token.text[0].toLowerCase()) continue;
      const word = token.text.toLowerCase();
      if (functionWords.has(word)) continue;
      const lemma = dictionary.lemmasOf(word)[0]?.toLowerCase();
      if (!lemma || functionWords.has(lemma)) continue;
      const { n } = await db
        .selectFrom('annotation_tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('target_lemma', '=', lemma)
        .executeTakeFirstOrThrow();
      if (Number(n) >= tasksPerLemma) continue;
      const candidate = { sentence, target_offset: token.start, target_word: token.text };
      if (glossesOf(candidate).length >= 2) return { tokens, index, lemma };
    }
    return null;
  }

  async function storeTask(sentence: { id: number; text: string }, target: Target): Promise<TaskRow | null> {
    const token = target.tokens[target.index];
    await db
      .insertInto('annotation_tasks')
      .values({
        sentence_id: sentence.id,
        sentence: sentence.text,
        words: JSON.stringify(target.tokens.map((t) => t.text)),
        target_word_index: target.index,
        target_offset: token.start,
        target_word: token.text,
        target_lemma: target.lemma,
        created_at: now().toISOString(),
      })
      // Two requests may reach the same sentence at once; the first one's task stands.
      .onConflict((oc) => oc.column('sentence_id').doNothing())
      .execute();
    return (
      (await db.selectFrom('annotation_tasks').selectAll().where('sentence_id', '=', sentence.id).executeTakeFirst()) ?? null
    );
  }

  return { nextTask, submit, senseCounts };
}

export type Annotation = ReturnType<typeof createAnnotation>;

const maxUidLength = 128;

// The key of an answer: the user when there is one (the uid is only the batch), else the uid
// (answers stored before they needed a login, which a visitor's next task still skips).
function identify(annotator: Annotator): { key: string; uid: string | null; userId: number | null } {
  const uid = annotator.uid === null || annotator.uid === undefined ? '' : String(annotator.uid).trim();
  const userId = annotator.userId ?? null;
  if (uid.length > maxUidLength) throw badRequest('user_id 过长');
  if (userId !== null) return { key: `user:${userId}`, uid: uid || null, userId };
  if (uid) return { key: `uid:${uid}`, uid, userId };
  throw badRequest('缺少 user_id');
}
