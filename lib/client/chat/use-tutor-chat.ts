'use client';

import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ChatRecord } from '@/lib/contract/calls/chat';
import { askStream } from '@/lib/sse/ask-stream';
import type { EventStream } from '@/lib/sse/event-stream';
import type { Constituent } from '../analysis/layers';
import type { ConversationId } from '../analysis/queries';
import { callData } from '../api';
import { ApiError, catalogueMessage, unknownErrorMessage } from '../errors';
import { handleQuotaStatus } from '../quota';
import { toast } from '../toast';
import { canAsk, chatReducer, initialChatState, nextRoundId } from './chat-state';

/** What the learner reads when the stream could not be kept up after its retries. */
export const STREAM_LOST_MESSAGE = '连接中断，回答没有完成，请稍后再问一次';

export interface TutorChat {
  state: ReturnType<typeof chatReducer>;
  /** Asks about a constituent; answers whether the question went out (spec section 5). */
  ask: (question: string, constituent: Constituent | null, kind?: 'chat' | 'question') => boolean;
  /** Rates a reply (spec section 4, "Chat evaluation"): once, up (1) or down (-1). */
  rate: (roundId: number, value: 1 | -1) => void;
  /** The round id of the next question: the count of the tutor's replies. */
  roundId: number;
}

/**
 * The tutor chat of one conversation: questions go out through the event stream of lib/sse and
 * the reply grows piece by piece; a refusal inside the stream is shown as the reply's error (a
 * quota status runs the quota flow first). A new conversation id starts an empty chat, or the
 * stored one when `records` are given.
 */
export function useTutorChat({
  conversationId,
  scene,
  records,
  feedbackRole,
}: {
  conversationId: ConversationId | null;
  scene: string;
  records?: readonly ChatRecord[];
  /** store_sentence_user_feedback's role: 'sentence' for the analysis chat. */
  feedbackRole: string;
}): TutorChat {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const latest = useRef(state);
  latest.current = state;
  const stream = useRef<EventStream | null>(null);

  // A conversation starts empty, or as stored; its stream stops when it is left.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new conversation id starts a new chat
  useEffect(() => {
    dispatch(records ? { type: 'load', records } : { type: 'reset' });
    return () => {
      stream.current?.close();
      stream.current = null;
    };
  }, [records, conversationId]);

  const ask = useCallback(
    (question: string, constituent: Constituent | null, kind: 'chat' | 'question' = 'chat') => {
      if (conversationId === null || !canAsk(latest.current, question, constituent)) return false;
      const roundId = nextRoundId(latest.current);
      dispatch({ type: 'ask', question, constituent, kind });
      stream.current?.close();
      const current = askStream(
        {
          label: constituent.label,
          start: constituent.start,
          end: constituent.end,
          question: question.trim(),
          conversation_id: conversationId,
          round_id: roundId,
          scene,
        },
        {
          onMessage: (message) => {
            if (message.type === 'chunk' || message.type === 'text') {
              const content = message.type === 'chunk' ? message.content : message.text;
              dispatch({ type: 'chunk', content });
              if (message.type === 'chunk' && message.completed) {
                current.close();
                dispatch({ type: 'complete' });
              }
            } else if (message.type === 'refusal') {
              current.close();
              const quota = handleQuotaStatus(message.status);
              dispatch({
                type: 'fail',
                message: quota
                  ? '今日免费次数已用完'
                  : (catalogueMessage(message.status) ?? message.description ?? unknownErrorMessage),
              });
            }
          },
          onRetry: () => dispatch({ type: 'restart' }),
          onGiveUp: () => dispatch({ type: 'fail', message: STREAM_LOST_MESSAGE }),
        },
      );
      stream.current = current;
      return true;
    },
    [conversationId, scene],
  );

  const rate = useCallback(
    (roundId: number, value: 1 | -1) => {
      if (conversationId === null) return;
      const reply = latest.current.messages.find((m) => m.sender === 'system' && m.roundId === roundId);
      if (reply?.evaluate !== 0) return;
      dispatch({ type: 'evaluate', roundId, value });
      callData('store_sentence_user_feedback', {
        good_or_bad: value,
        conversation_id: conversationId,
        round_id: roundId,
        role: feedbackRole,
      }).catch((error: unknown) => {
        dispatch({ type: 'unevaluate', roundId });
        if (error instanceof ApiError && error.kind !== 'network') toast.error(error.message);
      });
    },
    [conversationId, feedbackRole],
  );

  return { state, ask, rate, roundId: nextRoundId(state) };
}
