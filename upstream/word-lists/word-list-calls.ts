import { sentenceSourceOf } from '../../lib/contract';
import { attachmentDisposition } from '../platform/attachment';
import { renderWordSheet } from './word-sheet-pdf';
import type { Users } from '../account/users';
import type { Bookshelf } from '../books/bookshelf';
import type { CourseShelf } from '../courses/course-shelf';
import type { DictionaryEngine } from '../dictionary/types';
import type { CallHandlers } from '../platform/contract-routes';
import { ok, UpstreamError } from '../platform/http';
import { senseOfAnswer } from '../review/card-sense';
import type { Deck } from '../review/deck';
import { sentenceOf } from '../dictionary/lookup-history';
import type { Clock } from '../platform/time';
import type { NamedWordLists } from './named-lists';
import type { WordBook } from './word-book';
import { loadWordSheet } from './word-sheet';

/** A word as a list call sends it. */
interface ListWordInput {
  word: string;
  sense_id?: string;
  pre_context?: string;
  post_context?: string;
}

export interface WordListHandlersDeps {
  users: Pick<Users, 'requireUser' | 'userForToken'>;
  /** Which lemma a marked word is, when the screen does not say; a listed word's IPA and Chinese. */
  dictionary: Pick<DictionaryEngine, 'lemmasOf' | 'headword'>;
  wordBook: WordBook;
  namedLists: NamedWordLists;
  /** The review cards: 生词 marked on a sense in the word panel makes one. */
  deck: Pick<Deck, 'addCard'>;
  /** A personal book's unknown words, for its word sheet. */
  bookshelf: Pick<Bookshelf, 'unknownWordList'>;
  /** A word book's unit, for its word sheet. */
  courseShelf: Pick<CourseShelf, 'catalogue'>;
  now: Clock;
}

/**
 * The user's side of the dictionary: the lookup history, the word list with its 生词/熟词 marks,
 * and thumbs on "the meaning in this text".
 */
export function wordListHandlers({
  users,
  dictionary,
  wordBook,
  namedLists,
  deck,
  bookshelf,
  courseShelf,
  now,
}: WordListHandlersDeps): CallHandlers {
  // A listed word is kept by its lemma, as the 生词/熟词 list keeps it ("leaves" is leaf).
  const listWord = (w: { word: string; lemma?: string; sentence?: string }) => ({
    word: w.word,
    lemma: (w.lemma ?? dictionary.lemmasOf(w.word)[0] ?? w.word).toLowerCase(),
    sentence: w.sentence ?? '',
  });

  // One sheet is rendered at a time in a process: a long one holds tens of MB and a second of CPU,
  // and a burst of exports should wait their turn rather than add up.
  let rendering: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(render: () => Promise<T>): Promise<T> => {
    const turn = rendering.then(render);
    rendering = turn.catch(() => {});
    return turn;
  };

  /** The sense the learner was shown for this word in this sentence, from the answer kept with the lookup. */
  async function shownSense(
    userId: number,
    shown: { word: string; sense_id: string; pre_context?: string; post_context?: string },
  ) {
    const met = { target_word: shown.word.trim(), pre_context: shown.pre_context ?? '', post_context: shown.post_context ?? '' };
    const answer = await wordBook.storedAnswer(userId, met);
    const sense = answer && senseOfAnswer(answer, met.target_word, shown.sense_id);
    const sentence = { pre_context: met.pre_context, word: met.target_word, post_context: met.post_context };
    return sense ? { sense, met, sentence } : undefined;
  }

  /**
   * A mark given in the word panel, on the sense the learner was shown in this sentence: the
   * lemma is that sense's, and 生词 makes (or finds) the sense's review card with the sentence.
   */
  async function markSense(
    userId: number,
    mark: { word: string; strange: 0 | 1; from: string; sense_id: string; pre_context?: string; post_context?: string },
  ) {
    const shown = await shownSense(userId, mark);
    if (!shown) throw new UpstreamError(422, 'sense_not_met', '请先在这句话里查询这个词，再标记');
    const { sense, met, sentence } = shown;
    const entry = await wordBook.setStrange(userId, {
      word: mark.word,
      lemma: sense.lemma,
      strange: mark.strange,
      from: mark.from,
      sentence: sentenceOf(met),
      sense_id: sense.sense_id,
      sense_zh: sense.sense_zh,
    });
    if (mark.strange === 0) return entry;
    const { card_id } = await deck.addCard(userId, sense, 'mark', [
      { ...sentence, source: sentenceSourceOf(mark.from), from: mark.from },
    ]);
    return { ...entry, card_id };
  }

  /** Words added to a list from the word panel: each sense shown becomes a review card with its sentence. */
  async function cardsOfListed(userId: number, words: readonly ListWordInput[]) {
    for (const w of words) {
      if (!w.sense_id) continue;
      const shown = await shownSense(userId, { ...w, sense_id: w.sense_id });
      if (shown) await deck.addCard(userId, shown.sense, 'list', [{ ...shown.sentence, source: 'list', from: '' }]);
    }
  }

  return {
    query_word_list_name_info: async ({ list_id, ...paging }, caller) => {
      const user = await users.requireUser(caller);
      const lists = await namedLists.lists(user.id);
      if (list_id === undefined) return ok({ lists });
      const words = await namedLists.words(user.id, list_id, paging);
      return ok({ lists, list: await namedLists.one(user.id, list_id), words });
    },

    add_word_list: async (change, caller) => {
      const user = await users.requireUser(caller);
      switch (change.action) {
        case 'create':
          return ok({ list: await namedLists.create(user.id, change.name) });
        case 'rename':
          return ok({ list: await namedLists.rename(user.id, change.list_id, change.name) });
        case 'delete':
          await namedLists.remove(user.id, change.list_id);
          return ok({ list: null });
        case 'add_word': {
          const { list } = await namedLists.addWords(user.id, change.list_id, [listWord(change)]);
          await cardsOfListed(user.id, [change]);
          return ok({ list });
        }
        case 'remove_word':
          return ok({ list: (await namedLists.removeWord(user.id, change.list_id, change.lemma.toLowerCase())).list });
      }
    },

    add_multi_word_list: async ({ list_id, name, words }, caller) => {
      const user = await users.requireUser(caller);
      const id = list_id ?? (await namedLists.byName(user.id, name ?? '')).list_id;
      const added = await namedLists.addWords(user.id, id, words.map(listWord));
      await cardsOfListed(user.id, words);
      return ok(added);
    },

    export_pdf: async (source, caller) => {
      const user = await users.requireUser(caller);
      const { sheet, fileName, asciiFileName } = await loadWordSheet(source, user.id, now(), {
        wordBook,
        namedLists,
        dictionary,
        bookshelf,
        courseShelf,
      });
      const pdf = await inTurn(() => renderWordSheet(sheet, { createdAt: now() }));
      return new Response(new Uint8Array(pdf), {
        headers: {
          'content-type': 'application/pdf',
          'content-length': String(pdf.byteLength),
          'content-disposition': attachmentDisposition(`${fileName}.pdf`, `${asciiFileName}.pdf`),
          // One learner's words, as they are now.
          'cache-control': 'private, no-store',
        },
      });
    },

    query_text_history: async (input, caller) => {
      const user = await users.requireUser(caller);
      await wordBook.adoptVisitor(caller.visitorId, user.id);
      return ok(await wordBook.lookups(user.id, input));
    },

    query_history: async ({ strange, from, ...paging }, caller) => {
      const user = await users.requireUser(caller);
      await wordBook.adoptVisitor(caller.visitorId, user.id);
      return ok(await wordBook.words(user.id, { strange, from }, paging));
    },

    set_strange_status: async ({ word, lemma, strange, from, sentence, sense_id, pre_context, post_context }, caller) => {
      const user = await users.requireUser(caller);
      const surface = word.trim();
      if (sense_id !== undefined)
        return ok(await markSense(user.id, { word: surface, strange, from: from ?? '', sense_id, pre_context, post_context }));
      // Without a lemma, "leaves" is the leaf on the list rather than a new entry for leave.
      const candidates = lemma ? [lemma] : dictionary.lemmasOf(surface);
      const chosen = await wordBook.listedLemma(
        user.id,
        candidates.map((c) => c.toLowerCase()),
      );
      const entry = await wordBook.setStrange(user.id, {
        word: surface,
        lemma: chosen ?? surface.toLowerCase(),
        strange,
        from: from ?? '',
        sentence: sentence ?? '',
      });
      return ok(entry);
    },

    user_feedback: async ({ key, feedback_type }, caller) => {
      const user = await users.userForToken(caller.token);
      const subject = user ? `user:${user.id}` : caller.visitorId ? `visitor:${caller.visitorId}` : `ip:${caller.ip}`;
      await wordBook.feedback(subject, key, feedback_type);
      return ok();
    },
  };
}
