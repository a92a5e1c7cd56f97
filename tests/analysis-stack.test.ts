import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvents, streamEvents } from './support/event-stream';
import { startStack, type Stack } from './support/stack';

/*
 * Sentence analysis and the tutor through the running product: the BFF (next start) in front of
 * the embedded upstream, the tutor's answer streaming through both.
 */
let stack: Stack;
let base: string;
beforeAll(async () => {
  stack = await startStack();
  base = stack.next.url;
}, 180_000);
afterAll(() => stack?.stop());

const visitor = { cookie: 'yj_vid=analysis-stack-visitor' };
const post = (name: string, body: unknown) =>
  fetch(`${base}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...visitor },
    body: JSON.stringify(body),
  });

describe('analysis and the tutor through the BFF', () => {
  it('analyses a sentence and streams the offline tutor through the BFF, event by event', async () => {
    const analysed = await post('analyze_sentence', { sentence: 'The window was broken by the boy.', from: 'chatSentence' });
    expect(analysed.status).toBe(200);
    const body = await analysed.json();
    expect(body.status).toBe('OK');
    const { conversation_id: conversation, analysis_result: result } = body.data;
    const words: string[] = result.answer.spans.words;
    expect(words.length).toBeGreaterThan(3);

    const query = new URLSearchParams({
      label: '主语',
      start: '0',
      end: '2',
      question: '这个主语是什么？',
      conversation_id: String(conversation),
      round_id: '0',
      scene: 'sentence',
    });
    const answer = await fetch(`${base}/api/ask_stream?${query}`, {
      headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, br', ...visitor },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/event-stream');
    expect(answer.headers.get('content-encoding')).toBeNull();
    const events = await readEvents(answer);
    expect(events.length).toBeGreaterThan(3);
    expect(events.at(-1)).toEqual({ content: '', completed: true });
    const text = events.map((e) => e.content).join('');
    expect(text).toContain('**离线讲解**');

    const history = await post('get_conversation_history', { conversation_id: conversation });
    const stored = (await history.json()).data.messages;
    expect(stored.map((m: { sender: string }) => m.sender)).toEqual(['user', 'system']);
    expect(stored[1].content).toBe(text);

    // The next round is refused while its number is stale, inside the stream.
    const stale = await fetch(`${base}/api/ask_stream?${query}`, { headers: visitor });
    const refusal = [];
    for await (const event of streamEvents(stale)) refusal.push(event);
    expect(refusal).toEqual([{ status: '409', description: '对话轮次已变化，请刷新对话后再提问' }]);
  }, 60_000);
});
