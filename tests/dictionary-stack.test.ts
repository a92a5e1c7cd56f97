import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioQuery, repeatedWord } from '../lib/contract';
import { startStack, type Stack } from './support/stack';

/*
 * The dictionary through the running product: the BFF (next start) in front of the embedded
 * upstream, as a browser or the native app calls it.
 */
let stack: Stack;
let base: string;
beforeAll(async () => {
  // The visitors behind one address (here every request's: 127.0.0.1) share a ceiling of 8.
  stack = await startStack({}, { FREE_USES_PER_ADDRESS: '8' });
  base = stack.next.url;
}, 180_000);
afterAll(() => stack?.stop());

function lookUp(sentence: string, word: string, headers: Record<string, string> = {}) {
  const at = sentence.indexOf(word);
  return fetch(`${base}/api/query_word`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...headers },
    body: JSON.stringify({
      pre_context: sentence.slice(0, at),
      post_context: sentence.slice(at + word.length),
      target_word: word,
      from: 'ContextualDict',
    }),
  });
}

describe('the dictionary through the BFF', () => {
  it('looks a word up in its sentence', async () => {
    const answer = await lookUp('The fishermen pulled their boat up onto the grassy bank.', 'bank', {
      cookie: 'yj_vid=stack-visitor-1',
    });
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.status).toBe('OK');
    expect(body.result[0].lemma).toBe('bank');
    expect(body.result[0].gloss[0].sense.second).toMatch(/\p{Script=Han}/u);
  });

  it('answers real audio for a text, and for a composed word by its key', async () => {
    const plain = await fetch(`${base}/api/get_text_audio?${new URLSearchParams(audioQuery('harbour', 'uk'))}`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await plain.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(bytes.length).toBeGreaterThan(4_000);

    const composed = await fetch(`${base}/api/get_text_audio?${new URLSearchParams(audioQuery(repeatedWord('harbour', 2)))}`);
    expect(composed.status).toBe(200);
    expect((await composed.arrayBuffer()).byteLength).toBeGreaterThan(bytes.length);
  }, 60_000);

  it('splits a text into segments to play one by one', async () => {
    const answer = await fetch(`${base}/api/get_text_audio_segments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ text: 'Mr. Brown left at 3.30 p.m. on Monday. He did not come back! Why?' }),
    });
    const body = await answer.json();
    expect(body.data.segments.map((s: { text: string }) => s.text)).toEqual([
      'Mr. Brown left at 3.30 p.m. on Monday.',
      'He did not come back!',
      'Why?',
    ]);
  });

  it('stops clients without cookies at one visitor’s free uses, whatever address they claim', async () => {
    // No cookie at all: the BFF makes each request a new visitor, and says so; the upstream counts
    // every such client behind the address as one visitor (5 a day), within the address's
    // ceiling (8 here; one lookup of this address came before).
    const statuses: string[] = [];
    for (let i = 0; i < 10; i++) {
      // Nor can it pose as another address: the BFF takes the address from the connection.
      const answer = await lookUp('A small cat slept on the warm step.', 'cat', { 'x-forwarded-for': `203.0.113.${i}` });
      expect(answer.status).toBe(200);
      statuses.push((await answer.json()).status);
    }
    expect(statuses.filter((status) => status === 'OK')).toHaveLength(5);
    expect(statuses.slice(5)).toEqual(Array(5).fill('anonymous_user_free_num_limit'));
  });
});
