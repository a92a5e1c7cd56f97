'use client';

import { useState } from 'react';
import type { ConversationId } from '@/lib/client/analysis/queries';
import { callData } from '@/lib/client/api';
import { ApiError } from '@/lib/client/errors';
import { toast } from '@/lib/client/toast';
import { ThumbIcon } from '@/components/ui/icons';

/**
 * Thumbs up and down on a tutor reply or an explanation (spec section 4, "Chat evaluation"): up
 * sets 1, down -1, and the chosen one becomes a highlighted icon that can no longer be clicked
 * (the other one goes away).
 */
export function FeedbackThumbs({ value, onRate }: { value: -1 | 0 | 1; onRate: (value: 1 | -1) => void }) {
  if (value !== 0) {
    const up = value === 1;
    return (
      <span
        data-testid={up ? 'reply-rated-up' : 'reply-rated-down'}
        role="img"
        aria-label={up ? '已评价：有帮助' : '已评价：没有帮助'}
        className={`grid size-7 place-items-center rounded-full ${up ? 'bg-brand-600 text-white' : 'bg-rose-500 text-white'}`}
      >
        <ThumbIcon up={up} filled />
      </span>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: two buttons side by side, not a form's fieldset
    <span role="group" aria-label="评价这条回答" className="flex items-center gap-0.5">
      {([1, -1] as const).map((v) => (
        <button
          key={v}
          type="button"
          data-testid={v === 1 ? 'reply-thumb-up' : 'reply-thumb-down'}
          aria-label={v === 1 ? '有帮助' : '没有帮助'}
          onClick={() => onRate(v)}
          className="grid size-7 place-items-center rounded-full text-ink-mute transition-colors hover:bg-slate-100 hover:text-ink"
        >
          <ThumbIcon up={v === 1} />
        </button>
      ))}
    </span>
  );
}

/** The thumbs of one explanation, stored as store_sentence_user_feedback with its role. */
export function ReplyFeedback({
  conversationId,
  roundId,
  feedbackRole,
  initial,
}: {
  conversationId: ConversationId;
  roundId: number;
  feedbackRole: string;
  initial: -1 | 0 | 1;
}) {
  const [value, setValue] = useState(initial);
  const rate = (v: 1 | -1) => {
    if (value !== 0) return;
    setValue(v);
    callData('store_sentence_user_feedback', {
      good_or_bad: v,
      conversation_id: conversationId,
      round_id: roundId,
      role: feedbackRole,
    }).catch((error: unknown) => {
      setValue(0);
      if (error instanceof ApiError && error.kind !== 'network') toast.error(error.message);
    });
  };
  return <FeedbackThumbs value={value} onRate={rate} />;
}
