import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { createErrorHandler } from '../platform/http';
import { createUsageLedger, freeUseDenied, type FreeUseContext, type UsageLedger } from './usage-ledger';
import { openTestDatabase, testClock, type TestClock, type TestDatabase } from '../test-harness';
import { shanghaiDay } from '../platform/time';

const limits = { anonymous: 3, login: 5 };

describe('usage ledger', () => {
  let testDb: TestDatabase;
  let db: Db;
  let clock: TestClock;
  let ledger: UsageLedger;
  beforeEach(async () => {
    testDb = await openTestDatabase();
    db = testDb.db;
    clock = testClock();
    ledger = createUsageLedger({ config: { freeUses: limits }, db, now: clock.now });
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

  it('keeps counting by address when the visitor id changes', async () => {
    await use({ visitorId: 'v1', ip: '10.0.0.1' }, 3);
    expect(await use({ visitorId: 'v2', ip: '10.0.0.1' }, 1)).toEqual([anonymousLimit]);
    expect(await use({ ip: '10.0.0.1' }, 1)).toEqual([anonymousLimit]);
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
