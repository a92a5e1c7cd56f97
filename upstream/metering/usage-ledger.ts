import type { Db } from '../db/database';
import type { Caller } from '../platform/caller';
import type { UpstreamConfig } from '../platform/config';
import { UpstreamError } from '../platform/http';
import { shanghaiDay, type Clock } from '../platform/time';
import {
  entitlementsTable,
  isMeteredFeature,
  type MeteredFeature,
  meteredFeatures,
  userTypeOf,
  type QuotaStatus,
} from './entitlements';

/** Who is using a feature. */
export interface FreeUseContext {
  user?: { id: number; isVip: boolean };
  visitorId?: string;
  ip: string;
}

/** A caller as the ledger counts them: by account (with whether it is a member), else by browser and address. */
export function freeUseContext<U extends { id: number }>(
  caller: Pick<Caller, 'visitorId' | 'ip'>,
  user: U | undefined,
  isVip: (user: U) => boolean,
): FreeUseContext {
  return { user: user && { id: user.id, isVip: isVip(user) }, visitorId: caller.visitorId, ip: caller.ip };
}

export type FreeUseVerdict = { allowed: true } | { allowed: false; status: QuotaStatus };

interface LedgerDeps {
  config: Pick<UpstreamConfig, 'freeUses'>;
  db: Db;
  now: Clock;
}

class OverLimit extends Error {}

/** The answer the product expects for a denial: HTTP 200 whose body names the quota status. */
export const freeUseDenied = (status: QuotaStatus) => new UpstreamError(200, status, freeUsesGone);
/** The description of a quota refusal, in a JSON answer or an event stream's message. */
export const freeUsesGone = '今日免费次数已用完';

/**
 * Daily free uses of the metered features, as the entitlements table allows them. VIPs are not
 * counted. A logged-in user is counted by account; an anonymous one under both the browser's
 * visitor id and the client address, so that dropping the cookie does not start a fresh day.
 */
export function createUsageLedger({ config, db, now }: LedgerDeps) {
  const entitlements = entitlementsTable(config.freeUses);

  const subjectsOf = (who: FreeUseContext) =>
    who.user ? [`user:${who.user.id}`] : [...(who.visitorId ? [`visitor:${who.visitorId}`] : []), `ip:${who.ip}`];

  async function consumeFreeUse(who: FreeUseContext, feature: string): Promise<FreeUseVerdict> {
    const entitled = entitlements[userTypeOf(who.user)];
    if (entitled.freeUsesPerDay === 'unlimited') return { allowed: true };
    const { freeUsesPerDay: limit, whenUsedUp: status } = entitled;
    // A feature this kind of user may not use at all is refused as if its free uses were gone:
    // the client's quota flow then offers to log in or to become a member.
    if (isMeteredFeature(feature) && !entitled.features.includes(feature)) return { allowed: false, status };
    const subjects = subjectsOf(who);
    const day = shanghaiDay(now());
    try {
      // One transaction: a denied use is rolled back, so refusals are not counted, and two
      // simultaneous requests cannot both take the last free use.
      await db.transaction().execute(async (trx) => {
        for (const subject of subjects) {
          const { count } = await trx
            .insertInto('usage')
            .values({ day, subject, feature, count: 1 })
            .onConflict((oc) =>
              oc.columns(['day', 'subject', 'feature']).doUpdateSet((eb) => ({ count: eb('usage.count', '+', 1) })),
            )
            .returning('count')
            .executeTakeFirstOrThrow();
          if (count > limit) throw new OverLimit();
        }
      });
      return { allowed: true };
    } catch (error) {
      if (error instanceof OverLimit) return { allowed: false, status };
      throw error;
    }
  }

  /**
   * The free uses left today of each metered feature (null: unlimited; 0 for a feature this kind
   * of user may not use). An anonymous visitor has what is left under the more used of its ids.
   */
  async function remaining(who: FreeUseContext): Promise<Record<MeteredFeature, number | null>> {
    const entitled = entitlements[userTypeOf(who.user)];
    const rows = await db
      .selectFrom('usage')
      .select(['feature', 'count'])
      .where('day', '=', shanghaiDay(now()))
      .where('subject', 'in', subjectsOf(who))
      .execute();
    const out = {} as Record<MeteredFeature, number | null>;
    for (const feature of meteredFeatures) {
      if (entitled.freeUsesPerDay === 'unlimited') out[feature] = null;
      else if (!entitled.features.includes(feature)) out[feature] = 0;
      else {
        const used = Math.max(0, ...rows.filter((r) => r.feature === feature).map((r) => r.count));
        out[feature] = Math.max(0, entitled.freeUsesPerDay - used);
      }
    }
    return out;
  }

  return {
    consumeFreeUse,
    remaining,
    /** For handlers: counts the use, or throws the quota answer. */
    async requireFreeUse(who: FreeUseContext, feature: string): Promise<void> {
      const verdict = await consumeFreeUse(who, feature);
      if (!verdict.allowed) throw freeUseDenied(verdict.status);
    },
  };
}

export type UsageLedger = ReturnType<typeof createUsageLedger>;
