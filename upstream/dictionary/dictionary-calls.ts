import { isWordNotFound, okStatus, type TranslationItem } from '../../lib/contract';
import type { Users } from '../account/users';
import type { MeteredFeature } from '../metering/entitlements';
import { parseAround } from '../parser/clause';
import { afterInputDue, type LinkGrammar, type Parse } from '../parser/link-grammar';
import { freeUseContext, type UsageLedger } from '../metering/usage-ledger';
import type { CallHandlers } from '../platform/contract-routes';
import { sha256 } from '../platform/crypto';
import { notFound, ok, type Envelope } from '../platform/http';
import type { Clock } from '../platform/time';
import { sentenceOf, type LookupHistory } from './lookup-history';
import { explainPos } from './pos';
import type { TreeParser } from '../language/pipeline';
import type { UdWord } from '../language/ud';
import type { DictionaryEngine } from './types';
import { releaseWhenIdle } from '../platform/idle-release';

/** The lookup's feature in the entitlements table: a word's meaning in context, phrases included. */
const lookupFeature: MeteredFeature = 'query_word';

// Library sentences added after WordNet's own examples, under the senses they show; read from
// libraryCandidates sentences that use the word.
const libraryExamples = 3;
const libraryCandidates = 8;

/**
 * How long a lookup waits for the parse of its sentence (about 5 ms for a short sentence, 25 ms
 * for a long one, nothing when the sentence was parsed before). Past that, or when the parser is
 * busy or missing, the word is looked up with the tagger alone and without its role.
 */
const parseBudgetMs = 400;

/**
 * How long a lookup in a process that has just started waits for the trained parser and the sense
 * model to be read (between requests: the process answers meanwhile; a few seconds). Past that the
 * word is looked up without them, by WordNet's tag counts and the overlap ranker.
 */
const modelBudgetMs = 3000;

export interface DictionaryHandlersDeps {
  users: Pick<Users, 'userForToken' | 'isVip'>;
  ledger: Pick<UsageLedger, 'metered'>;
  dictionary: DictionaryEngine;
  /** Link Grammar (upstream/parser), or null when it is not installed. */
  sentenceParser: Pick<LinkGrammar, 'parse'> | null;
  /** The trained tagger and parser (upstream/language), or null without its models: the sense model reads its tree. */
  sentenceTrees: Pick<TreeParser, 'parse'> | null;
  /** Resolves true once the trained parser's models are usable (read between requests if need be). */
  treesReady: () => Promise<boolean>;
  /** The same for the engine's sense model. */
  sensesReady: () => Promise<boolean>;
  /** The content library's sentences that use the word (the reading feature's library). */
  library: {
    /** How often the forms occur in the exam papers of the last 8 years. */
    paperCount(forms: string[], at: Date): Promise<number>;
    /** Up to `limit` distinct library sentences with one of the forms, never `exclude` (the sentence looked up). */
    examplesFor(forms: string[], limit: number, exclude?: string): Promise<string[]>;
  };
  /** How often annotators chose each sense (s_c); the annotation feature keeps the answers. */
  annotation: { senseCounts(senseIds: string[]): Promise<Map<string, number>> };
  /** Where a logged-in user's lookups go; the word lists keep them. */
  wordBook: LookupHistory;
  now: Clock;
}

/**
 * The contextual dictionary: the lookup itself (metered by the free-use ledger), with counts and
 * library examples around the engine's answer, and part-of-speech explanations.
 */
export function dictionaryHandlers({
  users,
  ledger,
  dictionary,
  sentenceParser,
  sentenceTrees,
  treesReady,
  sensesReady,
  library,
  annotation,
  wordBook,
  now,
}: DictionaryHandlersDeps): CallHandlers {
  // The sense the engine reads for a lemma in a library sentence; sentences come back for every
  // lookup of the lemma, so this is worked out once per sentence.
  const exampleSenses = new Map<string, string | null>();
  releaseWhenIdle(exampleSenses, (c) => c.clear());
  function senseIn(example: string, lemma: string, forms: string[]): string | undefined {
    const id = `${lemma}\u0000${example}`;
    const known = exampleSenses.get(id);
    if (known !== undefined) return known ?? undefined;
    let sense: string | null = null;
    const lower = example.toLowerCase();
    for (const form of forms) {
      const at = new RegExp(`(?<![\\p{L}'’-])${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}'’-])`, 'u').exec(lower);
      if (!at) continue;
      const input = {
        pre_context: example.slice(0, at.index),
        target_word: example.slice(at.index, at.index + form.length),
        post_context: example.slice(at.index + form.length),
      };
      sense = dictionary.senseOf(input, lemma, treeOf(input)) ?? null;
      break;
    }
    if (exampleSenses.size >= 20_000) exampleSenses.clear();
    exampleSenses.set(id, sense);
    return sense ?? undefined;
  }

  /** Counts, library examples and a key that names this word, in this sentence, read this way. */
  async function decorate(items: TranslationItem[], sentence: string): Promise<TranslationItem[]> {
    const senseIds = items.flatMap((item) =>
      item.gloss.map((g) => g.sense_id).filter((id): id is string => typeof id === 'string'),
    );
    const senseCounts = await annotation.senseCounts(senseIds);
    const contextHash = sha256(sentence.toLowerCase()).slice(0, 16);
    return Promise.all(
      items.map(async (item, index) => {
        const forms = dictionary.formsOf(item.lemma);
        const known = item.gloss.some((g) => g.sense_id != null);
        // Examples are looked for for the first item only: the reading the sentence has.
        const [w_c, examples] = known
          ? await Promise.all([
              library.paperCount(forms, now()),
              index === 0 ? library.examplesFor(forms, libraryCandidates, sentence) : Promise.resolve([]),
            ])
          : [0, [] as string[]];
        // The library's sentences are not sense-tagged: each goes under the sense the engine reads
        // in it, when this item shows that sense, and at most `libraryExamples` in all.
        const bySense = new Map<string, string[]>();
        let placed = 0;
        for (const example of examples) {
          if (placed >= libraryExamples) break;
          const sense = senseIn(example, item.lemma, forms);
          if (!sense || !item.gloss.some((g) => g.sense_id === sense)) continue;
          bySense.set(sense, [...(bySense.get(sense) ?? []), example]);
          placed++;
        }
        const gloss = item.gloss.map((g) => ({
          ...g,
          s_c: typeof g.sense_id === 'string' ? (senseCounts.get(g.sense_id) ?? 0) : 0,
          examples: [
            ...(g.examples ?? []),
            ...(typeof g.sense_id === 'string' ? (bySense.get(g.sense_id) ?? []) : []).map((first) => ({ first })),
          ],
        }));
        return { ...item, w_c, gloss, key: `${item.lemma}|${gloss[0]?.sense_id ?? ''}|${contextHash}` };
      }),
    );
  }

  /** The parse of the lookup's sentence, or undefined (no parser, too slow, a failure). */
  async function parseOf(input: Parameters<DictionaryEngine['lookup']>[0]): Promise<Parse | undefined> {
    if (!sentenceParser) return undefined;
    const sentence = dictionary.sentenceOf(input);
    if (!/\p{L}/u.test(sentence.text)) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = afterInputDue(parseBudgetMs, () => resolve(undefined));
    });
    try {
      return await Promise.race([parseAround(sentenceParser, sentence).catch(() => undefined), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  // Whether the parser's models and the sense model are read: until then no lookup reads a tree,
  // which would read the models at once and hold every other request meanwhile.
  let modelsRead = false;
  async function modelsWithinBudget(): Promise<boolean> {
    if (modelsRead) return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), modelBudgetMs);
    });
    const both = Promise.all([treesReady(), sensesReady()]).then(([trees, senses]) => trees && senses);
    try {
      modelsRead = await Promise.race([both.catch(() => false), late]);
      return modelsRead;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The trained parser's words of the lookup's sentence (about a millisecond; cached), or undefined. */
  function treeOf(input: Parameters<DictionaryEngine['lookup']>[0]): UdWord[] | undefined {
    if (!sentenceTrees || !modelsRead) return undefined;
    const { text } = dictionary.sentenceOf(input);
    if (!/\p{L}/u.test(text)) return undefined;
    try {
      return sentenceTrees.parse(text).words;
    } catch {
      // Models that cannot be read leave WordNet's order, as no models do.
      return undefined;
    }
  }

  return {
    query_word: async (input, caller) => {
      // The parse runs in its own process: started first, it overlaps the account and quota
      // checks. It never rejects (parseOf answers undefined on any failure).
      const parsing = parseOf(input);
      const models = modelsWithinBudget();
      const user = await users.userForToken(caller.token);
      const lookup = {
        target_word: input.target_word.trim(),
        pre_context: input.pre_context,
        post_context: input.post_context,
      };
      // Reopening a lookup (from the history, or the same word in the same sentence again) shows
      // the answer given then, and is not a new use: it was counted the first time.
      if (user) await wordBook.adoptVisitor(caller.visitorId, user.id);
      const stored = user && (await wordBook.storedAnswer(user.id, lookup));
      if (stored) return { status: okStatus, result: stored } as Envelope;
      // A word the dictionary does not know (a slip of the keyboard) costs no free use, nor does
      // an answer that fails.
      const { result, left } = await ledger.metered(
        freeUseContext(caller, user, (u) => users.isVip(u)),
        lookupFeature,
        async () => {
          const parse = await parsing;
          await models;
          return decorate(dictionary.lookup(input, parse, treeOf(input)), sentenceOf(input));
        },
        (items) => !isWordNotFound(items),
      );
      const first = result[0];
      if (first?.gloss.some((g) => g.sense_id != null)) {
        const record = { ...lookup, lemma: first.lemma.toLowerCase(), from: input.from ?? '' };
        if (user) await wordBook.recordLookup(user.id, record, result);
        // An anonymous visitor's lookups wait for their login on this browser (caller.visitorId).
        else if (caller.visitorId) await wordBook.recordVisitorLookup(caller.visitorId, record, result);
      }
      // A word nobody knows is most often a slip of the keyboard: say which words it may be.
      const suggestions = isWordNotFound(result) ? dictionary.spellingSuggestions(lookup.target_word) : [];
      // query_word is one of the older calls the product reads as `result`, not `data`.
      return {
        status: okStatus,
        result,
        ...(left === null ? {} : { free_uses_left: left }),
        ...(suggestions.length ? { suggestions } : {}),
      } as Envelope;
    },

    explain_pos: async ({ pos }) => {
      const explained = explainPos(pos.trim());
      if (!explained) throw notFound();
      return ok(explained);
    },
  };
}
