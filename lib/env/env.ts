import { z } from 'zod';

/*
 * Reading configuration from the environment, for the BFF (lib/bff/config.ts) and the upstream
 * (upstream/platform/config.ts) alike: each validates its variables with a zod schema and stops
 * at start with every problem named, instead of running on a value it misread.
 */

export type Env = Record<string, string | undefined>;

/** A variable that may be absent. Deployment tools often export unset variables as empty strings: those are absent too. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** The environment read through `schema`; throws one error naming every variable that is wrong. */
export function parseEnv<S extends z.ZodType>(schema: S, env: Env, what: string): z.output<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  throw new Error(`Invalid ${what} configuration: ${problems.join('; ')}`);
}
