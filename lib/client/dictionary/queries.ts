'use client';

import { useMutation, useQuery, useQueryClient } from '@/lib/client/query';
import type { TranslationItem } from '@/lib/contract';
import { callData, callDataCounted } from '../api';
import { ApiError } from '../errors';
import { toast } from '../toast';
import { closeWordPanel, wordQueryKey, type WordQuery } from '../word-lookup';
import { annotateMessages } from '../annotation/annotate-selection';

/**
 * The dictionary's calls as React Query hooks: the word query, the part-of-speech explanation
 * and the word feedback.
 */

/**
 * Spec section 8: on the annotation screen a lookup whose request fails closes the popup with
 * '请求失败请联系管理员' (elsewhere the panel stays open with a retry; a refused answer always
 * stays, showing its description).
 */
const closesOnRequestFailure: ReadonlySet<string> = new Set(['annotate']);

/** What the panel says for an answer whose status is not OK (spec section 8: its description). */
export const refusedLookupMessage = (error: ApiError) => error.description ?? '查询失败，请稍后再试';

/** A lookup's answer: the lemmas, and the free lookups left today after it (null: not counted). */
export interface WordAnswer {
  items: TranslationItem[];
  freeUsesLeft: number | null;
  /** For a word the dictionary does not know: the words it may be a misspelling of, likeliest first. */
  suggestions: string[];
}

/**
 * The word query of spec section 7 for one word in its sentence. callData sends a quota status
 * to the quota flow (spec section 4), once per request, so it never repeats on a re-render; the
 * answer is kept for a while, since each lookup spends a free use.
 */
export function useWordQuery(query: WordQuery | null) {
  return useQuery({
    queryKey: query ? wordQueryKey(query) : ['query_word', null],
    enabled: !!query,
    staleTime: 10 * 60_000,
    // No abort signal: each lookup spends a free use, so an answer already paid for is kept even
    // when the panel closes before it arrives (and reopening the word shows it at once).
    queryFn: async (): Promise<WordAnswer> => {
      try {
        const { data, freeUsesLeft, answer } = await callDataCounted('query_word', query!);
        return { items: data, freeUsesLeft, suggestions: answer.suggestions ?? [] };
      } catch (error) {
        // OK without a result: the dictionary has nothing to say, which the panel shows as not found.
        if (error instanceof ApiError && error.kind === 'empty') return { items: [], freeUsesLeft: null, suggestions: [] };
        if (error instanceof ApiError && error.isRequestFailure && closesOnRequestFailure.has(query!.from ?? '')) {
          toast.error(annotateMessages.requestFailed);
          closeWordPanel();
        }
        throw error;
      }
    },
  });
}

/** The part-of-speech explanation of spec section 7 (`explain_pos`), cached per label. */
export function usePosExplanation(pos: string, enabled: boolean) {
  return useQuery({
    queryKey: ['explain_pos', pos],
    enabled,
    staleTime: Infinity,
    queryFn: ({ signal }) => callData('explain_pos', { pos }, signal),
  });
}

export type FeedbackType = 0 | 1;
const feedbackKey = (key: string) => ['word_feedback', key] as const;

/**
 * Word feedback (spec sections 4 and 7): thumbs up (1) or down (0) on the meaning in this text,
 * one per user and key, so choosing one replaces the other. The choice shows at once and is
 * remembered for the session; a refusal puts the previous choice back.
 */
export function useWordFeedback(key: string | undefined) {
  const client = useQueryClient();
  const chosen = useQuery({
    queryKey: feedbackKey(key ?? ''),
    queryFn: () => null as FeedbackType | null,
    enabled: false,
    initialData: null as FeedbackType | null,
    staleTime: Infinity,
  }).data;
  const send = useMutation({
    mutationFn: async (type: FeedbackType) => {
      await callData('user_feedback', { key: key!, feedback_type: type });
    },
    onMutate: (type) => {
      const previous = client.getQueryData<FeedbackType | null>(feedbackKey(key!)) ?? null;
      client.setQueryData(feedbackKey(key!), type);
      return { previous };
    },
    onError: (error, _type, context) => {
      client.setQueryData(feedbackKey(key!), context?.previous ?? null);
      // Network failures have had their toast from the API client already.
      if (error instanceof ApiError && error.httpStatus !== null) toast.error(error.message);
    },
  });
  return {
    chosen,
    pending: send.isPending,
    choose: (type: FeedbackType) => {
      if (!key || chosen === type || send.isPending) return;
      send.mutate(type);
    },
  };
}
