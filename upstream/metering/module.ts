import { ok } from '../platform/http';
import type { UpstreamModule } from '../platform/module';
import { countedFeatures, memberFeatures } from './entitlements';
import { createUsageLedger, type UsageLedger } from './usage-ledger';

export interface MeteringServices {
  /**
   * Counts the free uses of the metered features by the entitlements table (entitlements.ts);
   * every metered call asks it before it answers.
   */
  ledger: UsageLedger;
}

/** Metering: what each kind of user may use, and how often a day for free. */
export const meteringModule: UpstreamModule<object, MeteringServices> = {
  name: 'metering',
  services: {
    ledger: ({ config, db, now }) => createUsageLedger({ config, db, now }),
  },
  calls: ({ config }) => ({
    query_free_uses: async () =>
      ok({
        anonymous: config.freeUses.anonymous,
        logged_in: config.freeUses.login,
        // Without a model its features are answered offline and not counted.
        metered: countedFeatures(config),
        member_only: [...memberFeatures],
      }),
  }),
};
