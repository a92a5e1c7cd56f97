import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { entitlementsTable, userTypeOf } from './entitlements';

describe('entitlements', () => {
  it('gives every kind of user the lookup and sentence analysis, with the configured free uses a day', () => {
    expect(entitlementsTable(loadConfig({}).freeUses)).toEqual({
      anonymous: {
        features: ['query_word', 'analyze_sentence'],
        freeUsesPerDay: 5,
        whenUsedUp: 'anonymous_user_free_num_limit',
      },
      loggedIn: {
        features: ['query_word', 'analyze_sentence'],
        freeUsesPerDay: 20,
        whenUsedUp: 'login_user_free_num_limit',
      },
      vip: { features: ['query_word', 'analyze_sentence'], freeUsesPerDay: 'unlimited' },
    });
    const configured = entitlementsTable(loadConfig({ FREE_USES_ANONYMOUS: '0', FREE_USES_LOGIN: '3' }).freeUses);
    expect([configured.anonymous.freeUsesPerDay, configured.loggedIn.freeUsesPerDay]).toEqual([0, 3]);
  });

  it('tells the kind of user from the caller', () => {
    expect(userTypeOf(undefined)).toBe('anonymous');
    expect(userTypeOf({ isVip: false })).toBe('loggedIn');
    expect(userTypeOf({ isVip: true })).toBe('vip');
  });
});
