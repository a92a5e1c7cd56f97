import { type ReviewSettings, reviewSettingsLimits } from '../../lib/contract';
import type { Db } from '../db/database';
import { type Clock, stamp } from '../platform/time';

export const defaultReviewSettings: ReviewSettings = {
  desired_retention: reviewSettingsLimits.retention.default,
  new_per_day: reviewSettingsLimits.newPerDay.default,
};

/** A learner's settings as the scheduler reads them: theirs, and the FSRS weights fitted to them. */
export interface LearnerSettings extends ReviewSettings {
  /** Their own FSRS weights; null: FSRS-6's defaults. */
  weights: readonly number[] | null;
  fitted_reviews: number;
  fitted_at: string | null;
}

const parseWeights = (text: string | null): readonly number[] | null => {
  if (!text) return null;
  const weights: unknown = JSON.parse(text);
  return Array.isArray(weights) && weights.every((w) => typeof w === 'number' && Number.isFinite(w)) ? weights : null;
};

/** What a fit leaves: the weights (null: the defaults stay), how many reviews it read, and the two losses. */
export interface FitRecord {
  weights: readonly number[] | null;
  fitted_reviews: number;
  fitted_loss: number | null;
  default_loss: number | null;
}

/** The review_settings row of each learner: what they chose, and what the last fit found. */
export function createReviewSettings({ db, now }: { db: Db; now: Clock }) {
  async function read(userId: number): Promise<LearnerSettings> {
    const row = await db
      .selectFrom('review_settings')
      .select(['desired_retention', 'new_per_day', 'weights', 'fitted_reviews', 'fitted_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return { ...defaultReviewSettings, weights: null, fitted_reviews: 0, fitted_at: null };
    return {
      desired_retention: Number(row.desired_retention),
      new_per_day: row.new_per_day,
      weights: parseWeights(row.weights),
      fitted_reviews: row.fitted_reviews,
      fitted_at: row.fitted_at,
    };
  }

  return {
    read,

    /** Changes what the learner chose; a fit's findings stay. */
    async change(userId: number, change: Partial<ReviewSettings>): Promise<ReviewSettings> {
      const mine = await read(userId);
      const next: ReviewSettings = {
        desired_retention: change.desired_retention ?? mine.desired_retention,
        new_per_day: change.new_per_day ?? mine.new_per_day,
      };
      await db
        .insertInto('review_settings')
        .values({ user_id: userId, ...next, updated_at: stamp(now()) })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...next, updated_at: stamp(now()) }))
        .execute();
      return next;
    },

    /**
     * Keeps a fit's findings unless a fit of a longer log got there first (two instances may fit
     * the same learner at once; the one that read more wins). False when it was not kept.
     */
    async keepFit(userId: number, fit: FitRecord): Promise<boolean> {
      const at = stamp(now());
      const findings = {
        weights: fit.weights ? JSON.stringify(fit.weights) : null,
        fitted_reviews: fit.fitted_reviews,
        fitted_at: at,
        fitted_loss: fit.fitted_loss,
        default_loss: fit.default_loss,
      };
      const kept = await db
        .insertInto('review_settings')
        .values({ user_id: userId, ...defaultReviewSettings, updated_at: at, ...findings })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet(findings).where('review_settings.fitted_reviews', '<', fit.fitted_reviews),
        )
        .executeTakeFirst();
      return Number(kept.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

export type ReviewSettingsStore = ReturnType<typeof createReviewSettings>;
