import { describe, expect, it } from 'vitest';
import { vipFinishPollInterval, vipFinishViewOf } from './vip-finish';

describe('vipFinishViewOf', () => {
  it('asks a visitor to log in', () => {
    expect(vipFinishViewOf(null, false)).toBe('login');
    expect(vipFinishViewOf(undefined, true)).toBe('login');
  });

  it('shows a member as a member, waited out or not', () => {
    expect(vipFinishViewOf({ isVip: true }, false)).toBe('member');
    expect(vipFinishViewOf({ isVip: true }, true)).toBe('member');
  });

  it('keeps confirming a non-member until the wait is over', () => {
    expect(vipFinishViewOf({ isVip: false }, false)).toBe('settling');
    expect(vipFinishViewOf({ isVip: false }, true)).toBe('unconfirmed');
  });
});

describe('vipFinishPollInterval', () => {
  it('polls every 2 s only while settling', () => {
    expect(vipFinishPollInterval('settling')).toBe(2000);
    for (const view of ['login', 'member', 'unconfirmed'] as const) expect(vipFinishPollInterval(view)).toBe(false);
  });
});
