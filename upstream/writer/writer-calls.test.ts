import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writerLimits } from '../../lib/contract';
import { readEvents } from '../../tests/support/event-stream';
import { type FakeLlm, startFakeLlm } from '../../tests/support/fake-llm';
import { essayWithThreeSlips } from '../../tests/support/writer-essays';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';

const review = (upstream: TestUpstream, query: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${upstream.url}/api/writer_review?${new URLSearchParams(query)}`, {
    headers: { accept: 'text/event-stream', ...headers },
  });

describe('the writer over HTTP, without a model', () => {
  let upstream: TestUpstream;
  let learner: Record<string, string>;
  let other: Record<string, string>;

  beforeAll(async () => {
    upstream = await startTestUpstream();
    learner = bearer(await logInByEmail(upstream, 'writer@example.com'));
    other = bearer(await logInByEmail(upstream, 'other-writer@example.com'));
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  it('checks a text for anyone: the three slips at their spans, and says the model is not configured', async () => {
    const answer = await upstream.call('writer_chat', { text: essayWithThreeSlips });
    expect(answer.http).toBe(200);
    const data = answer.body.data;
    expect(data.flags.map((f: { kind: string; text: string }) => [f.kind, f.text])).toEqual([
      ['agreement', 'go'],
      ['spelling', 'recieve'],
      ['article', 'car'],
    ]);
    for (const flag of data.flags) expect(essayWithThreeSlips.slice(flag.start, flag.end)).toBe(flag.text);
    expect(data).toMatchObject({ grammar_checked: true, model_available: false });
    expect(data.profile).toMatchObject({ word_count: 40, sentence_count: 6 });
  });

  it('refuses an empty or an over-long text with a clear reason', async () => {
    const empty = await upstream.call('writer_chat', { text: '   ' });
    expect(empty.http).toBe(400);
    expect(empty.body.description).toMatch(/请先输入/);
    const long = await upstream.call('writer_chat', { text: 'a '.repeat(writerLimits.maxChars) });
    expect(long.http).toBe(400);
    expect(long.body.description).toMatch(/文本过长/);
  });

  it('says plainly that the review needs a model, and reviews nothing', async () => {
    const response = await review(upstream, { text: essayWithThreeSlips });
    expect(response.status).toBe(200);
    expect(await readEvents(response)).toEqual([{ status: '503', description: expect.stringMatching(/需要配置大模型/) }]);
  });

  it('keeps a logged-in learner’s drafts: save, list, open, change, delete', async () => {
    const saved = await upstream.call('save_writer_draft', { text: essayWithThreeSlips }, learner);
    expect(saved.http).toBe(200);
    const { id } = saved.body.data.draft;
    expect(saved.body.data.draft).toMatchObject({ title: 'My Weekend', word_count: 40 });

    const named = await upstream.call('save_writer_draft', { title: '给 Tom 的邮件', text: 'Dear Tom, thank you.' }, learner);
    const list = await upstream.call('query_writer_drafts', {}, learner);
    expect(list.body.data.limit).toBe(writerLimits.maxDrafts);
    expect(list.body.data.drafts.map((d: { id: number }) => d.id).sort()).toEqual([id, named.body.data.draft.id].sort());

    const changed = await upstream.call('save_writer_draft', { id, text: 'My Weekend\n\nIt rained.' }, learner);
    expect(changed.body.data.draft).toMatchObject({ id, word_count: 4 });
    const opened = await upstream.call('get_writer_draft', { id }, learner);
    expect(opened.body.data.draft).toMatchObject({ id, title: 'My Weekend', text: 'My Weekend\n\nIt rained.' });

    // Someone else's draft does not exist for them.
    expect((await upstream.call('get_writer_draft', { id }, other)).http).toBe(404);
    expect((await upstream.call('save_writer_draft', { id, text: 'mine now' }, other)).http).toBe(404);
    expect((await upstream.call('delete_writer_draft', { id }, other)).body.data.deleted).toBe(false);
    expect((await upstream.call('query_writer_drafts', {}, other)).body.data.drafts).toEqual([]);

    expect((await upstream.call('delete_writer_draft', { id }, learner)).body.data.deleted).toBe(true);
    expect((await upstream.call('get_writer_draft', { id }, learner)).http).toBe(404);
    expect((await upstream.call('get_writer_draft', { id: 99_999_999_999 }, learner)).http).toBe(404);
  });

  it('keeps drafts only for logged-in learners, up to the limit', async () => {
    const loggedOut = await upstream.call('save_writer_draft', { text: 'Hello.' });
    expect(loggedOut.http).toBe(401);
    expect((await upstream.call('query_writer_drafts', {})).http).toBe(401);

    const many = bearer(await logInByEmail(upstream, 'many-drafts@example.com'));
    for (let i = 0; i < writerLimits.maxDrafts; i++) {
      expect((await upstream.call('save_writer_draft', { text: `Draft ${i}.` }, many)).http).toBe(200);
    }
    const refused = await upstream.call('save_writer_draft', { text: 'One more.' }, many);
    expect(refused.http).toBe(400);
    expect(refused.body.description).toMatch(new RegExp(`最多保存 ${writerLimits.maxDrafts} 篇草稿`));
    expect((await upstream.call('query_writer_drafts', {}, many)).body.data.drafts).toHaveLength(writerLimits.maxDrafts);
  });
});

describe('the writer’s review by the model, over HTTP', () => {
  let fake: FakeLlm;
  let upstream: TestUpstream;
  let expert: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeLlm({ kind: 'normal', chunks: ['好的'] });
    upstream = await startTestUpstream({
      env: {
        EXPERT_ACCOUNTS: 'teacher@example.com',
        LLM_BASE_URL: fake.url,
        LLM_API_KEY: 'sk-test',
        LLM_MODEL: 'writer-model',
        FREE_USES_LOGIN: '1',
      },
    });
    expert = bearer(await logInByEmail(upstream, 'teacher@example.com'));
  });
  afterAll(async () => {
    await upstream?.stop();
    await fake?.stop();
  });

  it('streams the review, the corrected version and the band in their sections, as the model’s', async () => {
    await upstream.call('update_expert_instruction', { scene: 'writer', instruction: '点评时先肯定优点。' }, expert);
    // The markers arrive cut in pieces, as a model's tokens would cut them.
    fake.setMode({
      kind: 'normal',
      chunks: [
        '【点',
        '评】\n文章结构清楚。',
        '\n主谓一致需注意。\n【修改稿】\nMy grandfather goes',
        ' fishing.\n【预估',
        '分数】\n约 9/15 分。',
      ],
    });
    const answer = await upstream.call('writer_chat', { text: essayWithThreeSlips });
    expect(answer.body.data.model_available).toBe(true);

    const events = await readEvents(await review(upstream, { text: essayWithThreeSlips, exam: 'cet4' }));
    const text = (section: string) =>
      events
        .filter((e) => (e as { section?: string }).section === section)
        .map((e) => e.content)
        .join('');
    expect(text('review')).toBe('文章结构清楚。\n主谓一致需注意。\n');
    expect(text('corrected')).toBe('My grandfather goes fishing.\n');
    expect(text('band')).toBe('约 9/15 分。');
    expect(events.at(-1)).toEqual({ completed: true, model: 'writer-model' });

    const sent = fake.requests.at(-1)?.body.messages ?? [];
    expect(sent[0].role).toBe('system');
    // The experts' current instruction for the writer, the exam's scale and the offline findings.
    expect(sent[0].content).toContain('点评时先肯定优点。');
    expect(sent[0].content).toContain('大学英语四级');
    expect(sent[0].content).toContain('“recieve” → receive');
    expect(sent[1]).toEqual({ role: 'user', content: essayWithThreeSlips });
  });

  it('says so when the model fails, keeping what it had sent', async () => {
    fake.setMode({ kind: 'fail', chunks: ['【点评】\n文章', '结构'], after: 1 });
    const events = await readEvents(await review(upstream, { text: 'I like apples.' }));
    expect(events[0]).toEqual({ section: 'review', content: '文章' });
    expect(events.at(-1)).toEqual({ status: '500', description: '大模型服务出错，请稍后再试' });
  });

  it('counts a review against the free uses: past them the stream says so, and the model is not asked', async () => {
    const learner = bearer(await logInByEmail(upstream, 'reviewed-once@example.com'));
    fake.setMode({ kind: 'normal', chunks: ['【点评】\n很好。'] });
    const first = await readEvents(await review(upstream, { text: 'I like apples.' }, learner));
    expect(first.at(-1)).toEqual({ completed: true, model: 'writer-model' });
    const asked = fake.requests.length;
    const second = await readEvents(await review(upstream, { text: 'I like pears.' }, learner));
    expect(second).toEqual([{ status: 'login_user_free_num_limit', description: '今日免费次数已用完' }]);
    expect(fake.requests.length).toBe(asked);
    // The offline checks stay free.
    expect((await upstream.call('writer_chat', { text: 'I like pears.' }, learner)).body.status).toBe('OK');
  });

  it('refuses a text too long for the review', async () => {
    const response = await review(upstream, { text: 'a '.repeat(writerLimits.maxReviewChars) });
    expect(response.status).toBe(400);
  });
});
