import { attachmentDisposition } from '../platform/attachment';
import { renderWordSheet } from './word-sheet-pdf';
import type { Users } from '../account/users';
import type { Bookshelf } from '../books/bookshelf';
import type { CourseShelf } from '../courses/course-shelf';
import type { DictionaryEngine } from '../dictionary/types';
import type { CallHandlers } from '../platform/contract-routes';
import { ok } from '../platform/http';
import type { Clock } from '../platform/time';
import type { NamedWordLists } from './named-lists';
import type { WordBook } from './word-book';
import { loadWordSheet } from './word-sheet';

export interface WordListHandlersDeps {
  users: Pick<Users, 'requireUser' | 'userForToken'>;
  /** Which lemma a marked word is, when the screen does not say; a listed word's IPA and Chinese. */
  dictionary: Pick<DictionaryEngine, 'lemmasOf' | 'headword'>;
  wordBook: WordBook;
  namedLists: NamedWordLists;
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
        case 'add_word':
          return ok({ list: (await namedLists.addWords(user.id, change.list_id, [listWord(change)])).list });
        case 'remove_word':
          return ok({ list: (await namedLists.removeWord(user.id, change.list_id, change.lemma.toLowerCase())).list });
      }
    },

    add_multi_word_list: async ({ list_id, name, words }, caller) => {
      const user = await users.requireUser(caller);
      const id = list_id ?? (await namedLists.byName(user.id, name ?? '')).list_id;
      return ok(await namedLists.addWords(user.id, id, words.map(listWord)));
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
      return ok(await wordBook.lookups(user.id, input));
    },

    query_history: async ({ strange, from, ...paging }, caller) => {
      const user = await users.requireUser(caller);
      return ok(await wordBook.words(user.id, { strange, from }, paging));
    },

    set_strange_status: async ({ word, lemma, strange, from, sentence }, caller) => {
      const user = await users.requireUser(caller);
      const surface = word.trim();
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
