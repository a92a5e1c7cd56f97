'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { callData } from '@/lib/client/api';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@/lib/client/query';
import { useCurrentUser } from '@/lib/client/user';
import type { AssessmentItem, AssessmentProgress, AssessmentResult } from '@/lib/contract';

/*
 * The assessment screen's state: intro → test (yes/no items, then meaning checks) → result. The
 * upstream holds the test; the screen holds its session id and the item shown. A visitor's
 * finished test is remembered in this browser (its session id), so that logging in — here or
 * later, on /Admin — keeps the result on the learner's profile.
 */

const unkeptKey = 'yujing.assessment.unkept';

export function rememberUnkept(sessionId: string | null): void {
  try {
    if (sessionId) localStorage.setItem(unkeptKey, sessionId);
    else localStorage.removeItem(unkeptKey);
  } catch {
    // Storage may be refused (private mode): the result then stays this page's only.
  }
}

export function unkeptSession(): string | null {
  try {
    return localStorage.getItem(unkeptKey);
  } catch {
    return null;
  }
}

/** The learner's latest result and history (query_assessment), keyed by account. */
export const assessmentKey = (account: string): QueryKey => ['query_assessment', account];

/**
 * The logged-in learner's results for /Admin; a visitor's test remembered in this browser is kept
 * on the profile first.
 */
export function useAssessmentHistory(account: string | undefined) {
  return useQuery({
    queryKey: assessmentKey(account ?? ''),
    enabled: !!account,
    queryFn: async ({ signal }) => {
      const pending = unkeptSession();
      const data = await callData('query_assessment', pending ? { session_id: pending } : {}, signal).catch((error) => {
        if (!pending) throw error;
        // A remembered session that is gone (another learner's, expired) is forgotten.
        rememberUnkept(null);
        return callData('query_assessment', {}, signal);
      });
      if (pending && data.result?.kept) rememberUnkept(null);
      return data;
    },
  });
}

export type AssessmentPhase = 'intro' | 'test' | 'result';

export interface AssessmentScreenState {
  phase: AssessmentPhase;
  item: AssessmentItem | null;
  progress: AssessmentProgress | null;
  result: AssessmentResult | null;
  /** A call is on its way: the answer buttons wait. */
  busy: boolean;
  error: string | null;
}

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : '请求失败，请重试');

export function useAssessment() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const session = useRef<string | null>(null);
  const [state, setState] = useState<AssessmentScreenState>({
    phase: 'intro',
    item: null,
    progress: null,
    result: null,
    busy: false,
    error: null,
  });

  const showResult = useCallback(
    (result: AssessmentResult) => {
      rememberUnkept(result.kept ? null : session.current);
      setState((s) => ({ ...s, phase: 'result', item: null, result, busy: false, error: null }));
      if (result.kept && user) void queryClient.invalidateQueries({ queryKey: assessmentKey(user.account) });
    },
    [queryClient, user],
  );

  const start = useMutation({
    mutationFn: () => callData('start_assessment', {}),
    onMutate: () => setState((s) => ({ ...s, busy: true, error: null })),
    onSuccess: (data) => {
      session.current = data.session_id;
      setState({ phase: 'test', item: data.item, progress: data.progress, result: null, busy: false, error: null });
    },
    onError: (error) => setState((s) => ({ ...s, busy: false, error: errorText(error) })),
  });

  const answer = useMutation({
    mutationFn: (vars: { step: number; answer: boolean | number | null }) =>
      callData('answer_assessment', { session_id: session.current ?? '', ...vars }),
    onMutate: () => setState((s) => ({ ...s, busy: true, error: null })),
    onSuccess: (data) => {
      if (data.result) return showResult(data.result);
      setState((s) => ({ ...s, item: data.item, progress: data.progress, busy: false }));
    },
    onError: (error) => setState((s) => ({ ...s, busy: false, error: errorText(error) })),
  });

  const finish = useMutation({
    mutationFn: () => callData('finish_assessment', { session_id: session.current ?? '' }),
    onMutate: () => setState((s) => ({ ...s, busy: true, error: null })),
    onSuccess: (data) => showResult(data.result),
    onError: (error) => setState((s) => ({ ...s, busy: false, error: errorText(error) })),
  });

  // A visitor who logs in with the result on screen keeps it.
  const keeping = useRef(false);
  useEffect(() => {
    const result = state.result;
    if (!user || !result || result.kept || !session.current || keeping.current) return;
    keeping.current = true;
    callData('query_assessment', { session_id: session.current })
      .then((data) => {
        if (data.result) showResult(data.result);
      })
      .catch(() => {})
      .finally(() => {
        keeping.current = false;
      });
  }, [user, state.result, showResult]);

  const busy = state.busy;
  return {
    state,
    loggedIn: !!user,
    begin: () => {
      if (!busy) start.mutate();
    },
    reply: (value: boolean | number | null) => {
      if (busy || !state.item) return;
      answer.mutate({ step: state.item.step, answer: value });
    },
    /** Ends the test: with enough answers, its result; otherwise back to the intro. */
    quit: () => {
      if (busy) return;
      if (state.progress?.can_finish) finish.mutate();
      else {
        session.current = null;
        setState({ phase: 'intro', item: null, progress: null, result: null, busy: false, error: null });
      }
    },
    restart: () => {
      session.current = null;
      setState({ phase: 'intro', item: null, progress: null, result: null, busy: false, error: null });
    },
  };
}
