import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { minutes } from '../platform/time';
import { openTestDatabase, testClock, type TestClock, type TestDatabase, insertTestUser } from '../test-harness';
import { withOrderLease } from './orders-lease';

let database: TestDatabase;
let clock: TestClock;

const newUser = (account: string) => insertTestUser(database.db, clock.now(), account);

const deps = () => ({ db: database.db, now: clock.now, log: () => {} });
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeEach(async () => {
  database = await openTestDatabase();
  clock = testClock('2026-03-02T02:00:00.000Z');
});
afterEach(() => database.remove());

describe('a learner’s ordering lease', () => {
  it('lets one request of a learner order at a time, and the next one after it', async () => {
    const user = await newUser('30000001');
    const other = await newUser('30000002');
    const events: string[] = [];
    let release!: () => void;
    const first = withOrderLease(deps(), user.id, async () => {
      events.push('first starts');
      await new Promise<void>((resolve) => (release = resolve));
      events.push('first ends');
    });
    await tick();
    const second = withOrderLease(deps(), user.id, async () => {
      events.push('second starts');
    });
    // Another learner does not wait.
    await withOrderLease(deps(), other.id, async () => {
      events.push('other learner');
    });
    await tick();
    expect(events).toEqual(['first starts', 'other learner']);
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first starts', 'other learner', 'first ends', 'second starts']);
    const lease = await database.db.selectFrom('order_leases').selectAll().where('user_id', '=', user.id).executeTakeFirst();
    expect(lease).toMatchObject({ holder: null, until: null });
  });

  it('releases the lease when the work fails, and stops work whose lease another took after it ran out', async () => {
    const user = await newUser('30000003');
    await expect(withOrderLease(deps(), user.id, () => Promise.reject(new Error('provider down')))).rejects.toThrow(
      'provider down',
    );
    expect(await withOrderLease(deps(), user.id, async () => 'ordered')).toBe('ordered');

    const outlived = withOrderLease(deps(), user.id, async (renew) => {
      // The provider kept this request waiting past the whole lease, and another request took it.
      clock.advance(minutes(2));
      await withOrderLease(deps(), user.id, async () => {});
      await renew();
    });
    await expect(outlived).rejects.toMatchObject({ status: '000' });
  });
});
