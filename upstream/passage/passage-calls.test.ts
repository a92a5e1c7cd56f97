import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTextLimits } from '../../lib/contract';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';

const passage = 'She looked forward to the trip. The committee abandoned the ambiguous proposal.';

describe('parse_text over HTTP', () => {
  let upstream: TestUpstream;
  let learner: Record<string, string>;
  let member: Record<string, string>;

  beforeAll(async () => {
    upstream = await startTestUpstream();
    learner = bearer(await logInByEmail(upstream, 'learner@example.com'));
    member = bearer(await logInByEmail(upstream, 'member@example.com'));
    await upstream.db
      .updateTable('users')
      .set({ vip_expires_at: '2099-01-01T00:00:00.000Z' })
      .where('email', '=', 'member@example.com')
      .execute();
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  describe('parse_text', () => {
    it('parses a passage for anyone, and says the phrases are for members', async () => {
      const answer = await upstream.call('parse_text', { text: passage });
      expect(answer.http).toBe(200);
      const data = answer.body.data;
      expect(data.sentences).toHaveLength(2);
      expect(data.word_count).toBe(12);
      expect(data.phrases).toEqual([]);
      expect(data.phrases_withheld).toMatchObject({ reason: 'vip_only' });
      expect(data.phrases_withheld.description).toMatch(/会员/);
      expect(data.marks_included).toBe(false);
      const looked = data.sentences[0].tokens[1];
      expect(looked).toMatchObject({ text: 'looked', lemma: 'look', pos: 'VERB', start: 4, end: 10 });
      expect(looked.mark).toBeUndefined();
      // A learner without membership is not a member either.
      const loggedIn = await upstream.call('parse_text', { text: passage }, learner);
      expect(loggedIn.body.data.phrases_withheld).toMatchObject({ reason: 'vip_only' });
      expect(loggedIn.body.data.marks_included).toBe(true);
    });

    it('gives members the phrases', async () => {
      const answer = await upstream.call('parse_text', { text: passage }, member);
      expect(answer.body.data.phrases_withheld).toBeNull();
      expect(answer.body.data.phrases).toEqual([
        expect.objectContaining({ phrase: 'look forward to', sentence: 0, tokens: [1, 2, 3], start: 4, end: 21 }),
      ]);
    });

    it("marks a logged-in learner's 生词 and 熟词, by lemma", async () => {
      await upstream.call('set_strange_status', { word: 'proposals', lemma: 'proposal', strange: 1 }, learner);
      await upstream.call('set_strange_status', { word: 'look', lemma: 'look', strange: 0 }, learner);
      const answer = await upstream.call('parse_text', { text: passage }, learner);
      const tokens = answer.body.data.sentences.flatMap((s: { tokens: unknown[] }) => s.tokens);
      const byText = (text: string) => tokens.find((t: { text: string }) => t.text === text);
      expect(byText('proposal').mark).toBe('strange');
      expect(byText('looked').mark).toBe('familiar');
      expect(byText('committee').mark).toBeUndefined();
      // Another learner's marks are theirs.
      const other = await upstream.call('parse_text', { text: passage }, member);
      expect(
        other.body.data.sentences
          .flatMap((s: { tokens: { mark?: string }[] }) => s.tokens)
          .some((t: { mark?: string }) => t.mark),
      ).toBe(false);
    });

    it('refuses an empty passage and one past the limit with a clear 400', async () => {
      const empty = await upstream.call('parse_text', { text: '   ' });
      expect(empty.http).toBe(400);
      expect(empty.body.description).toMatch(/请输入要解析的英文文本/);
      const long = await upstream.call('parse_text', { text: 'word '.repeat(parseTextLimits.maxChars / 5 + 1) });
      expect(long.http).toBe(400);
      expect(long.body.description).toMatch(/文本过长/);
      expect((await upstream.call('parse_text', {})).http).toBe(400);
    });
  });
});
