/**
 * The global config of spec section 3, persisted in the browser under key 'config'. Pure logic:
 * the shape, its defaults, and the field-by-field migration that turns whatever an older version
 * (or a hand-edited or corrupted store) left behind into a valid current config.
 */
import { z } from 'zod';

export const CONFIG_STORAGE_KEY = 'config';
export const CONFIG_VERSION = '1.9';

export interface NumberRange {
  min: number;
  max: number;
  step: number;
  /** Decimal places a value is shown and stored with; follows from the step. */
  precision: number;
}

/**
 * Bounds of every numeric field (spec section 9, "Config sliders"). The schemas below and the
 * settings screen both read them from here, so a slider can never offer a value the schema would
 * move.
 */
export const configRanges = {
  'display.fontSize': { min: 1, max: 1.5, step: 0.1, precision: 1 },
  'play.playbackRate': { min: 0.5, max: 3, step: 0.1, precision: 1 },
  'play.readInterval': { min: 0.5, max: 2, step: 0.5, precision: 1 },
  'play.readTimes': { min: 1, max: 3, step: 1, precision: 0 },
  'others.vacationNodifyTimes': { min: 0, max: Number.MAX_SAFE_INTEGER, step: 1, precision: 0 },
} as const satisfies Record<string, NumberRange>;

export const inputVoices = ['tap', 'word'] as const;
export const playModes = ['sequence', 'single', 'singleLoop'] as const;

/** Clamps into the range, then snaps to the nearest step counted from min (1.23 → 1.2, 9 → 1.5). */
export function fitToRange(value: number, range: NumberRange): number {
  const clamped = Math.min(range.max, Math.max(range.min, value));
  // The epsilon keeps halves from rounding down through float error: (1.25 - 1) / 0.1 is 2.4999….
  const steps = Math.round((clamped - range.min) / range.step + 1e-9);
  const snapped = Math.min(range.max, range.min + steps * range.step);
  return Number(snapped.toFixed(range.precision));
}

// Older versions kept some numbers as strings ("1.3"); plain decimal notation only, so '', ' ',
// '0x10' and '1,5' do not slip through Number()'s generous parsing.
const numericString = z
  .string()
  .trim()
  .regex(/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i)
  .transform(Number)
  .pipe(z.number()); // rejects '1e400', which Number() makes Infinity

function rangedNumber(range: NumberRange) {
  return z.union([z.number(), numericString]).transform((n) => fitToRange(n, range));
}

const storedBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((s) => s === 'true'),
]);

/**
 * One schema per field, keyed by its path. Parsing a field both validates and normalises it
 * (clamping, snapping, numeric strings), so migration and setConfigValue share one rule; a field
 * that fails falls back on its own, without taking its neighbours with it.
 */
export const configFieldSchemas = {
  'display.fontSize': rangedNumber(configRanges['display.fontSize']),
  'play.playbackRate': rangedNumber(configRanges['play.playbackRate']),
  'play.readInterval': rangedNumber(configRanges['play.readInterval']),
  'play.readTimes': rangedNumber(configRanges['play.readTimes']),
  'play.inputVoice': z.enum(inputVoices),
  'play.readComposition': storedBoolean,
  'others.playMode': z.enum(playModes),
  // A real calendar date only; anything else means "never notified", which is the default.
  'others.vacationNotifyDate': z.iso.date().nullable(),
  'others.vacationNodifyTimes': rangedNumber(configRanges['others.vacationNodifyTimes']),
  // A blank account is no account: it must not be sent on as an empty share_account.
  'others.shareAccount': z.string().trim().min(1).nullable(),
} as const;

export type ConfigPath = keyof typeof configFieldSchemas;

export const globalConfigSchema = z.object({
  display: z.object({
    fontSize: configFieldSchemas['display.fontSize'],
  }),
  play: z.object({
    playbackRate: configFieldSchemas['play.playbackRate'],
    readInterval: configFieldSchemas['play.readInterval'],
    readTimes: configFieldSchemas['play.readTimes'],
    inputVoice: configFieldSchemas['play.inputVoice'],
    readComposition: configFieldSchemas['play.readComposition'],
  }),
  others: z.object({
    playMode: configFieldSchemas['others.playMode'],
    vacationNotifyDate: configFieldSchemas['others.vacationNotifyDate'],
    vacationNodifyTimes: configFieldSchemas['others.vacationNodifyTimes'],
    shareAccount: configFieldSchemas['others.shareAccount'],
  }),
  version: z.literal(CONFIG_VERSION),
});

export type GlobalConfig = z.output<typeof globalConfigSchema>;

/** The type of the value at a path, e.g. ConfigValue<'play.inputVoice'> is 'tap' | 'word'. */
export type ConfigValue<P extends ConfigPath> = P extends `${infer G}.${infer K}`
  ? G extends Exclude<keyof GlobalConfig, 'version'>
    ? K extends keyof GlobalConfig[G]
      ? GlobalConfig[G][K]
      : never
    : never
  : never;

// Frozen because it is handed out as the store's snapshot and the server snapshot: a caller that
// mutated it would change every later "default".
export const defaultConfig: GlobalConfig = Object.freeze({
  display: Object.freeze({ fontSize: 1.2 }),
  play: Object.freeze({
    playbackRate: 1,
    readInterval: 0.5,
    readTimes: 2,
    inputVoice: 'tap' as const,
    readComposition: false,
  }),
  others: Object.freeze({
    playMode: 'sequence' as const,
    vacationNotifyDate: null,
    vacationNodifyTimes: 0,
    shareAccount: null,
  }),
  version: CONFIG_VERSION,
});

const configPaths = Object.keys(configFieldSchemas) as ConfigPath[];

function splitPath(path: string): [string, string] {
  const dot = path.indexOf('.');
  return [path.slice(0, dot), path.slice(dot + 1)];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own properties only: a stored '__proto__' or an inherited name must not count as a value. */
function ownValue(record: unknown, key: string): unknown {
  return isRecord(record) && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

export function getConfigValue<P extends ConfigPath>(config: GlobalConfig, path: P): ConfigValue<P> {
  const [group, key] = splitPath(path);
  return ownValue(ownValue(config, group), key) as ConfigValue<P>;
}

/**
 * The config with one field changed, or the same object if the value is invalid or unchanged (so
 * a bad form value loses nothing and an idle update re-renders nothing). The value is `unknown`
 * because it comes from form controls; the field's schema is the check, and it normalises the way
 * migration does (9 → 1.5, '1.3' → 1.3).
 */
export function setConfigValue(config: GlobalConfig, path: ConfigPath, value: unknown): GlobalConfig {
  if (!Object.prototype.hasOwnProperty.call(configFieldSchemas, path)) return config;
  const parsed = configFieldSchemas[path].safeParse(value);
  if (!parsed.success || Object.is(parsed.data, getConfigValue(config, path))) return config;
  const [group, key] = splitPath(path);
  const groups = config as unknown as Record<string, Record<string, unknown>>;
  return { ...config, [group]: { ...groups[group], [key]: parsed.data } } as GlobalConfig;
}

/**
 * Any stored value → a valid current config, never throwing. Each known field is kept if its
 * schema accepts it and otherwise takes its default; unknown fields and the old version are
 * dropped. No field has been renamed between the versions we know of, so there is no per-version
 * step; a rename would be mapped here, before the per-field pass.
 */
export function migrateConfig(stored: unknown): GlobalConfig {
  let raw = stored;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      raw = undefined;
    }
  }
  const result: Record<string, Record<string, unknown>> = {};
  for (const path of configPaths) {
    const [group, key] = splitPath(path);
    const parsed = configFieldSchemas[path].safeParse(ownValue(ownValue(raw, group), key));
    result[group] ??= {};
    result[group][key] = parsed.success ? parsed.data : getConfigValue(defaultConfig, path);
  }
  return { ...result, version: CONFIG_VERSION } as unknown as GlobalConfig;
}
