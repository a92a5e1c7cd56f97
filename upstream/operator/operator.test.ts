import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';

type Engine = { engine: string; state: string; detail: string; effect: string };
const get = (upstream: TestUpstream, name: string, headers: Record<string, string> = {}) =>
  upstream.request(`/api/${name}`, { headers });
const byName = (engines: Engine[]) => Object.fromEntries(engines.map((e) => [e.engine, e]));

describe('the operator’s engine report', () => {
  let plain: TestUpstream;
  let withModel: TestUpstream;

  beforeAll(async () => {
    plain = await startTestUpstream({ env: { EXPERT_ACCOUNTS: 'ops@example.com' } });
    withModel = await startTestUpstream({
      env: { EXPERT_ACCOUNTS: 'ops@example.com', LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'tutor-model' },
    });
  });
  afterAll(async () => {
    await plain?.stop();
    await withModel?.stop();
  });

  it('is the operator’s alone: 401 logged out, 403 for a learner', async () => {
    expect((await get(plain, 'query_engines')).http).toBe(401);
    const learner = bearer(await logInByEmail(plain, 'learner@example.com'));
    const refused = await get(plain, 'query_engines', learner);
    expect(refused.http).toBe(403);
    expect(refused.body.description).toContain('运营者');
  });

  it('says the model is off, and what learners are not offered, when none is configured', async () => {
    const ops = bearer(await logInByEmail(plain, 'ops@example.com'));
    const answer = await get(plain, 'query_engines', ops);
    expect(answer.http).toBe(200);
    const engines = byName(answer.body.data.engines);
    expect(engines.language_model.state).toBe('off');
    expect(engines.language_model.detail).toContain('LLM_BASE_URL');
    expect(engines.language_model.effect).toContain('逐词释义');
    // The test machine has neither SMTP nor a merchant: the sandboxes stand in.
    expect(engines.mail.state).toBe('sandbox');
    expect(engines.wechat_pay.state).toBe('sandbox');
    expect(engines.database.detail).toMatch(/SQLite|PostgreSQL/);
    // The free uses agree: without a model its features are neither counted nor offered.
    const uses = await get(plain, 'query_free_uses');
    expect(uses.body.data.metered).not.toContain('writer_review');
  });

  it('names the model and its host once one is configured, and the free uses then list its features', async () => {
    const ops = bearer(await logInByEmail(withModel, 'ops@example.com'));
    const engines = byName((await get(withModel, 'query_engines', ops)).body.data.engines);
    expect(engines.language_model).toMatchObject({ state: 'on', detail: 'tutor-model @ 127.0.0.1:9' });
    const uses = await get(withModel, 'query_free_uses');
    expect(uses.body.data.metered).toEqual(expect.arrayContaining(['writer_review', 'translate', 'ask_tutor']));
  });
});
