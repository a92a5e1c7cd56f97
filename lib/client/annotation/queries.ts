'use client';

import { useQuery } from '@/lib/client/query';
import { callData, preloadApiCore } from '../api';
import { ApiError } from '../errors';
import { toast } from '../toast';
import { closeWordPanel } from '../word-lookup';
import { annotateMessages, type AnnotationTask, type SenseId } from './annotate-selection';

// These screens call the API as soon as they mount: fetch the API core while the page hydrates.
if (typeof window !== 'undefined') preloadApiCore();

/** What the annotation screen shows: a task, or none (with the upstream's reason when it gave one). */
export type LoadedTask = { kind: 'task'; task: AnnotationTask } | { kind: 'none'; description?: string };

/**
 * One task of annotator `uid` (annotate_data). A request that fails says 请求失败请联系管理员 and
 * closes the word popup (spec section 8), then fails the query; an answer that is not a task (its
 * status not OK, no task, or malformed) is "none", with the description it came with.
 */
export async function fetchAnnotationTask(uid: string, signal: AbortSignal): Promise<LoadedTask> {
  try {
    return { kind: 'task', task: await callData('annotate_data', { user_id: uid }, signal) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.isRequestFailure || error.kind === 'aborted') {
      if (!signal.aborted) {
        toast.error(annotateMessages.requestFailed);
        closeWordPanel();
      }
      throw error;
    }
    return { kind: 'none', description: error.description ?? (error.kind === 'invalid' ? '标注数据格式不正确' : undefined) };
  }
}

/**
 * The task of one round: each round is a query of its own, so the next task shows the loading
 * state rather than the old sentence while it comes.
 */
export function useAnnotationTask(uid: string, round: number) {
  return useQuery({
    queryKey: ['annotate_data', uid, round],
    queryFn: ({ signal }) => fetchAnnotationTask(uid, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Sends the annotator's choice for a task (annotate_result); nothing ticked is null (spec section 5). */
export function submitAnnotation(uid: string, task: AnnotationTask, senseId: SenseId | null): Promise<unknown> {
  return callData('annotate_result', { user_id: uid, current_word_index: task.current_word_index, sense_id: senseId });
}
