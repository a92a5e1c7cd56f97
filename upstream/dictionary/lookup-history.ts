import type { TranslationItem } from '../../lib/contract';
import type { LookupInput } from './types';

/*
 * What the dictionary hands on after a logged-in user's lookup. The word lists keep it (history,
 * 生词本); the dictionary only knows this interface, so that it does not depend on them.
 */

/** A lookup as the history keeps it. */
export interface LookupRecord {
  target_word: string;
  lemma: string;
  pre_context: string;
  post_context: string;
  /** The screen the lookup came from (query_word's `from`), '' when not given. */
  from: string;
}

export interface LookupHistory {
  /** Keeps the lookup with its answer and moves its lemma to the top of the user's word list. */
  recordLookup(userId: number, record: LookupRecord, answer: TranslationItem[]): Promise<void>;
  /** Keeps an anonymous visitor's lookup, for their account once they log in on that browser. */
  recordVisitorLookup(visitorId: string, record: LookupRecord, answer: TranslationItem[]): Promise<void>;
  /** The lookups a visitor made before logging in, joined to their account (once). */
  adoptVisitor(visitorId: string | undefined, userId: number): Promise<void>;
  /** The answer the user was given for this word in this context before, if they were. */
  storedAnswer(
    userId: number,
    lookup: Pick<LookupRecord, 'target_word' | 'pre_context' | 'post_context'>,
  ): Promise<TranslationItem[] | undefined>;
}

/** The sentence of a lookup: the word between its context, trimmed. */
export const sentenceOf = (r: Pick<LookupInput, 'pre_context' | 'target_word' | 'post_context'>) =>
  `${r.pre_context}${r.target_word}${r.post_context}`.replace(/\s+/g, ' ').trim();

// Stored sentences are for showing a word in context, not for archiving whole articles.
const maxStoredContext = 2_000;

/** A context as it is stored: the part nearest the word, at most 2,000 characters. */
export const clipContext = (text: string, side: 'before' | 'after') =>
  text.length <= maxStoredContext ? text : side === 'before' ? text.slice(-maxStoredContext) : text.slice(0, maxStoredContext);
