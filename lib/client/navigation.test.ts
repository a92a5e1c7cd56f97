import { describe, expect, it } from 'vitest';
import { navigationUnderway, noteNavigationStart } from './navigation';

describe('a navigation under way', () => {
  const from = 'https://yujing.example/UseForFree';

  it('is under way from the click until the address is the one it goes to', () => {
    expect(navigationUnderway('/UseForFree', 0)).toBe(false);
    noteNavigationStart('/UseForFreeDict?x=1', from, 0);
    expect(navigationUnderway('/UseForFree', 100)).toBe(true);
    // Arrived: the address is the target's path and query.
    expect(navigationUnderway('/UseForFreeDict?x=1', 200)).toBe(false);
    // And it is over: the address may change again (share_account added) without it coming back.
    expect(navigationUnderway('/UseForFreeDict?x=1&share_account=7', 300)).toBe(false);
  });

  it('resolves a relative target against the page it starts from', () => {
    noteNavigationStart('UseForFreeDict', from, 0);
    expect(navigationUnderway('/UseForFreeDict', 1)).toBe(false);
  });

  it('is given up after ten seconds without arriving', () => {
    noteNavigationStart('/assessment', from, 0);
    expect(navigationUnderway('/UseForFree', 9_999)).toBe(true);
    expect(navigationUnderway('/UseForFree', 10_001)).toBe(false);
    expect(navigationUnderway('/UseForFree', 10_002)).toBe(false);
  });
});
