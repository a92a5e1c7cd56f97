import { describe, expect, it } from 'vitest';
import { finishOrderIdOf, vipFinishPolls, vipFinishViewOf } from './vip-finish';

const member = { isVip: true };
const nonMember = { isVip: false };

describe('vipFinishViewOf without an order', () => {
  it('asks a visitor to log in', () => {
    expect(vipFinishViewOf({ user: null, waitedOut: false })).toBe('login');
    expect(vipFinishViewOf({ user: undefined, waitedOut: true, order: { outcome: 'SUCCESS' } })).toBe('login');
  });

  it('shows a member as a member, waited out or not', () => {
    expect(vipFinishViewOf({ user: member, waitedOut: false })).toBe('member');
    expect(vipFinishViewOf({ user: member, waitedOut: true })).toBe('member');
  });

  it('keeps confirming a non-member until the wait is over', () => {
    expect(vipFinishViewOf({ user: nonMember, waitedOut: false })).toBe('settling');
    expect(vipFinishViewOf({ user: nonMember, waitedOut: true })).toBe('unconfirmed');
  });
});

describe('vipFinishViewOf with an order', () => {
  it('a member renewing is still settling until the order is paid', () => {
    expect(vipFinishViewOf({ user: member, waitedOut: false, order: { outcome: null } })).toBe('settling');
    expect(vipFinishViewOf({ user: member, waitedOut: true, order: { outcome: null } })).toBe('unconfirmed');
    expect(vipFinishViewOf({ user: member, waitedOut: false, order: { outcome: 'SUCCESS' } })).toBe('member');
  });

  it('a paid order waits for the membership to show', () => {
    expect(vipFinishViewOf({ user: nonMember, waitedOut: false, order: { outcome: 'SUCCESS' } })).toBe('settling');
    expect(vipFinishViewOf({ user: nonMember, waitedOut: true, order: { outcome: 'SUCCESS' } })).toBe('unconfirmed');
  });

  it('says when the order failed or timed out', () => {
    expect(vipFinishViewOf({ user: nonMember, waitedOut: false, order: { outcome: 'FAIL' } })).toBe('failed');
    expect(vipFinishViewOf({ user: member, waitedOut: true, order: { outcome: 'TIMEOUT' } })).toBe('timeout');
  });
});

describe('vipFinishViewOf back from WeChat’s H5 pay page', () => {
  const unpaid = { outcome: null };
  it('asks whether the learner paid while it keeps asking the server', () => {
    expect(vipFinishViewOf({ user: nonMember, waitedOut: false, order: unpaid, h5: { checked: false } })).toBe('confirm');
    expect(vipFinishPolls({ user: nonMember, waitedOut: false, order: unpaid, h5: { checked: false } })).toEqual({
      user: false,
      order: 2000,
    });
  });

  it('says 支付未完成 once the server, asked again after 已完成支付 or after the wait, still has it unpaid', () => {
    expect(vipFinishViewOf({ user: nonMember, waitedOut: false, order: unpaid, h5: { checked: true } })).toBe('unpaid');
    expect(vipFinishViewOf({ user: member, waitedOut: true, order: unpaid, h5: { checked: false } })).toBe('unpaid');
    expect(vipFinishPolls({ user: nonMember, waitedOut: false, order: unpaid, h5: { checked: true } })).toEqual({
      user: false,
      order: false,
    });
  });

  it('shows a paid order as the membership, and a failed one as failed, however it came back', () => {
    const paid = { outcome: 'SUCCESS' as const };
    expect(vipFinishViewOf({ user: member, waitedOut: false, order: paid, h5: { checked: true } })).toBe('member');
    // Paid, the membership not read again yet: still settling, never 支付未完成.
    expect(vipFinishViewOf({ user: nonMember, waitedOut: false, order: paid, h5: { checked: true } })).toBe('settling');
    expect(vipFinishViewOf({ user: nonMember, waitedOut: false, order: { outcome: 'FAIL' }, h5: { checked: false } })).toBe(
      'failed',
    );
  });
});

describe('vipFinishPolls', () => {
  it('without an order: the user every 2 s while settling, nothing otherwise', () => {
    expect(vipFinishPolls({ user: nonMember, waitedOut: false })).toEqual({ user: 2000, order: false });
    expect(vipFinishPolls({ user: nonMember, waitedOut: true })).toEqual({ user: false, order: false });
    expect(vipFinishPolls({ user: member, waitedOut: false })).toEqual({ user: false, order: false });
    expect(vipFinishPolls({ user: null, waitedOut: false })).toEqual({ user: false, order: false });
  });

  it('with an order: the order until it has an outcome, then the user until the membership shows', () => {
    expect(vipFinishPolls({ user: member, waitedOut: false, order: { outcome: null } })).toEqual({ user: false, order: 2000 });
    expect(vipFinishPolls({ user: nonMember, waitedOut: false, order: { outcome: 'SUCCESS' } })).toEqual({
      user: 2000,
      order: false,
    });
    expect(vipFinishPolls({ user: member, waitedOut: false, order: { outcome: 'SUCCESS' } })).toEqual({
      user: false,
      order: false,
    });
    expect(vipFinishPolls({ user: nonMember, waitedOut: false, order: { outcome: 'FAIL' } })).toEqual({
      user: false,
      order: false,
    });
    expect(vipFinishPolls({ user: member, waitedOut: true, order: { outcome: null } })).toEqual({ user: false, order: false });
  });
});

describe('finishOrderIdOf', () => {
  it('takes one plain id from the URL and nothing else', () => {
    expect(finishOrderIdOf('0f3a9c1b2d4e5f60718293a4b5c6d7e8')).toBe('0f3a9c1b2d4e5f60718293a4b5c6d7e8');
    for (const bad of [undefined, '', ['a', 'b'], '../x', 'a b', 'x'.repeat(65)]) expect(finishOrderIdOf(bad)).toBeNull();
  });
});
