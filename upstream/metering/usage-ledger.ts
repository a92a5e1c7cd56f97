import { quotaStatus } from '../../lib/contract';
import type { Db } from '../db/database';
import type { Caller } from '../platform/caller';
import type { UpstreamConfig } from '../platform/config';
import { UpstreamError } from '../platform/http';
import { shanghaiDay, type Clock } from '../platform/time';
import {
  type Allowance,
  type AllowanceName,
  allowancesTable,
  countedFeatures,
  entitlementsTable,
  isMeteredFeature,
  type MeteredFeature,
  userTypeOf,
  type QuotaStatus,
} from './entitlements';

/** Who is using a feature. */
export interface FreeUseContext {
  user?: { id: number; isVip: boolean };
  visitorId?: string;
  /** The visitor id was made for this request: the client brought no cookie (Caller.newVisitor). */
  newVisitor?: boolean;
  ip: string;
}

/** A caller as the ledger counts them: by account (with whether it is a member), else by browser and address. */
export function freeUseContext<U extends { id: number }>(
  caller: Pick<Caller, 'visitorId' | 'newVisitor' | 'ip'>,
  user: U | undefined,
  isVip: (user: U) => boolean,
): FreeUseContext {
  return {
    user: user && { id: user.id, isVip: isVip(user) },
    visitorId: caller.visitorId,
    newVisitor: caller.newVisitor,
    ip: caller.ip,
  };
}

export type FreeUseVerdict = { allowed: true } | { allowed: false; status: QuotaStatus };

/**
 * A use taken from the free uses: what to give back when the answer fails or turns out not to be
 * worth a use (a word not found), and how many are left after it (null: not counted, a member).
 */
export interface FreeUseTicket {
  left: number | null;
  /** Gives the use back, once; later calls do nothing. */
  giveBack(): Promise<void>;
}

interface LedgerDeps {
  config: Pick<UpstreamConfig, 'freeUses' | 'llm'>;
  db: Db;
  now: Clock;
}

class OverLimit extends Error {}

/** The answer the product expects for a denial: HTTP 200 whose body names the quota status. */
export const freeUseDenied = (status: QuotaStatus) => new UpstreamError(200, status, freeUsesGone);

/** The description of a quota refusal, in a JSON answer or an event stream's message. */
export const freeUsesGone = '今日免费次数已用完';

/** The description of an allowance's refusal, answered with 429 (the answer is not JSON when allowed). */
const allowanceGone: Record<AllowanceName, string> = {
  speech_characters: '今日免费朗读字数已用完，登录或开通会员后可继续朗读',
};

/** A counter of the ledger: one row of `usage` a day, and the most it may reach that day. */
interface Counter {
  subject: string;
  limit: number;
}

/**
 * Daily free uses of the metered features, as the entitlements table allows them. VIPs are not
 * counted. A logged-in user is counted by account; an anonymous one under the browser's visitor
 * id (up to a visitor's allowance) and under the client address (up to the far larger ceiling of
 * everyone behind it), so that a classroom behind one address does not share one visitor's uses.
 * A client that keeps no cookie comes as a new visitor every time (a browser has its cookie from
 * its page's first call, before any click): all such clients behind an address count as one
 * visitor too, so that dropping the cookie buys nothing. A use that fails, or is not worth one, is
 * given back.
 */
export function createUsageLedger({ config, db, now }: LedgerDeps) {
  const entitlements = entitlementsTable(config.freeUses);
  const counted = countedFeatures(config);
  const allowances = allowancesTable(config.freeUses);

  /** The counters a caller's use goes on, each with its limit. */
  function countersOf(who: FreeUseContext, allowance: Allowance): Counter[] {
    if (who.user) return [{ subject: `user:${who.user.id}`, limit: allowance.own }];
    return [
      ...(who.visitorId ? [{ subject: `visitor:${who.visitorId}`, limit: allowance.own }] : []),
      ...(who.newVisitor ? [{ subject: `cookieless:${who.ip}`, limit: allowance.own }] : []),
      { subject: `ip:${who.ip}`, limit: allowance.perAddress },
    ];
  }

  /**
   * Adds `amount` to every counter in one transaction, or to none: a use over any limit is
   * rolled back, so refusals are not counted, and two simultaneous requests cannot both take the
   * last one. Answers what is left under the tightest counter, or null when over a limit.
   */
  async function add(counters: Counter[], feature: string, amount: number, day: string): Promise<number | null> {
    try {
      return await db.transaction().execute(async (trx) => {
        let left = Number.POSITIVE_INFINITY;
        for (const { subject, limit } of counters) {
          const { count } = await trx
            .insertInto('usage')
            .values({ day, subject, feature, count: amount })
            .onConflict((oc) =>
              oc.columns(['day', 'subject', 'feature']).doUpdateSet((eb) => ({ count: eb('usage.count', '+', amount) })),
            )
            .returning('count')
            .executeTakeFirstOrThrow();
          if (count > limit) throw new OverLimit();
          left = Math.min(left, limit - count);
        }
        return left;
      });
    } catch (error) {
      if (error instanceof OverLimit) return null;
      throw error;
    }
  }

  /** Takes `amount` back off the counters of the day it was added on (never below zero). */
  async function subtract(counters: Counter[], feature: string, amount: number, day: string): Promise<void> {
    await db
      .updateTable('usage')
      .set((eb) => ({ count: eb('count', '-', amount) }))
      .where('day', '=', day)
      .where('feature', '=', feature)
      .where(
        'subject',
        'in',
        counters.map((c) => c.subject),
      )
      .where('count', '>=', amount)
      .execute();
  }

  /** The allowance of a metered feature for this caller, or what refuses it, or unlimited. */
  function allowanceOf(
    who: FreeUseContext,
    feature: string,
  ): (Allowance & { whenUsedUp: QuotaStatus }) | 'unlimited' | { refused: QuotaStatus } {
    const entitled = entitlements[userTypeOf(who.user)];
    if (entitled.freeUsesPerDay === 'unlimited') return 'unlimited';
    // A feature this kind of user may not use at all is refused as if its free uses were gone:
    // the client's quota flow then offers to log in or to become a member.
    if (isMeteredFeature(feature) && !entitled.features.includes(feature)) return { refused: entitled.whenUsedUp };
    return {
      own: entitled.freeUsesPerDay,
      perAddress: entitled.perAddressPerDay ?? entitled.freeUsesPerDay,
      whenUsedUp: entitled.whenUsedUp,
    };
  }

  /** Takes one free use, answering a ticket to give it back by, or the quota status that refuses it. */
  async function takeFreeUse(
    who: FreeUseContext,
    feature: string,
  ): Promise<{ ticket: FreeUseTicket } | { refused: QuotaStatus }> {
    const allowance = allowanceOf(who, feature);
    if (allowance === 'unlimited') return { ticket: { left: null, giveBack: async () => {} } };
    if ('refused' in allowance) return allowance;
    const counters = countersOf(who, allowance);
    const day = shanghaiDay(now());
    const left = await add(counters, feature, 1, day);
    if (left === null) return { refused: allowance.whenUsedUp };
    let given = false;
    const ticket: FreeUseTicket = {
      left,
      async giveBack() {
        if (given) return;
        given = true;
        ticket.left = left + 1;
        await subtract(counters, feature, 1, day);
      },
    };
    return { ticket };
  }

  async function consumeFreeUse(who: FreeUseContext, feature: string): Promise<FreeUseVerdict> {
    const taken = await takeFreeUse(who, feature);
    return 'refused' in taken ? { allowed: false, status: taken.refused } : { allowed: true };
  }

  /** Takes a free use, or throws the quota answer. */
  async function requireFreeUse(who: FreeUseContext, feature: string): Promise<FreeUseTicket> {
    const taken = await takeFreeUse(who, feature);
    if ('refused' in taken) throw freeUseDenied(taken.refused);
    return taken.ticket;
  }

  /**
   * The one way a metered answer is made: a free use is taken first (or the quota answer thrown),
   * `work` runs, and the use is given back when it throws or when `counts` says its answer was not
   * worth one. Answers the result with the free uses left after it (null: not counted).
   */
  async function metered<T>(
    who: FreeUseContext,
    feature: MeteredFeature,
    work: () => Promise<T>,
    counts: (result: T) => boolean = () => true,
  ): Promise<{ result: T; left: number | null }> {
    const ticket = await requireFreeUse(who, feature);
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await ticket.giveBack();
      throw error;
    }
    if (!counts(result)) await ticket.giveBack();
    return { result, left: ticket.left };
  }

  /**
   * An allowance counted in units other than uses (allowances in entitlements.ts: the characters
   * of speech made for a caller): adds `amount`, or throws the quota answer, changing nothing,
   * when that would pass a limit.
   */
  async function requireAllowance(who: FreeUseContext, name: AllowanceName, amount: number): Promise<void> {
    const type = userTypeOf(who.user);
    const allowance: Allowance | 'unlimited' = allowances[name][type];
    if (allowance === 'unlimited') return;
    if ((await add(countersOf(who, allowance), name, amount, shanghaiDay(now()))) !== null) return;
    const entitled = entitlements[type];
    const status = 'whenUsedUp' in entitled ? entitled.whenUsedUp : quotaStatus.loggedIn;
    throw new UpstreamError(429, status, allowanceGone[name]);
  }

  /**
   * The free uses left today of each feature counted under this configuration (null: unlimited;
   * 0 for a feature this kind of user may not use). An anonymous visitor has the least of what
   * its own count and its address's leave.
   */
  async function remaining(who: FreeUseContext): Promise<Partial<Record<MeteredFeature, number | null>>> {
    const rows = await db
      .selectFrom('usage')
      .select(['subject', 'feature', 'count'])
      .where('day', '=', shanghaiDay(now()))
      .where(
        'subject',
        'in',
        countersOf(who, { own: 0, perAddress: 0 }).map((c) => c.subject),
      )
      .execute();
    const out: Partial<Record<MeteredFeature, number | null>> = {};
    for (const feature of counted) {
      const allowance = allowanceOf(who, feature);
      if (allowance === 'unlimited') out[feature] = null;
      else if ('refused' in allowance) out[feature] = 0;
      else {
        const used = (subject: string) => rows.find((r) => r.subject === subject && r.feature === feature)?.count ?? 0;
        out[feature] = Math.max(0, Math.min(...countersOf(who, allowance).map((c) => c.limit - used(c.subject))));
      }
    }
    return out;
  }

  return { consumeFreeUse, requireFreeUse, takeFreeUse, metered, requireAllowance, remaining };
}

export type UsageLedger = ReturnType<typeof createUsageLedger>;
