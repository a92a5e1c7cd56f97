import { describe, expect, it } from 'vitest';
import { extendMembership, sellablePackages } from './membership';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('extendMembership', () => {
  const now = at('2026-03-02T02:00:00.000Z');

  it('runs a month or a year from now for a non-member', () => {
    expect(iso(extendMembership('month', null, now))).toBe('2026-04-02T02:00:00.000Z');
    expect(iso(extendMembership('year', undefined, now))).toBe('2027-03-02T02:00:00.000Z');
  });

  it('runs from the current expiry while the membership is still running', () => {
    expect(iso(extendMembership('month', '2026-05-10T08:00:00.000Z', now))).toBe('2026-06-10T08:00:00.000Z');
    expect(iso(extendMembership('year', '2026-05-10T08:00:00.000Z', now))).toBe('2027-05-10T08:00:00.000Z');
  });

  it('starts again from now once the membership has ended, or when the expiry is unreadable', () => {
    expect(iso(extendMembership('month', '2026-01-01T00:00:00.000Z', now))).toBe('2026-04-02T02:00:00.000Z');
    expect(iso(extendMembership('month', 'not a date', now))).toBe('2026-04-02T02:00:00.000Z');
  });

  it('keeps to the calendar: a month after 31 January is the end of February', () => {
    expect(iso(extendMembership('month', null, at('2027-01-31T12:00:00.000Z')))).toBe('2027-02-28T12:00:00.000Z');
    expect(iso(extendMembership('month', null, at('2028-01-31T12:00:00.000Z')))).toBe('2028-02-29T12:00:00.000Z');
    expect(iso(extendMembership('year', null, at('2028-02-29T12:00:00.000Z')))).toBe('2029-02-28T12:00:00.000Z');
    expect(iso(extendMembership('month', null, at('2026-12-15T00:00:00.000Z')))).toBe('2027-01-15T00:00:00.000Z');
  });

  it('does not change the date it was given', () => {
    const given = at('2026-03-02T02:00:00.000Z');
    extendMembership('year', null, given);
    expect(iso(given)).toBe('2026-03-02T02:00:00.000Z');
  });
});

describe('sellablePackages', () => {
  it('offers the priced packages, month before year', () => {
    expect(
      sellablePackages([
        { type: 'year', actual_price: 19_800, original_price: 45_600, discount: 4.3 },
        { type: 'month', actual_price: 2800, original_price: 3800, discount: 7.4 },
      ]),
    ).toEqual([
      { type: 'month', actual_price: 2800, original_price: 3800, discount: 7.4 },
      { type: 'year', actual_price: 19_800, original_price: 45_600, discount: 4.3 },
    ]);
  });

  it('leaves out a package without a price in whole fen, of an unknown type, or named twice', () => {
    expect(
      sellablePackages([
        { type: 'month' },
        { type: 'month', actual_price: 0 },
        { type: 'month', actual_price: 28.5 },
        { type: 'week', actual_price: 900 },
        { type: 'year', actual_price: 19_800 },
        { type: 'year', actual_price: 1 },
      ]),
    ).toEqual([{ type: 'year', actual_price: 19_800 }]);
  });
});
