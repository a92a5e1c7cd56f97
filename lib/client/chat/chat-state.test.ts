import { describe, expect, it } from 'vitest';
import type { ChatRecord } from '@/lib/contract/calls/chat';
import { type ChatAction, type ChatState, canAsk, chatReducer, initialChatState, nextRoundId } from './chat-state';

const subject = { label: '主语', start: 0, end: 2 };
const run = (actions: ChatAction[], from: ChatState = initialChatState) => actions.reduce(chatReducer, from);
const ask = (question: string, constituent = subject): ChatAction => ({ type: 'ask', question, constituent, kind: 'chat' });

describe('chat state', () => {
  it('a question adds the learner message and a loading reply, both on the current round', () => {
    const state = run([ask('  这个主语的中心词是什么？ ')]);
    expect(state.pending).toBe(true);
    expect(state.messages.map((m) => [m.sender, m.text, m.roundId, m.loading])).toEqual([
      ['user', '这个主语的中心词是什么？', 0, false],
      ['system', '', 0, true],
    ]);
    expect(state.messages[0].constituent).toEqual(subject);
  });

  it('the reply grows piece by piece, and the round advances only when it completes', () => {
    let state = run([ask('q1'), { type: 'chunk', content: '主语' }]);
    expect(state.messages[1]).toMatchObject({ text: '主语', loading: false, streaming: true });
    expect(nextRoundId(state)).toBe(0);
    state = run([{ type: 'chunk', content: '是 book。' }, { type: 'complete' }], state);
    expect(state.messages[1]).toMatchObject({ text: '主语是 book。', streaming: false });
    expect(state.pending).toBe(false);
    expect(nextRoundId(state)).toBe(1);
    state = run([ask('q2')], state);
    expect(state.messages.at(-1)?.roundId).toBe(1);
  });

  it('ignores a question without text, without a constituent, or while a reply is pending', () => {
    expect(canAsk(initialChatState, '   ', subject)).toBe(false);
    expect(canAsk(initialChatState, 'why', null)).toBe(false);
    expect(canAsk(initialChatState, 'why', subject)).toBe(true);
    const pending = run([ask('q1')]);
    expect(canAsk(pending, 'q2', subject)).toBe(false);
    expect(run([ask('q2')], pending)).toBe(pending);
    expect(run([ask('   ')])).toBe(initialChatState);
  });

  it('a failed reply settles with its error and does not count as a round', () => {
    const state = run([ask('q1'), { type: 'chunk', content: 'half' }, { type: 'fail', message: '服务器错误' }]);
    expect(state.pending).toBe(false);
    expect(state.messages[1]).toMatchObject({ error: '服务器错误', streaming: false });
    expect(nextRoundId(state)).toBe(0);
    // Not rated either.
    expect(run([{ type: 'evaluate', roundId: 0, value: 1 }], state)).toBe(state);
  });

  it('a restarted stream drops what the failed attempt delivered', () => {
    const state = run([ask('q1'), { type: 'chunk', content: 'dup' }, { type: 'restart' }, { type: 'chunk', content: 'ok' }]);
    expect(state.messages[1].text).toBe('ok');
  });

  it('a verdict is given once per reply, up or down', () => {
    let state = run([ask('q1'), { type: 'chunk', content: 'a' }, { type: 'complete' }]);
    state = run([{ type: 'evaluate', roundId: 0, value: -1 }], state);
    expect(state.messages[1].evaluate).toBe(-1);
    expect(state.messages[0].evaluate).toBe(0);
    expect(run([{ type: 'evaluate', roundId: 0, value: 1 }], state)).toBe(state);
    // A verdict that could not be stored gives the thumbs back.
    state = run(
      [
        { type: 'unevaluate', roundId: 0 },
        { type: 'evaluate', roundId: 0, value: 1 },
      ],
      state,
    );
    expect(state.messages[1].evaluate).toBe(1);
  });

  it('loads a stored conversation', () => {
    const records: ChatRecord[] = [
      {
        round_id: 0,
        sender: 'user',
        type: 'question',
        content: '主语是什么？',
        label: '主语',
        start: 0,
        end: 2,
        evaluate: 0,
        created_at: 't',
      },
      { round_id: 0, sender: 'system', type: 'chat', content: 'book', evaluate: 1, source: 'offline', created_at: 't' },
    ];
    const state = run([{ type: 'load', records }]);
    expect(state.messages.map((m) => [m.sender, m.text, m.evaluate, m.loading])).toEqual([
      ['user', '主语是什么？', 0, false],
      ['system', 'book', 1, false],
    ]);
    expect(state.messages[0].constituent).toEqual(subject);
    expect(nextRoundId(state)).toBe(1);
    expect(run([{ type: 'reset' }], state)).toEqual(initialChatState);
  });
});
