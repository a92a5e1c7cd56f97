/**
 * The global config of spec section 3, persisted in the browser under key 'config'. Pure logic:
 * the shape, its defaults, and the field-by-field migration that turns whatever an older version
 * (or a hand-edited or corrupted store) left behind into a valid current config.
 */
import { z } from 'zod';
import { CONFIG_VERSION, DEFAULT_FONT_SIZE, configRanges, ownValue, rangedNumberOf, type NumberRange } from './config-values';

export { CONFIG_STORAGE_KEY, CONFIG_VERSION, configRanges, fitToRange, type NumberRange } from './config-values';

export const inputVoices = ['tap', 'word'] as const;
export const playModes = ['sequence', 'single', 'singleLoop'] as const;

/** A number, or an older version's numeric string, fitted into its range (config-values.ts). */
function rangedNumber(range: NumberRange) {
  return z.unknown().transform((value, ctx) => {
    const n = rangedNumberOf(value, range);
    if (n !== undefined) return n;
    ctx.addIssue({ code: 'custom', message: `not a number from ${range.min} to ${range.max}` });
    return z.NEVER;
  });
}

const storedBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')]);

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
  display: Object.freeze({ fontSize: DEFAULT_FONT_SIZE }),
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
  if (!Object.hasOwn(configFieldSchemas, path)) return config;
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
