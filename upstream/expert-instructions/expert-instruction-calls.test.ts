import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../tests/support/fake-llm';
import { testGrammarCatalogue } from '../../tests/support/test-grammar';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';

describe('the expert instructions over HTTP', () => {
  let fake: FakeLlm;
  let upstream: TestUpstream;
  let learner: Record<string, string>;
  let member: Record<string, string>;
  let expert: Record<string, string>;
  let expertByAccount: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeLlm({ kind: 'normal', chunks: ['好的。'] });
    // The second expert is named by account number, known only once the account exists: a first
    // start makes the accounts, a second over the same data names them.
    const first = await startTestUpstream();
    await logInByEmail(first, 'second-expert@example.com');
    const { account } = await first.db
      .selectFrom('users')
      .select('account')
      .where('email', '=', 'second-expert@example.com')
      .executeTakeFirstOrThrow();
    await first.stop({ keepData: true });
    upstream = await startTestUpstream({
      dir: first.dir,
      env: {
        EXPERT_ACCOUNTS: `Teacher@Example.com, ${account}`,
        LLM_BASE_URL: fake.url,
        LLM_API_KEY: 'sk-test',
        LLM_MODEL: 'tutor-model',
      },
      grammarCatalogue: testGrammarCatalogue(),
    });
    learner = bearer(await logInByEmail(upstream, 'learner@example.com'));
    member = bearer(await logInByEmail(upstream, 'member@example.com'));
    expert = bearer(await logInByEmail(upstream, 'teacher@example.com'));
    expertByAccount = bearer(await logInByEmail(upstream, 'second-expert@example.com'));
    await upstream.db
      .updateTable('users')
      .set({ vip_expires_at: '2099-01-01T00:00:00.000Z' })
      .where('email', '=', 'member@example.com')
      .execute();
  });
  afterAll(async () => {
    await upstream?.stop();
    await fake?.stop();
  });

  describe('expert instructions', () => {
    it('lets anyone read the scenes, none written yet', async () => {
      const answer = await upstream.call('query_expert_instruction', {});
      expect(answer.http).toBe(200);
      expect(answer.body.data.scenes.map((s: { scene: string }) => s.scene)).toEqual(['tutor', 'explain', 'writer']);
      expect(answer.body.data.scenes.every((s: { current: unknown; title: string }) => s.current === null && s.title)).toBe(true);
      expect(answer.body.data.can_edit).toBe(false);
      expect((await upstream.call('query_expert_instruction', {}, expert)).body.data.can_edit).toBe(true);
      expect((await upstream.call('query_expert_instruction', {}, learner)).body.data.can_edit).toBe(false);
    });

    it('refuses updates from the logged out (401) and from non-experts (403), storing nothing', async () => {
      const body = { scene: 'tutor', instruction: '请多用例句。' };
      expect((await upstream.call('update_expert_instruction', body)).http).toBe(401);
      const refused = await upstream.call('update_expert_instruction', body, member);
      expect(refused.http).toBe(403);
      expect(refused.body.status).toBe('403');
      expect((await upstream.call('update_expert_instruction', { scene: 'poetry', instruction: 'x' }, expert)).http).toBe(400);
      const state = await upstream.call('query_expert_instruction', { scene: 'tutor' });
      expect(state.body.data.history.total).toBe(0);
    });

    it('keeps every update as a new version with who and when, and the tutor answers by the current one', async () => {
      const first = await upstream.call(
        'update_expert_instruction',
        { scene: 'tutor', instruction: '  每次回答都先给出结论，再举一个例句。 ', base_version: 0 },
        expert,
      );
      expect(first.http).toBe(200);
      expect(first.body.data.version).toMatchObject({
        scene: 'tutor',
        version: 1,
        instruction: '每次回答都先给出结论，再举一个例句。',
        editor: { nickname: 'teacher' },
        created_at: upstream.clock.now().toISOString(),
      });
      upstream.clock.advance(60_000);
      const second = await upstream.call(
        'update_expert_instruction',
        { scene: 'tutor', instruction: '回答不超过三句话，并指出考试中的常见错误。', base_version: 1 },
        expertByAccount,
      );
      expect(second.body.data.version).toMatchObject({ version: 2, editor: { nickname: 'second-expert' } });
      // An expert who edited version 1 does not silently replace version 2.
      const stale = await upstream.call(
        'update_expert_instruction',
        { scene: 'tutor', instruction: '旧稿', base_version: 1 },
        expert,
      );
      expect(stale.http).toBe(409);

      const read = await upstream.call('query_expert_instruction', { scene: 'tutor', page_size: 1 });
      const tutor = read.body.data.scenes.find((s: { scene: string }) => s.scene === 'tutor');
      expect(tutor.current).toMatchObject({ version: 2, instruction: '回答不超过三句话，并指出考试中的常见错误。' });
      expect(read.body.data.scenes.find((s: { scene: string }) => s.scene === 'writer').current).toBeNull();
      expect(read.body.data.history).toMatchObject({ total: 2, page: 1, page_size: 1 });
      expect(read.body.data.history.items.map((v: { version: number }) => v.version)).toEqual([2]);
      const older = await upstream.call('query_expert_instruction', { scene: 'tutor', page: 2, page_size: 1 }, expert);
      expect(older.body.data.history.items[0]).toMatchObject({ version: 1, editor: { nickname: 'teacher' } });

      // The tutor's system prompt carries the current version, not the older one.
      const analysed = await upstream.call(
        'analyze_sentence',
        { sentence: 'The book that you lent me was interesting.' },
        learner,
      );
      const conversation = analysed.body.data.conversation_id;
      const words = analysed.body.data.analysis_result.answer.spans.words;
      const before = fake.requests.length;
      const asked = await upstream.call(
        'ask',
        {
          label: '主句',
          start: 0,
          end: words.length,
          question: '这句话用了什么时态？',
          conversation_id: conversation,
          round_id: 0,
        },
        learner,
      );
      expect(asked.http).toBe(200);
      const system = fake.requests.slice(before).at(-1)?.body.messages[0] ?? { role: '', content: '' };
      expect(system.role).toBe('system');
      expect(system.content).toContain('回答不超过三句话，并指出考试中的常见错误。');
      expect(system.content).not.toContain('每次回答都先给出结论');
    });

    it('names the authors to the experts only: everyone else reads the versions and times without them', async () => {
      const saved = await upstream.call(
        'update_expert_instruction',
        { scene: 'explain', instruction: '先讲词义，再讲用法。' },
        expert,
      );
      expect(saved.body.data.version.editor).toMatchObject({ nickname: 'teacher', account: expect.any(String) });
      const { account } = saved.body.data.version.editor;
      for (const who of [{}, learner, member]) {
        const read = await upstream.call('query_expert_instruction', { scene: 'explain' }, who);
        expect(read.http).toBe(200);
        const current = read.body.data.scenes.find((s: { scene: string }) => s.scene === 'explain').current;
        expect(current).toEqual({
          scene: 'explain',
          version: saved.body.data.version.version,
          instruction: '先讲词义，再讲用法。',
          editor: null,
          created_at: saved.body.data.version.created_at,
        });
        expect(read.body.data.history.items.map((v: { editor: unknown }) => v.editor)).toEqual([null]);
        expect(JSON.stringify(read.body)).not.toContain(account);
        expect(JSON.stringify(read.body)).not.toContain('teacher');
      }
      const byExpert = await upstream.call('query_expert_instruction', { scene: 'explain' }, expertByAccount);
      expect(byExpert.body.data.history.items[0].editor).toEqual({ account, nickname: 'teacher' });
    });

    it('gives each of two simultaneous updates a version of its own', async () => {
      const saves = await Promise.all(
        ['甲', '乙', '丙'].map((text) =>
          upstream.call('update_expert_instruction', { scene: 'writer', instruction: text }, expert),
        ),
      );
      expect(saves.map((s) => s.http)).toEqual([200, 200, 200]);
      expect(saves.map((s) => s.body.data.version.version).sort()).toEqual([1, 2, 3]);
    });
  });
});
