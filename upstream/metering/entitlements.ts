import { type memberFeatureNames, type meteredFeatureNames, modelFeatureNames, quotaStatus } from '../../lib/contract';
import type { UpstreamConfig } from '../platform/config';

/*
 * What each kind of user may use, and how often a day for free: the one table that the usage
 * ledger counts by, and that the membership work extends (VIP-only features, packages). Every
 * metered call names its feature to the ledger, which looks the caller up here.
 */

export type UserType = 'anonymous' | 'loggedIn' | 'vip';

/** What a refusal for want of free uses answers, per kind of user (the spec's quota statuses). */
export type QuotaStatus = (typeof quotaStatus)[keyof typeof quotaStatus];

/** The metered features, by the name the ledger counts them under (each counted on its own). */
export const meteredFeatures: typeof meteredFeatureNames = [
  // A word's meaning in its sentence: the query_word lookup. Recognising the phrase the word is
  // part of ("look up to") happens in the same lookup, so it is this feature and counts once.
  'query_word',
  // Sentence analysis (analyze_sentence).
  'analyze_sentence',
  // Photo to text (parse_image): each photo is seconds of OCR on the server's cores.
  'photo_text',
  // The language model's review of a text (writer_review); the offline checks (writer_chat)
  // are free. Counted only when a model is configured and the review starts.
  'writer_review',
  // A translation by the language model (translate). The offline word-by-word gloss, which
  // stands in without a model or when the model fails, is not counted.
  'translate',
  // A question to the AI tutor answered by the language model (ask, ask_stream). The offline
  // tutor's answers from the analysis and the grammar catalogue are not counted.
  'ask_tutor',
] as const;
export type MeteredFeature = (typeof meteredFeatures)[number];

/**
 * The metered features that exist only with a language model (LLM_BASE_URL): without one they are
 * answered offline, for free, and a list of what is counted leaves them out.
 */
export const modelFeatures: readonly MeteredFeature[] = modelFeatureNames;

/** The metered features counted under this configuration: the model's only with a model. */
export const countedFeatures = (config: Pick<UpstreamConfig, 'llm'>): MeteredFeature[] =>
  meteredFeatures.filter((feature) => config.llm || !modelFeatures.includes(feature));

/**
 * Features only members have (spec section 1: membership "unlocks recognising phrases …"). They
 * are not counted: a caller without them gets the rest of the answer and a note of what was left
 * out, so that the screen can offer membership.
 */
export const memberFeatures: typeof memberFeatureNames = [
  // The expressions of a whole passage (parse_text). A single word's phrase in query_word is
  // part of that lookup, which everyone may use within the free uses.
  'passage_phrases',
] as const;
export type MemberFeature = (typeof memberFeatures)[number];

export type Entitlements = {
  /** The metered features this kind of user may use. */
  features: readonly MeteredFeature[];
  /** The member features this kind of user has. */
  unlocked: readonly MemberFeature[];
} & (
  | {
      /** Free uses a day (Beijing time) of each metered feature. */
      freeUsesPerDay: number;
      /**
       * Anonymous visitors: the free uses a day of all visitors behind one network address
       * together (each visitor still has only freeUsesPerDay of their own).
       */
      perAddressPerDay?: number;
      /** The status a use beyond them is refused with; the client's quota flow reads it. */
      whenUsedUp: QuotaStatus;
    }
  | { freeUsesPerDay: 'unlimited' }
);

/** The limits of an allowance counted in other units than uses, for one kind of user, a day. */
export interface Allowance {
  /** A logged-in learner's own, or a visitor's own (by its browser's id). */
  own: number;
  /** All visitors behind one network address together. */
  perAddress: number;
}

/** The allowances counted in other units than uses (requireAllowance in the usage ledger). */
export type AllowanceName = 'speech_characters';

/**
 * Allowances counted in other units than uses, a day (Beijing time). Speech made anew for a
 * text (get_text_audio; a text already in the audio cache costs nothing) is counted in its
 * characters: a visitor's day (FREE_SPEECH_CHARACTERS, 20,000) is about an article read aloud,
 * besides every word and sentence clicked; a learner's ten times that; the visitors behind one
 * address twenty; a member's is not counted. Each synthesis is seconds of a core and megabytes of
 * disk, so a visitor cannot have the server speak without end.
 */
export function allowancesTable(
  freeUses: UpstreamConfig['freeUses'],
): Record<AllowanceName, Record<UserType, Allowance | 'unlimited'>> {
  const chars = freeUses.speechCharacters;
  return {
    speech_characters: {
      anonymous: { own: chars, perAddress: chars * 20 },
      loggedIn: { own: chars * 10, perAddress: chars * 10 },
      vip: 'unlimited',
    },
  };
}

/**
 * The table, with the free counts the operator configured (FREE_USES_ANONYMOUS, FREE_USES_LOGIN,
 * FREE_USES_PER_ADDRESS).
 */
export function entitlementsTable(freeUses: UpstreamConfig['freeUses']): Record<UserType, Entitlements> {
  return {
    anonymous: {
      features: meteredFeatures,
      unlocked: [],
      freeUsesPerDay: freeUses.anonymous,
      perAddressPerDay: freeUses.perAddress,
      whenUsedUp: quotaStatus.anonymous,
    },
    loggedIn: { features: meteredFeatures, unlocked: [], freeUsesPerDay: freeUses.login, whenUsedUp: quotaStatus.loggedIn },
    // Membership removes the limits: a VIP's uses are not even counted.
    vip: { features: meteredFeatures, unlocked: memberFeatures, freeUsesPerDay: 'unlimited' },
  };
}

export function userTypeOf(user: { isVip: boolean } | undefined): UserType {
  return !user ? 'anonymous' : user.isVip ? 'vip' : 'loggedIn';
}

export const isMeteredFeature = (feature: string): feature is MeteredFeature =>
  (meteredFeatures as readonly string[]).includes(feature);

/** Whether this kind of user has a member feature (the table's `unlocked`; free counts do not matter). */
export const hasMemberFeature = (user: { isVip: boolean } | undefined, feature: MemberFeature): boolean =>
  entitlementsTable({ anonymous: 0, login: 0, perAddress: 0, speechCharacters: 0 })[userTypeOf(user)].unlocked.includes(feature);
