import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUpstream, type TestUpstream } from '../test-harness';

describe('query_free_uses: what a visitor and a learner may use for free, as configured', () => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream({ env: { FREE_USES_ANONYMOUS: '3', FREE_USES_LOGIN: '12' } });
  });
  afterAll(() => upstream.stop());

  it('answers the configured counts, the metered features and the members-only ones, to anyone', async () => {
    const answer = await fetch(`${upstream.url}/api/query_free_uses`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      status: 'OK',
      data: {
        anonymous: 3,
        logged_in: 12,
        // Without a language model, its features are answered offline and not counted.
        metered: ['query_word', 'analyze_sentence', 'photo_text'],
        member_only: ['passage_phrases'],
      },
    });
  });
});

describe('query_free_uses with a language model configured', () => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    // Nothing is asked of the model here: its address only has to be configured.
    upstream = await startTestUpstream({ env: { LLM_BASE_URL: 'http://127.0.0.1:9/v1' } });
  });
  afterAll(() => upstream.stop());

  it('counts the model’s review, translations and tutor answers too', async () => {
    const answer = await (await fetch(`${upstream.url}/api/query_free_uses`)).json();
    expect(answer.data.metered).toEqual([
      'query_word',
      'analyze_sentence',
      'photo_text',
      'writer_review',
      'translate',
      'ask_tutor',
    ]);
  });
});
