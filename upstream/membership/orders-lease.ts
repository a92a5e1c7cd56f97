/**
 * A learner's ordering held by one request at a time (orders.ts): a lease on their row of
 * order_leases, which requests and instances sharing a database take in turn.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/database';
import { tooFrequent } from '../platform/rate-limit';
import { stamp, type Clock } from '../platform/time';

/** How long a request may hold a learner's ordering without renewing it (a crashed one's runs out). */
const orderLeaseMs = 60_000;
/** How long a new order waits for one of the same learner's being made elsewhere (another tab). */
const orderLeaseWaitMs = 20_000;
const orderLeasePollMs = 50;

export interface OrderLeaseDeps {
  db: Db;
  now: Clock;
  log: (line: string) => void;
}

/**
 * Holds the learner's ordering while `work` runs: one new order of a learner at a time, across
 * requests and instances. A request that finds it held waits its turn (the other tab's order is
 * made in a moment); the lease runs out by itself if its holder died.
 */
export async function withOrderLease<T>(
  { db, now, log }: OrderLeaseDeps,
  userId: number,
  work: (renew: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const holder = randomBytes(12).toString('hex');
  await db
    .insertInto('order_leases')
    .values({ user_id: userId, holder: null, until: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const take = async () => {
    const taken = await db
      .updateTable('order_leases')
      .set({ holder, until: stamp(now(), orderLeaseMs) })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('until', 'is', null), eb('until', '<=', stamp(now()))]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  };
  // Real time, not the service's clock: this is about requests running side by side.
  const giveUpAt = Date.now() + orderLeaseWaitMs;
  while (!(await take())) {
    if (Date.now() >= giveUpAt) throw tooFrequent(orderLeaseWaitMs / 1000);
    await sleep(orderLeasePollMs);
  }
  const renew = async () => {
    const kept = await db
      .updateTable('order_leases')
      .set({ until: stamp(now(), orderLeaseMs) })
      .where('user_id', '=', userId)
      .where('holder', '=', holder)
      .executeTakeFirst();
    // Only when the provider kept this request waiting past the whole lease: make nothing more.
    if (Number(kept.numUpdatedRows) !== 1) throw tooFrequent(1);
  };
  try {
    return await work(renew);
  } finally {
    await db
      .updateTable('order_leases')
      .set({ holder: null, until: null })
      .where('user_id', '=', userId)
      .where('holder', '=', holder)
      .execute()
      .catch((error: unknown) =>
        log(
          `[membership] could not release the ordering of user ${userId}: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  }
}
