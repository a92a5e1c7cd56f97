import { okStatus, type TranslationItem } from '../../lib/contract';
import type { Caller } from '../platform/caller';
import { sha256 } from '../platform/crypto';
import type { User } from '../db/schema';
import { ok, notFound, type Envelope } from '../platform/http';
import type { Services } from '../services';
import { sentenceOf } from '../word-lists/word-book';
import type { CallHandlers } from '../platform/contract-routes';

/** The metered feature name in the usage ledger. */
export const lookupFeature = 'query_word';

// Library sentences added after WordNet's own examples of the sense that fits.
const libraryExamples = 3;

/**
 * The contextual dictionary: the lookup itself (metered by the free-use ledger), the user's
 * history and word list, thumbs on the meaning in this text, part-of-speech explanations, and
 * sense annotation.
 */
export function dictionaryCalls(services: Services): CallHandlers {
  const { users, ledger, dictionary, library, annotation, wordBook, now } = services;

  async function optionalUser(caller: Caller): Promise<User | undefined> {
    return users.userForToken(caller.token);
  }

  /** Counts, library examples and a key that names this word, in this sentence, read this way. */
  async function decorate(items: TranslationItem[], sentence: string): Promise<TranslationItem[]> {
    const senseIds = items.flatMap((item) => item.gloss.map((g) => g.sense_id).filter((id): id is string => typeof id === 'string'));
    const senseCounts = await annotation.senseCounts(senseIds);
    const contextHash = sha256(sentence.toLowerCase()).slice(0, 16);
    return Promise.all(
      items.map(async (item, index) => {
        const forms = dictionary.formsOf(item.lemma);
        const known = item.gloss.some((g) => g.sense_id != null);
        const [w_c, examples] = known
          ? await Promise.all([library.paperCount(forms, now()), library.examplesFor(forms, libraryExamples, sentence)])
          : [0, [] as string[]];
        const gloss = item.gloss.map((g, i) => ({
          ...g,
          s_c: typeof g.sense_id === 'string' ? (senseCounts.get(g.sense_id) ?? 0) : 0,
          // The library's sentences are not sense-tagged: they go with the sense that fits here.
          examples: i === 0 && index === 0 ? [...(g.examples ?? []), ...examples.map((first) => ({ first }))] : g.examples,
        }));
        return { ...item, w_c, gloss, key: `${item.lemma}|${gloss[0]?.sense_id ?? ''}|${contextHash}` };
      }),
    );
  }

  return {
    query_word: async (input, caller) => {
      const user = await optionalUser(caller);
      await ledger.requireFreeUse(
        { user: user && { id: user.id, isVip: users.isVip(user) }, visitorId: caller.visitorId, ip: caller.ip },
        lookupFeature,
      );
      const items = dictionary.lookup(input);
      const sentence = sentenceOf(input);
      const result = await decorate(items, sentence);
      const first = result[0];
      if (user && first && first.gloss.some((g) => g.sense_id != null)) {
        await wordBook.recordLookup(user.id, {
          target_word: input.target_word.trim(),
          lemma: first.lemma.toLowerCase(),
          pre_context: input.pre_context,
          post_context: input.post_context,
          from: input.from ?? '',
        });
      }
      // query_word is one of the older calls the product reads as `result`, not `data`.
      return { status: okStatus, result } as Envelope;
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
      const chosen = await wordBook.listedLemma(user.id, candidates.map((c) => c.toLowerCase()));
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
      const user = await optionalUser(caller);
      const subject = user ? `user:${user.id}` : caller.visitorId ? `visitor:${caller.visitorId}` : `ip:${caller.ip}`;
      await wordBook.feedback(subject, key, feedback_type);
      return ok();
    },

    // Annotators are given a link /annotate/{uid}: anyone may read its next task, but answers
    // are stored only for a logged-in user (see annotation.ts, Annotator).
    annotate_data: async ({ user_id }, caller) => {
      const user = await optionalUser(caller);
      const task = await annotation.nextTask({ uid: user_id ?? null, userId: user?.id ?? null });
      return task
        ? ({ status: okStatus, result: task } as Envelope)
        : { status: 'no_task', description: '暂无待标注的数据' };
    },

    annotate_result: async ({ user_id, current_word_index, sense_id }, caller) => {
      const user = await users.requireUser(caller);
      await annotation.submit({ uid: user_id ?? null, userId: user.id }, current_word_index, sense_id);
      return ok(undefined, '标注已保存');
    },

    explain_pos: async ({ pos }) => {
      const explained = services.explainPos(pos.trim());
      if (!explained) throw notFound();
      return ok(explained);
    },
  };
}
