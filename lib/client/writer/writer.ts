'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@/lib/client/query';
import { parseWriterReviewData, type WriterCheck, type WriterDraftSummary, type WriterReviewSection } from '@/lib/contract';
import { type EventStream, openEventStream } from '@/lib/sse/event-stream';
import { callData } from '../api';
import { ApiError, unknownErrorMessage } from '../errors';
import { handleQuotaStatus } from '../quota';

/** What a failed call tells the learner: the server's words, or the catalogue's. */
export const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : error instanceof Error && error.message ? error.message : fallback;

/** The offline checks of a text (writer_chat), remembered with the text they were made on. */
export function useWriterCheck() {
  return useMutation({
    mutationFn: async (text: string): Promise<WriterCheck & { checkedText: string }> => ({
      ...(await callData('writer_chat', { text })),
      checkedText: text,
    }),
  });
}

/** A learner's drafts, keyed by account so that another login never sees them. */
export const draftsKey = (account: string): QueryKey => ['query_writer_drafts', account];

export function useWriterDrafts(account: string | null) {
  return useQuery({
    queryKey: draftsKey(account ?? ''),
    queryFn: ({ signal }) => callData('query_writer_drafts', {}, signal),
    enabled: account !== null,
  });
}

export const fetchDraft = async (id: number) => (await callData('get_writer_draft', { id })).draft;

export function useSaveDraft(account: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: { id?: number; text: string }): Promise<WriterDraftSummary> =>
      (await callData('save_writer_draft', draft)).draft,
    onSettled: () => queryClient.invalidateQueries({ queryKey: draftsKey(account) }),
  });
}

export function useDeleteDraft(account: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await callData('delete_writer_draft', { id })).deleted,
    onSettled: () => queryClient.invalidateQueries({ queryKey: draftsKey(account) }),
  });
}

// ---- the model's review (writer_review, an event stream) --------------------------------------

export type ReviewExam = 'general' | 'gk' | 'cet4' | 'cet6' | 'ky' | 'ielts';

export interface WriterReviewState {
  status: 'idle' | 'streaming' | 'done' | 'failed';
  sections: Record<WriterReviewSection, string>;
  model?: string;
  error?: string;
}

const emptySections = (): Record<WriterReviewSection, string> => ({ review: '', corrected: '', band: '' });
const idle: WriterReviewState = { status: 'idle', sections: emptySections() };

/** The model's review of a text, as it streams in; `start` begins a new one, `reset` forgets it. */
export function useWriterReview() {
  const [state, setState] = useState<WriterReviewState>(idle);
  const stream = useRef<EventStream | null>(null);

  useEffect(() => () => stream.current?.close(), []);

  const start = useCallback((text: string, exam: ReviewExam) => {
    stream.current?.close();
    setState({ status: 'streaming', sections: emptySections() });
    const current = openEventStream(`/api/writer_review?${new URLSearchParams({ text, exam })}`, {
      parse: parseWriterReviewData,
      onMessage: (event) => {
        if (event.type === 'piece') {
          setState((s) => ({ ...s, sections: { ...s.sections, [event.section]: s.sections[event.section] + event.content } }));
        } else if (event.type === 'done') {
          current.close();
          setState((s) => ({ ...s, status: 'done', model: event.model }));
        } else if (event.type === 'refusal') {
          current.close();
          // Past the free uses: the quota flow (log in, or membership) as for every metered call.
          handleQuotaStatus(event.status);
          setState((s) => ({ ...s, status: 'failed', error: event.description || unknownErrorMessage }));
        }
      },
      // A new attempt sends the whole review again.
      onRetry: () => setState((s) => ({ ...s, sections: emptySections() })),
      onGiveUp: () => setState((s) => ({ ...s, status: 'failed', error: '连接中断，AI 点评未能完成，请稍后再试' })),
    });
    stream.current = current;
  }, []);

  const reset = useCallback(() => {
    stream.current?.close();
    stream.current = null;
    setState(idle);
  }, []);

  return { state, start, reset };
}
