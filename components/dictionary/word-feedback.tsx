'use client';

import { useWordFeedback, type FeedbackType } from '@/lib/client/dictionary/queries';
import { ThumbIcon } from '@/components/ui/icons';

/**
 * Thumbs up and down on the meaning in this text (spec sections 2 and 4): mutually exclusive;
 * the chosen one is highlighted and pressed.
 */
export function WordFeedback({ feedbackKey }: { feedbackKey: string }) {
  const { chosen, choose, pending } = useWordFeedback(feedbackKey);
  return (
    // biome-ignore lint/a11y/useSemanticElements: two buttons side by side, not a form's fieldset
    <div role="group" aria-label="这个释义准确吗" className="flex items-center gap-1">
      <Thumb type={1} chosen={chosen} pending={pending} onChoose={choose} />
      <Thumb type={0} chosen={chosen} pending={pending} onChoose={choose} />
    </div>
  );
}

function Thumb({
  type,
  chosen,
  pending,
  onChoose,
}: {
  type: FeedbackType;
  chosen: FeedbackType | null;
  pending: boolean;
  onChoose: (type: FeedbackType) => void;
}) {
  const pressed = chosen === type;
  const up = type === 1;
  return (
    <button
      type="button"
      data-testid={up ? 'thumb-up' : 'thumb-down'}
      aria-label={up ? '释义准确' : '释义不准确'}
      aria-pressed={pressed}
      aria-disabled={pending || undefined}
      onClick={() => onChoose(type)}
      className={`grid size-8 place-items-center rounded-full transition-colors ${
        pressed ? (up ? 'bg-brand-600 text-white' : 'bg-rose-500 text-white') : 'text-ink-mute hover:bg-slate-100 hover:text-ink'
      }`}
    >
      <ThumbIcon up={up} filled={pressed} />
    </button>
  );
}
