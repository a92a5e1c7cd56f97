import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { createErrorHandler } from '../platform/http';
import type { UpstreamError } from '../platform/http';
import { allowancesTable } from './entitlements';
import { createUsageLedger, freeUseDenied, type FreeUseContext, type UsageLedger } from './usage-ledger';
import { openTestDatabase, testClock, type TestClock, type TestDatabase } from '../test-harness';
import { shanghaiDay } from '../platform/time';

const limits = { anonymous: 3, login: 5, perAddress: 7, speechCharacters: 100 };

describe('usage ledger', () => {
  let testDb: TestDatabase;
  let db: Db;
  let clock: TestClock;
  let ledger: UsageLedger;
  beforeEach(async () => {
    testDb = await openTestDatabase();
    db = testDb.db;
    clock = testClock();
    ledger = createUsageLedger({ config: { freeUses: limits, llm: undefined }, db, now: clock.now });
  });
  afterEach(() => testDb.remove());

  async function use(who: FreeUseContext, times: number, feature = 'query_word') {
    const verdicts = [];
    for (let i = 0; i < times; i++) verdicts.push(await ledger.consumeFreeUse(who, feature));
    return verdicts.map((v) => (v.allowed ? 'ok' : v.status));
  }

  const anonymousLimit = 'anonymous_user_free_num_limit';
  const loginLimit = 'login_user_free_num_limit';

  it('gives an anonymous visitor the anonymous allowance', async () => {
    expect(await use({ visitorId: 'v1', ip: '10.0.0.1' }, 4)).toEqual(['ok', 'ok', 'ok', anonymousLimit]);
  });

  it('gives each visitor behind one address their own uses, up to the address ceiling', async () => {
    await use({ visitorId: 'v1', ip: '10.0.0.1' }, 4);
    // A classmate behind the same address has all of theirs.
    expect(await use({ visitorId: 'v2', ip: '10.0.0.1' }, 4)).toEqual(['ok', 'ok', 'ok', anonymousLimit]);
    // A client dropping its cookie each time gets what the address has left, and no more.
    expect(await use({ visitorId: 'v3', ip: '10.0.0.1' }, 1)).toEqual(['ok']);
    expect(await use({ visitorId: 'v4', ip: '10.0.0.1' }, 1)).toEqual([anonymousLimit]);
    expect(await use({ ip: '10.0.0.1' }, 1)).toEqual([anonymousLimit]);
    // Another address is not affected.
    expect(await use({ visitorId: 'v5', ip: '10.0.0.2' }, 1)).toEqual(['ok']);
  });

  it('keeps counting by visitor id when the address changes', async () => {
    await use({ visitorId: 'v1', ip: '10.0.0.1' }, 3);
    expect(await use({ visitorId: 'v1', ip: '10.0.0.2' }, 1)).toEqual([anonymousLimit]);
    // Someone else at another address is not affected.
    expect(await use({ visitorId: 'v3', ip: '10.0.0.3' }, 1)).toEqual(['ok']);
  });

  it('does not count refused uses', async () => {
    await use({ visitorId: 'v1', ip: '10.0.0.1' }, 6);
    const rows = await db.selectFrom('usage').select(['subject', 'count']).orderBy('subject').execute();
    expect(rows).toEqual([
      { subject: 'ip:10.0.0.1', count: 3 },
      { subject: 'visitor:v1', count: 3 },
    ]);
  });

  it('counts each feature separately', async () => {
    await use({ visitorId: 'v1', ip: '10.0.0.1' }, 3, 'query_word');
    expect(await use({ visitorId: 'v1', ip: '10.0.0.1' }, 1, 'analyze_sentence')).toEqual(['ok']);
  });

  it('gives a logged-in user the login allowance, per account', async () => {
    const alice = { user: { id: 1, isVip: false }, visitorId: 'v1', ip: '10.0.0.1' };
    expect(await use(alice, 6)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', loginLimit]);
    expect(await use({ ...alice, user: { id: 2, isVip: false } }, 1)).toEqual(['ok']);
    // Logged-in use does not spend the anonymous allowance of the same browser.
    expect(await use({ visitorId: 'v1', ip: '10.0.0.1' }, 1)).toEqual(['ok']);
  });

  it('never limits or counts a VIP', async () => {
    expect(new Set(await use({ user: { id: 1, isVip: true }, ip: '10.0.0.1' }, 50))).toEqual(new Set(['ok']));
    expect(await db.selectFrom('usage').selectAll().execute()).toEqual([]);
  });

  it('starts a new allowance at midnight in Shanghai', async () => {
    clock.set('2026-03-02T15:59:59.000Z'); // 23:59:59 on 2 March in Shanghai
    const who = { visitorId: 'v1', ip: '10.0.0.1' };
    expect(await use(who, 4)).toEqual(['ok', 'ok', 'ok', anonymousLimit]);
    clock.set('2026-03-02T16:00:00.000Z'); // 00:00 on 3 March
    expect(await use(who, 1)).toEqual(['ok']);
    const days = await db.selectFrom('usage').select('day').distinct().orderBy('day').execute();
    expect(days.map((d) => d.day)).toEqual(['2026-03-02', '2026-03-03']);
  });

  it('lets only the allowance through when uses arrive together', async () => {
    const who = { user: { id: 7, isVip: false }, ip: '10.0.0.1' };
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => ledger.consumeFreeUse(who, 'translate')));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(limits.login);
  });

  it('gives a use back once, on the day it was taken', async () => {
    const who = { visitorId: 'v1', ip: '10.0.0.1' };
    const taken = await ledger.requireFreeUse(who, 'query_word');
    expect(taken.left).toBe(2);
    await taken.giveBack();
    await taken.giveBack();
    expect(taken.left).toBe(3);
    expect((await ledger.remaining(who)).query_word).toBe(3);
    // Taken before midnight, given back after it: the new day's count is not touched.
    const late = await ledger.requireFreeUse(who, 'query_word');
    clock.set('2099-01-01T00:00:00.000Z');
    await use(who, 1);
    await late.giveBack();
    expect((await ledger.remaining(who)).query_word).toBe(2);
  });

  it('charges a metered answer only when it is made and worth a use', async () => {
    const who = { user: { id: 3, isVip: false }, ip: '10.0.0.1' };
    await expect(ledger.metered(who, 'query_word', async () => Promise.reject(new Error('parser down')))).rejects.toThrow(
      'parser down',
    );
    const notFound = await ledger.metered(
      who,
      'query_word',
      async () => 'no such word',
      () => false,
    );
    expect(notFound).toEqual({ result: 'no such word', left: 5 });
    const found = await ledger.metered(who, 'query_word', async () => 'bank');
    expect(found).toEqual({ result: 'bank', left: 4 });
    expect((await ledger.remaining(who)).query_word).toBe(4);
    // A member is not counted: nothing is left to say.
    expect(await ledger.metered({ ...who, user: { id: 3, isVip: true } }, 'query_word', async () => 1)).toEqual({
      result: 1,
      left: null,
    });
  });

  it('tells what is left: the least of a visitor’s own and its address’s', async () => {
    await use({ visitorId: 'v1', ip: '10.0.0.1' }, 2);
    await use({ visitorId: 'v2', ip: '10.0.0.1' }, 3);
    await use({ visitorId: 'v3', ip: '10.0.0.1' }, 1);
    expect((await ledger.remaining({ visitorId: 'v1', ip: '10.0.0.1' })).query_word).toBe(1);
    expect((await ledger.remaining({ visitorId: 'v9', ip: '10.0.0.1' })).query_word).toBe(1);
    expect((await ledger.remaining({ visitorId: 'v9', ip: '10.0.0.2' })).query_word).toBe(3);
  });

  it('counts speech in characters: a visitor’s own day, its address’s, a member unlimited', async () => {
    const { own, perAddress } = allowancesTable(limits).speech_characters.anonymous as { own: number; perAddress: number };
    const speak = (who: FreeUseContext, chars: number) =>
      ledger.requireAllowance(who, 'speech_characters', chars).then(
        () => 'ok',
        (error: UpstreamError) => `${error.httpStatus} ${error.status}`,
      );
    expect(await speak({ visitorId: 'v1', ip: '10.0.0.1' }, own)).toBe('ok');
    expect(await speak({ visitorId: 'v1', ip: '10.0.0.1' }, 1)).toBe(`429 ${anonymousLimit}`);
    // Classmates behind the address share its ceiling, each with a day of their own.
    let visitors = 1;
    while ((visitors + 1) * own <= perAddress)
      expect(await speak({ visitorId: `v${++visitors}`, ip: '10.0.0.1' }, own)).toBe('ok');
    expect(await speak({ visitorId: 'late', ip: '10.0.0.1' }, own)).toBe(`429 ${anonymousLimit}`);
    expect(await speak({ user: { id: 1, isVip: false }, ip: '10.0.0.1' }, own)).toBe('ok');
    expect(await speak({ user: { id: 2, isVip: true }, ip: '10.0.0.1' }, 10 ** 9)).toBe('ok');
  });

  it('answers a denial as HTTP 200 whose body carries the quota status', async () => {
    const app = new Hono();
    app.onError(createErrorHandler(() => {}));
    app.post('/api/metered', async (c) => {
      await ledger.requireFreeUse({ visitorId: 'v9', ip: '10.0.0.9' }, 'metered');
      return c.json({ status: 'OK' });
    });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await app.request('/api/metered', { method: 'POST' });
      statuses.push([response.status, await response.json()]);
    }
    expect(statuses.at(2)).toEqual([200, { status: 'OK' }]);
    expect(statuses.at(3)).toEqual([200, { status: anonymousLimit, description: '今日免费次数已用完' }]);
    expect(freeUseDenied('login_user_free_num_limit').body).toEqual({
      status: loginLimit,
      description: '今日免费次数已用完',
    });
  });
});

describe('shanghaiDay', () => {
  it('turns at 16:00 UTC', () => {
    expect(shanghaiDay(new Date('2026-12-31T15:59:59.999Z'))).toBe('2026-12-31');
    expect(shanghaiDay(new Date('2026-12-31T16:00:00.000Z'))).toBe('2027-01-01');
  });
});
