import type { Db } from '../db/database';
import { UpstreamError } from './http';
import { stamp, type Clock } from './time';

/**
 * Rate limits in the database, so that every instance of the service counts the same: fixed
 * windows, one counter row per rule, subject and window, raised by one atomic upsert. Windows are
 * aligned to Beijing time, so that a one-day window is a calendar day in China.
 */

export interface RateRule {
  /** Stable name of the limit; part of the stored key. */
  name: string;
  /** Most events a subject may have in one window; 0 turns the rule off. */
  limit: number;
  windowMs: number;
}

/** One rule applied to one subject. */
export interface RateHit {
  rule: RateRule;
  subject: string;
}

export type RateVerdict = { allowed: true } | { allowed: false; rule: RateRule; retryAfterSeconds: number };

const beijingOffsetMs = 8 * 3_600_000;

function windowOf(rule: RateRule, at: Date): { start: Date; end: Date } {
  const t = at.getTime() + beijingOffsetMs;
  const start = t - (t % rule.windowMs) - beijingOffsetMs;
  return { start: new Date(start), end: new Date(start + rule.windowMs) };
}

class OverLimit extends Error {
  constructor(readonly verdict: Extract<RateVerdict, { allowed: false }>) {
    super(verdict.rule.name);
  }
}

/** '操作太频繁' (spec status 000), HTTP 429 with Retry-After. */
export const tooFrequent = (retryAfterSeconds: number) =>
  new UpstreamError(429, '000', '操作太频繁，请勿重复请求', { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export function createRateLimiter({ db, now }: { db: Db; now: Clock }) {
  /**
   * Counts one event against every hit, all or nothing: when any of them is over its limit,
   * none is counted (so a refused request spends no one's budget, a shared one least of all).
   */
  async function take(hits: readonly RateHit[]): Promise<RateVerdict> {
    const at = now();
    const active = hits.filter((h) => h.rule.limit > 0);
    try {
      await db.transaction().execute(async (trx) => {
        for (const { rule, subject } of active) {
          const window = windowOf(rule, at);
          const { count } = await trx
            .insertInto('rate_counters')
            .values({ rule: rule.name, subject, window_start: stamp(window.start), count: 1, expires_at: stamp(window.end) })
            .onConflict((oc) =>
              oc.columns(['rule', 'subject', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_counters.count', '+', 1) })),
            )
            .returning('count')
            .executeTakeFirstOrThrow();
          if (count > rule.limit) {
            throw new OverLimit({ allowed: false, rule, retryAfterSeconds: (window.end.getTime() - at.getTime()) / 1000 });
          }
        }
      });
    } catch (error) {
      if (error instanceof OverLimit) return error.verdict;
      throw error;
    }
    return { allowed: true };
  }

  return {
    take,

    /**
     * Uncounts one event of each hit in its current window, for limits that count only failures
     * but must reserve the attempt before its outcome is known (so that simultaneous attempts
     * cannot all slip under the limit): a success gives its reservation back.
     */
    async giveBack(hits: readonly RateHit[]): Promise<void> {
      const at = now();
      for (const { rule, subject } of hits.filter((h) => h.rule.limit > 0)) {
        await db
          .updateTable('rate_counters')
          .set((eb) => ({ count: eb('count', '-', 1) }))
          .where('rule', '=', rule.name)
          .where('subject', '=', subject)
          .where('window_start', '=', stamp(windowOf(rule, at).start))
          .where('count', '>', 0)
          .execute();
      }
    },

    /** The subject's events in the rule's current window, and the seconds until it ends. */
    async peek(rule: RateRule, subject: string): Promise<{ count: number; retryAfterSeconds: number }> {
      const at = now();
      const window = windowOf(rule, at);
      const row = await db
        .selectFrom('rate_counters')
        .select('count')
        .where('rule', '=', rule.name)
        .where('subject', '=', subject)
        .where('window_start', '=', stamp(window.start))
        .executeTakeFirst();
      return { count: row?.count ?? 0, retryAfterSeconds: (window.end.getTime() - at.getTime()) / 1000 };
    },

    /** Forgets windows that are over; the counters of live windows stay. */
    async sweep(): Promise<void> {
      await db.deleteFrom('rate_counters').where('expires_at', '<=', stamp(now())).execute();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
