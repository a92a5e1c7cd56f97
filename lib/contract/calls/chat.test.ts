import { describe, expect, it } from 'vitest';
import { askStreamEvent, eventDataOf, parseAskStreamData } from './chat';

describe('ask_stream messages', () => {
  it('reads a piece of the reply and the last one', () => {
    expect(parseAskStreamData('{"content":"主语是","completed":false}')).toEqual({
      type: 'chunk',
      content: '主语是',
      completed: false,
    });
    expect(parseAskStreamData('{"content":"。","completed":true,"round_id":3}')).toEqual({
      type: 'chunk',
      content: '。',
      completed: true,
    });
    // A closing message without text, and text without the flag.
    expect(parseAskStreamData('{"completed":true}')).toEqual({ type: 'chunk', content: '', completed: true });
    expect(parseAskStreamData('{"content":"x"}')).toEqual({ type: 'chunk', content: 'x', completed: false });
  });

  it('reads a refusal inside the stream, such as a used-up quota', () => {
    expect(parseAskStreamData('{"status":"login_user_free_num_limit","description":"今日免费次数已用完"}')).toEqual({
      type: 'refusal',
      status: 'login_user_free_num_limit',
      description: '今日免费次数已用完',
    });
    expect(parseAskStreamData('{"status":500}')).toEqual({ type: 'refusal', status: '500', description: undefined });
  });

  it('leaves data that is not JSON as text (spec section 7)', () => {
    expect(parseAskStreamData('hello there')).toEqual({ type: 'text', text: 'hello there' });
    expect(parseAskStreamData('')).toEqual({ type: 'text', text: '' });
    expect(parseAskStreamData('{"content":')).toEqual({ type: 'text', text: '{"content":' });
  });

  it('passes other JSON on as it came', () => {
    expect(parseAskStreamData('{"status":"OK"}')).toEqual({ type: 'other', data: { status: 'OK' } });
    expect(parseAskStreamData('{"content":5}')).toEqual({ type: 'other', data: { content: 5 } });
    expect(parseAskStreamData('[1,2]')).toEqual({ type: 'other', data: [1, 2] });
    expect(parseAskStreamData('42')).toEqual({ type: 'other', data: 42 });
  });

  it('declares the events as the call’s event schema', () => {
    expect(askStreamEvent.safeParse({ content: 'a', completed: false }).success).toBe(true);
    expect(askStreamEvent.safeParse({ status: 'anonymous_user_free_num_limit' }).success).toBe(true);
    expect(askStreamEvent.safeParse({ other: 1 }).success).toBe(false);
    expect(eventDataOf('{"a":1}')).toEqual({ json: { a: 1 } });
    expect(eventDataOf('plain')).toEqual({ text: 'plain' });
  });
});
