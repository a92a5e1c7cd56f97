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
        metered: ['query_word', 'analyze_sentence', 'photo_text', 'writer_review'],
        member_only: ['passage_phrases'],
      },
    });
  });
});
