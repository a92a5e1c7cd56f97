'use client';

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from '@/lib/client/query';
import { quotaStatus } from '@/lib/contract/envelope';
import { callData, type CallData } from '../api';
import { ApiError } from '../errors';
import { handleQuotaStatus } from '../quota';
import { toast } from '../toast';
import { useCurrentUser } from '../user';
import { nextPageParam } from '../word-lists/word-list-model';

/** The sentence analysis calls as React Query hooks (spec section 7). */

export type AnalysisData = CallData<'analyze_sentence'>;
export type ConversationId = AnalysisData['conversation_id'];

export interface AnalysisRequest {
  sentence: string;
  /** The screen, kept with the sentence in the learner's history. */
  from: string;
  word_id?: string | number;
}

export const analysisKey = (r: AnalysisRequest): QueryKey => ['analyze_sentence', r.sentence, r.from, r.word_id ?? null];

/**
 * Spec section 4: a non-OK analysis status goes to the 'no free count' handler. Quota statuses
 * have been acted on by callData already; any other refusal is treated as the learner's free
 * analyses being spent, with the flow that fits whether they are logged in.
 */
export function handleAnalysisRefusal(error: unknown, loggedIn: boolean): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'quota') return true;
  if (error.kind !== 'refused') return false;
  return handleQuotaStatus(loggedIn ? quotaStatus.loggedIn : quotaStatus.anonymous);
}

/**
 * Analyses one sentence. Each analysis spends a free use, so an answer is kept for the session
 * (reopening the sentence shows it at once) and never fetched again by itself.
 */
export function useSentenceAnalysis(request: AnalysisRequest | null) {
  const loggedIn = !!useCurrentUser().data;
  return useQuery({
    queryKey: request ? analysisKey(request) : ['analyze_sentence', null],
    enabled: !!request,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    queryFn: async (): Promise<AnalysisData> => {
      try {
        return await callData('analyze_sentence', {
          sentence: request!.sentence,
          from: request!.from,
          ...(request!.word_id !== undefined ? { word_id: request!.word_id } : {}),
        });
      } catch (error) {
        handleAnalysisRefusal(error, loggedIn);
        throw error;
      }
    },
  });
}

/** The grammar catalogue: the same for everybody, fetched once. */
export function useGrammarObjects(enabled = true) {
  return useQuery({
    queryKey: ['get_grammar_objects'],
    enabled,
    staleTime: Infinity,
    queryFn: async ({ signal }) => (await callData('get_grammar_objects', undefined, signal)).grammar_objects,
  });
}

export interface SpanQuestionRequest {
  label: string;
  start: number;
  end: number;
  conversation_id: ConversationId;
}

/** Suggested questions about one constituent. */
export function useSuggestedQuestions(request: SpanQuestionRequest | null) {
  return useQuery({
    queryKey: ['get_questions', request?.conversation_id, request?.label, request?.start, request?.end],
    enabled: !!request,
    staleTime: Infinity,
    queryFn: async ({ signal }) => (await callData('get_questions', { ...request! }, signal)).questions,
  });
}

export interface ExplainRequest {
  answer: string;
  round_id: number;
  conversation_id: ConversationId;
}

/** Explanations of the grammar points an answer (or a point's name) names, one per title. */
export function useExplanations(request: ExplainRequest | null) {
  return useQuery({
    queryKey: ['explain', request?.conversation_id, request?.round_id, request?.answer],
    enabled: !!request,
    staleTime: Infinity,
    queryFn: ({ signal }) => callData('explain', { ...request! }, signal),
  });
}

/** The translate call (spec section 7): counts as done only with status OK. */
export function useTranslation(text: string | null) {
  return useQuery({
    queryKey: ['translate', text],
    enabled: !!text,
    staleTime: Infinity,
    queryFn: ({ signal }) => callData('translate', { text: text! }, signal),
  });
}

export const SENTENCE_PAGE_SIZE = 20;
export type SentenceFilter = 'all' | 'strange';

export const sentenceHistoryKey = (account: string, filter: SentenceFilter): QueryKey => [
  'get_sentence_history',
  account,
  filter,
];

/** The learner's analysed sentences, newest first, or only their sentence bank (生句). */
export function useSentenceHistory(account: string, filter: SentenceFilter) {
  return useInfiniteQuery({
    queryKey: sentenceHistoryKey(account, filter),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    queryFn: ({ pageParam, signal }) =>
      callData(
        'get_sentence_history',
        { page: pageParam, page_size: SENTENCE_PAGE_SIZE, ...(filter === 'strange' ? { strange: 1 as const } : {}) },
        signal,
      ),
  });
}

/** Puts a sentence into the sentence bank (1) or takes it out as mastered (0). */
export function useMarkSentence(account: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { sentence: string; strange: 0 | 1; from?: string }) => callData('set_sentence_strange_status', v),
    onSuccess: (_entry, v) => toast.success(v.strange === 1 ? '已加入生句本' : '已标记为掌握'),
    onError: (error) => toast.error(error instanceof Error && error.message ? error.message : '操作失败'),
    onSettled: () => {
      if (account) void client.invalidateQueries({ queryKey: ['get_sentence_history', account] });
    },
  });
}

/** A stored conversation with its analysis and messages (reopening a sentence from the history). */
export function useConversation(conversationId: ConversationId | null) {
  return useQuery({
    queryKey: ['get_conversation_history', conversationId],
    enabled: conversationId !== null,
    staleTime: 0,
    queryFn: ({ signal }) => callData('get_conversation_history', { conversation_id: conversationId! }, signal),
  });
}
