import { describe, expect, it } from 'vitest';
import { extendMembership, packagesOnSale } from './packages';

const at = (iso: string) => new Date(iso);

describe('VIP packages', () => {
  it('answers both packages in fen with the discount in tenths', () => {
    const packages = packagesOnSale({
      packages: { month: { actualFen: 2800, originalFen: 3800 }, year: { actualFen: 19_800, originalFen: 45_600 } },
      orderTimeoutMinutes: 15,
      referralRewardPercent: 10,
    });
    expect(packages).toEqual([
      { type: 'month', actual_price: 2800, original_price: 3800, discount: 7.4 },
      { type: 'year', actual_price: 19_800, original_price: 45_600, discount: 4.3 },
    ]);
  });

  it('extends from now, or from an expiry still running, by calendar months', () => {
    const now = at('2026-03-02T02:00:00.000Z');
    expect(extendMembership('month', null, now).toISOString()).toBe('2026-04-02T02:00:00.000Z');
    // An expired membership starts again from now.
    expect(extendMembership('month', '2026-01-01T00:00:00.000Z', now).toISOString()).toBe('2026-04-02T02:00:00.000Z');
    expect(extendMembership('year', '2026-05-10T08:00:00.000Z', now).toISOString()).toBe('2027-05-10T08:00:00.000Z');
    // A month after 31 January is the end of February, not 3 March.
    expect(extendMembership('month', null, at('2027-01-31T12:00:00.000Z')).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(extendMembership('year', null, at('2028-02-29T12:00:00.000Z')).toISOString()).toBe('2029-02-28T12:00:00.000Z');
  });
});
