'use client';

import { useCallback, useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@/lib/client/query';
import { maxCoursePageSize, type UnitSummary } from '@/lib/contract/calls/courses';
import { callData, preloadApiCore, type CallData } from '../api';
import { toast } from '../toast';
import { useCurrentUser } from '../user';
import { errorMessage, wordListsKey } from '../word-lists/queries';
import { resumePoint } from './resume';

// The course screens call the API as soon as they mount: fetch the API core while the page hydrates.
if (typeof window !== 'undefined') preloadApiCore();

/**
 * The course-book calls of the per-user screens (unit lists, lessons) as query hooks. Every key
 * carries the account (or null), so logging in or out asks again for answers with the progress
 * and the marks of whoever is in.
 */

export type CourseLevels = CallData<'query_course_levels'>;
export type UnitPage = CallData<'query_unit_names'>;
export type UnitContent = CallData<'query_course_unit_content'>;
export type TestResult = CallData<'get_test_answer'>;

const accountOf = (user: { account: string } | null | undefined) => user?.account ?? null;

/** Everything of one course that holds progress: the unit pages, the resume scan, the units. */
const courseKey = (courseId: string): QueryKey => ['course', courseId];

export function useCourseLevels(courseId: string) {
  const { data: user, isPending } = useCurrentUser();
  return useQuery({
    queryKey: [...courseKey(courseId), 'levels', accountOf(user)],
    enabled: !isPending,
    queryFn: ({ signal }) => callData('query_course_levels', { course_id: courseId }, signal),
    staleTime: 30_000,
  });
}

export function useUnitPage(courseId: string, level: number | undefined, page: number, pageSize: number) {
  const { data: user, isPending } = useCurrentUser();
  return useQuery({
    queryKey: [...courseKey(courseId), 'units', accountOf(user), level ?? null, page, pageSize],
    enabled: !isPending,
    queryFn: ({ signal }) =>
      callData(
        'query_unit_names',
        { course_id: courseId, page, page_size: pageSize, ...(level !== undefined ? { level } : {}) },
        signal,
      ),
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
}

/** Pages read at most by the resume scan: a book of 2,000 units. */
const maxResumePages = 20;

/**
 * Where "继续学习" goes: the unit the learner touched last (latest progress), at its position;
 * when that unit is finished, the next one from its start; with no progress, the first unit.
 * Only for a logged-in learner (an anonymous one has no stored progress).
 */
export function useResumePoint(courseId: string, enabled: boolean) {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: [...courseKey(courseId), 'resume', accountOf(user)],
    enabled: enabled && !!user,
    staleTime: 10_000,
    queryFn: async ({ signal }) => {
      const units: UnitSummary[] = [];
      let total = Number.POSITIVE_INFINITY;
      for (let page = 1; units.length < total && page <= maxResumePages; page++) {
        const answer = await callData('query_unit_names', { course_id: courseId, page, page_size: maxCoursePageSize }, signal);
        total = answer.total;
        units.push(...answer.units);
        if (answer.units.length === 0) break;
      }
      return resumePoint(units);
    },
  });
}

export function useUnitContent(courseId: string, unit: number) {
  const { data: user, isPending } = useCurrentUser();
  return useQuery({
    queryKey: [...courseKey(courseId), 'content', accountOf(user), unit],
    enabled: !isPending,
    queryFn: ({ signal }) => callData('query_course_unit_content', { course_id: courseId, unit }, signal),
    // Asked once per visit: a refetch must not move an open lesson, and a lesson opened again
    // (not kept in memory: gcTime 0) starts from the progress stored meanwhile.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/**
 * Saves where a logged-in learner is in a unit (set_unit_progress). Saves run one at a time and
 * only the newest waiting one is sent, so a learner paging fast costs a few calls and the last
 * position always wins. Nothing is sent for an anonymous learner.
 */
export function useUnitProgressSaver(courseId: string, unit: number, loggedIn: boolean) {
  const queryClient = useQueryClient();
  const pending = useRef<{ position: number; done: boolean } | null>(null);
  const running = useRef(false);
  const failed = useRef(false);

  const drain = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      while (pending.current) {
        const next = pending.current;
        pending.current = null;
        try {
          await callData('set_unit_progress', { course_id: courseId, unit, ...next });
          failed.current = false;
        } catch (error) {
          // Said once per run of failures, not once per card.
          if (!failed.current) toast.error(`学习进度保存失败：${errorMessage(error)}`);
          failed.current = true;
        }
      }
    } finally {
      running.current = false;
      // The unit lists and the resume point now show another progress.
      void queryClient.invalidateQueries({ queryKey: [...courseKey(courseId), 'units'] });
      void queryClient.invalidateQueries({ queryKey: [...courseKey(courseId), 'resume'] });
    }
  }, [courseId, unit, queryClient]);

  useEffect(() => () => void drain(), [drain]);

  return useCallback(
    (position: number, done: boolean) => {
      if (!loggedIn) return;
      pending.current = { position, done };
      void drain();
    },
    [loggedIn, drain],
  );
}

/**
 * Marks a lesson's word 熟词 (0) or 生词 (1) in the learner's word book, from 'course', with its
 * example sentence: it shows in /WordsForCourse and /Words.
 */
export function useMarkCourseWord() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  return useMutation({
    mutationFn: ({ word, strange, sentence }: { word: string; strange: 0 | 1; sentence?: string }) =>
      callData('set_strange_status', { word, strange, from: 'course', ...(sentence ? { sentence } : {}) }),
    onError: (error, { word }) => toast.error(`${word} 标记失败：${errorMessage(error)}`),
    onSettled: () => {
      if (user) void queryClient.invalidateQueries({ queryKey: wordListsKey(user.account) });
    },
  });
}

/**
 * Puts the words a logged-in learner missed in a word lesson into their review
 * (report_lesson_misses); the answer says how many cards were made.
 */
export function useReportLessonMisses(courseId: string, unit: number) {
  return useMutation({
    mutationFn: (words: string[]) => callData('report_lesson_misses', { course_id: courseId, unit, words }),
    onError: (error, words) => toast.error(`${words.join('、')} 未能加入复习：${errorMessage(error)}`),
  });
}

export function useTestAnswer(courseId: string, unit: number) {
  return useMutation({
    mutationFn: (answers: Record<string, string>) => callData('get_test_answer', { course_id: courseId, unit, answers }),
  });
}
