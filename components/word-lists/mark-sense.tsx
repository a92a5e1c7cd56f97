'use client';

import { useState } from 'react';
import { callData } from '@/lib/client/api';
import { useMutation, useQueryClient } from '@/lib/client/query';
import { toast } from '@/lib/client/toast';
import { useCurrentUser } from '@/lib/client/user';
import { errorMessage, wordListsKey } from '@/lib/client/word-lists/queries';
import type { Strange } from '@/lib/client/word-lists/word-list-model';

export interface MarkedSense {
  /** The word as it stands in the sentence, and its context. */
  word: string;
  pre_context: string;
  post_context: string;
  from: string;
  /** The sense shown first for it here, and its Chinese (for the toast). */
  sense_id: string;
  sense_zh: string;
}

/**
 * 生词 / 熟词 in the word panel: the learner marks the sense shown, in this sentence. 生词 makes
 * it a review card asked with this sentence; 熟词 marks the word known. Anonymous visitors see
 * nothing here.
 */
export function MarkSense(props: MarkedSense) {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [marked, setMarked] = useState<Strange | null>(null);
  const mark = useMutation({
    mutationFn: (strange: Strange) =>
      callData('set_strange_status', {
        word: props.word,
        strange,
        sense_id: props.sense_id,
        pre_context: props.pre_context,
        post_context: props.post_context,
        ...(props.from ? { from: props.from } : {}),
      }),
    onSuccess: (_entry, strange) => {
      setMarked(strange);
      toast.success(strange === 1 ? `已标为生词，可在「复习」中复习 ${props.word}` : `已将 ${props.word} 标为熟词`);
    },
    onError: (error: unknown) => toast.error(`标记失败：${errorMessage(error)}`),
    onSettled: () => {
      if (!user) return;
      void queryClient.invalidateQueries({ queryKey: wordListsKey(user.account) });
      // The passage marks (known share, words waiting for review) change with the mark.
      void queryClient.invalidateQueries({ queryKey: ['parse_text', user.account] });
    },
  });
  if (!user) return null;
  const choice = (strange: Strange, label: string, pressedTone: string) => (
    <button
      type="button"
      data-testid={strange === 1 ? 'mark-sense-strange' : 'mark-sense-familiar'}
      aria-pressed={marked === strange}
      disabled={mark.isPending}
      onClick={() => mark.mutate(strange)}
      className={`rounded-md border px-3 py-1 text-sm disabled:opacity-50 ${
        marked === strange ? pressedTone : 'border-slate-300 bg-white text-ink-soft hover:border-brand-500 hover:text-brand-700'
      }`}
    >
      {marked === strange ? `✓ ${label}` : label}
    </button>
  );
  return (
    <fieldset className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3">
      <legend className="float-left mr-1 text-sm text-ink-mute">这个意思：</legend>
      {choice(1, '生词', 'border-red-300 bg-red-50 text-red-700')}
      {choice(0, '熟词', 'border-emerald-300 bg-emerald-50 text-emerald-700')}
    </fieldset>
  );
}
