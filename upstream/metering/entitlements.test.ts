import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { entitlementsTable, hasMemberFeature, userTypeOf } from './entitlements';

const all = ['query_word', 'analyze_sentence', 'photo_text', 'writer_review', 'translate', 'ask_tutor'];

describe('entitlements', () => {
  it('gives every kind of user the lookup, sentence analysis, photo to text and the model’s review, with the configured free uses a day', () => {
    expect(entitlementsTable(loadConfig({}).freeUses)).toEqual({
      anonymous: {
        features: all,
        unlocked: [],
        freeUsesPerDay: 5,
        perAddressPerDay: 200,
        whenUsedUp: 'anonymous_user_free_num_limit',
      },
      loggedIn: {
        features: all,
        unlocked: [],
        freeUsesPerDay: 20,
        whenUsedUp: 'login_user_free_num_limit',
      },
      vip: { features: all, unlocked: ['passage_phrases'], freeUsesPerDay: 'unlimited' },
    });
    const configured = entitlementsTable(loadConfig({ FREE_USES_ANONYMOUS: '0', FREE_USES_LOGIN: '3' }).freeUses);
    expect([configured.anonymous.freeUsesPerDay, configured.loggedIn.freeUsesPerDay]).toEqual([0, 3]);
  });

  it('tells the kind of user from the caller', () => {
    expect(userTypeOf(undefined)).toBe('anonymous');
    expect(userTypeOf({ isVip: false })).toBe('loggedIn');
    expect(userTypeOf({ isVip: true })).toBe('vip');
  });

  it('unlocks passage phrases for members only', () => {
    expect(hasMemberFeature(undefined, 'passage_phrases')).toBe(false);
    expect(hasMemberFeature({ isVip: false }, 'passage_phrases')).toBe(false);
    expect(hasMemberFeature({ isVip: true }, 'passage_phrases')).toBe(true);
  });
});
