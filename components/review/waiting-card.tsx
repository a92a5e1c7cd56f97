'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { callData } from '@/lib/client/api';
import { useQuery, useQueryClient } from '@/lib/client/query';
import { intervalLabel } from '@/lib/client/review/intervals';
import { newReviewId } from '@/lib/client/review/session';
import { toast } from '@/lib/client/toast';
import { useCurrentUser } from '@/lib/client/user';

/**
 * In the word panel, when the word met has a review card waiting: 记得 / 忘了, logged as a
 * review (良好 / 重来) of that card, so that meeting a word while reading counts.
 */
export function WaitingCard({ lemma, senseId }: { lemma: string; senseId?: string }) {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const waiting = useQuery({
    queryKey: ['review_waiting', user?.account ?? null, lemma, senseId ?? null],
    queryFn: ({ signal }) =>
      callData('review_waiting', { lemma, ...(senseId ? { sense_id: senseId } : {}) }, signal, { quiet: true }),
    enabled: !!user,
  });
  const [answered, setAnswered] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const card = waiting.data?.card;
  if (!user || !card) return null;

  const answer = async (remembered: boolean) => {
    setSending(true);
    try {
      const rated = await callData('review_rate', {
        card_id: card.card_id,
        rating: remembered ? 3 : 1,
        review_id: newReviewId(),
        reps: card.reps,
      });
      const label = intervalLabel(Date.parse(rated.due) - Date.now());
      setAnswered(rated.stale ? '这张卡片刚复习过' : `已记录，${label}后再复习`);
      // The text's marks no longer count the word as waiting.
      void queryClient.invalidateQueries({ queryKey: ['parse_text', user.account] });
    } catch (error) {
      toast.error(`没有记下：${error instanceof Error ? error.message : '请稍后再试'}`);
    } finally {
      setSending(false);
    }
  };

  return (
    <div data-testid="waiting-card" className="mt-3 rounded-lg border border-orange-200 bg-orange-50 px-3 py-2 text-sm">
      {answered ? (
        <p data-testid="waiting-card-done" className="text-orange-900">
          {answered}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-orange-900">这个词在你的复习里{card.sense_zh ? `（${card.sense_zh}）` : ''}，还记得吗？</span>
          <span className="flex gap-2">
            <Button size="sm" data-testid="waiting-card-remembered" disabled={sending} onClick={() => void answer(true)}>
              记得
            </Button>
            <Button
              size="sm"
              tone="secondary"
              data-testid="waiting-card-forgot"
              disabled={sending}
              onClick={() => void answer(false)}
            >
              忘了
            </Button>
          </span>
        </div>
      )}
    </div>
  );
}
