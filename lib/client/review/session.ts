'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallData, ReviewRating } from '@/lib/contract';
import { callData } from '../api';
import { ApiError } from '../errors';
import { toast } from '../toast';

export type NextCard = CallData<'review_next'>;

/** The rating that can still be taken back: the last one of this session. */
export interface LastRating {
  review_id: string;
  card_id: number;
  word: string;
}

export type ReviewView =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; next: NextCard; revealed: boolean };

/**
 * A rating's key, made in the browser so that a rating sent again (after a network failure, to
 * another instance) counts once. getRandomValues, not randomUUID: the latter needs a secure
 * context, and a deployment may be reached over plain HTTP.
 */
export function newReviewId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Waits, then tries once more: a rating is not lost to one failed request. */
async function twice<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || !['network', 'timeout', 'http'].includes(error.kind)) throw error;
    if (error.kind === 'http' && (error.httpStatus ?? 0) < 500) throw error;
    await new Promise((resolve) => setTimeout(resolve, 600));
    return send();
  }
}

/**
 * The review session of /review: the card shown, its reveal, the ratings (sent once, with a key
 * that makes a retry safe), the undo of the last one, and what comes next.
 */
export function useReviewSession() {
  const [view, setView] = useState<ReviewView>({ status: 'loading' });
  const [last, setLast] = useState<LastRating | null>(null);
  const [busy, setBusy] = useState(false);
  const [reviewed, setReviewed] = useState(0);
  const loading = useRef<AbortController | null>(null);

  const load = useCallback(async (exclude: number[] = []) => {
    loading.current?.abort();
    const controller = new AbortController();
    loading.current = controller;
    setView((v) => (v.status === 'ready' ? v : { status: 'loading' }));
    try {
      const next = await callData('review_next', exclude.length ? { exclude } : {}, controller.signal);
      if (!controller.signal.aborted) setView({ status: 'ready', next, revealed: false });
    } catch (error) {
      if (controller.signal.aborted) return;
      setView({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
    }
  }, []);

  useEffect(() => {
    void load();
    return () => loading.current?.abort();
  }, [load]);

  const reveal = useCallback(() => {
    setView((v) => (v.status === 'ready' && v.next.card && !v.revealed ? { ...v, revealed: true } : v));
  }, []);

  const rate = useCallback(
    async (rating: ReviewRating) => {
      if (view.status !== 'ready' || !view.revealed || !view.next.card || busy) return;
      const card = view.next.card;
      const reviewId = newReviewId();
      setBusy(true);
      try {
        const answer = await twice(() =>
          callData('review_rate', { card_id: card.card_id, rating, review_id: reviewId, reps: card.reps }),
        );
        if (answer.stale) toast.info(`${card.headword} 刚在别处复习过，已跳过`);
        else {
          setLast({ review_id: reviewId, card_id: card.card_id, word: card.headword });
          setReviewed((n) => n + 1);
        }
        await load([card.card_id]);
      } catch (error) {
        toast.error(`评分没有保存：${error instanceof Error ? error.message : '请稍后再试'}`);
      } finally {
        setBusy(false);
      }
    },
    [view, busy, load],
  );

  const undo = useCallback(async () => {
    if (!last || busy) return;
    setBusy(true);
    try {
      await callData('review_undo', { review_id: last.review_id });
      toast.info(`已撤销对 ${last.word} 的评分`);
      setLast(null);
      setReviewed((n) => Math.max(0, n - 1));
      await load();
    } catch (error) {
      toast.error(`撤销失败：${error instanceof Error ? error.message : '请稍后再试'}`);
      setLast(null);
    } finally {
      setBusy(false);
    }
  }, [last, busy, load]);

  return { view, last, busy, reviewed, reveal, rate, undo, reload: () => load() };
}
