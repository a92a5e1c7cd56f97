import { z } from 'zod';

/**
 * Every JSON answer of the upstream is an envelope: a business `status` ('OK' on success, or a
 * code of the spec's error catalogue / a quota code), an optional human `description`, and the
 * call's `data` (or `result` for the older calls that the spec reads that way).
 * Unknown fields pass through untouched: the contract names only what the product reads.
 */
export const okStatus = 'OK';

export const envelope = <T extends z.ZodType>(data: T) =>
  z.looseObject({
    status: z.union([z.string(), z.number()]),
    description: z.string().optional(),
    data: data.optional(),
  });

/** The JSON body of every error answer, from the BFF and from the upstream alike. */
export const errorBody = z.looseObject({
  status: z.union([z.string(), z.number()]),
  description: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Statuses the spec names for the free-use quota (spec sections 4 and 6). */
export const quotaStatus = {
  anonymous: 'anonymous_user_free_num_limit',
  loggedIn: 'login_user_free_num_limit',
} as const;

export const anyData = z.unknown();
export const emptyRequest = z.looseObject({});
