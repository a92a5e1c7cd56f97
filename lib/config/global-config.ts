/**
 * The global config of spec section 3, persisted in the browser under key 'config'. Pure logic:
 * the shape, its defaults, and the field-by-field migration that turns whatever an older version
 * (or a hand-edited or corrupted store) left behind into a valid current config.
 */
import { CONFIG_VERSION, DEFAULT_FONT_SIZE, configRanges, ownValue, rangedNumberOf, type NumberRange } from './config-values';

export { CONFIG_STORAGE_KEY, CONFIG_VERSION, configRanges, fitToRange, type NumberRange } from './config-values';

export const inputVoices = ['tap', 'word'] as const;
export const playModes = ['sequence', 'single', 'singleLoop'] as const;
/** The accent texts are read aloud in (a word's own buttons play both). */
export const readVoices = ['us', 'uk'] as const;
/** Who speaks: the browser's natural voices (the server's synthesis where it has none) or the server. */
export const speechSources = ['browser', 'server'] as const;

/*
 * Each field's rule, written out rather than built with zod: the reading page's bar reads the
 * config as the page loads, and zod would be some 30 KB and a long task on a phone for ten fields.
 */

/** A field's rule: validates and normalises a stored or entered value. */
export interface ConfigField<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
  /** The value, or an error when the rule refuses it. */
  parse(value: unknown): T;
}

const refused = Symbol('refused');

function field<T>(read: (value: unknown) => T | typeof refused, what: string): ConfigField<T> {
  return {
    safeParse(value) {
      const data = read(value);
      return data === refused ? { success: false } : { success: true, data };
    },
    parse(value) {
      const data = read(value);
      if (data === refused) throw new TypeError(`not ${what}: ${String(value)}`);
      return data;
    },
  };
}

/** A number, or an older version's numeric string, fitted into its range (config-values.ts). */
const rangedNumber = (range: NumberRange) =>
  field((value) => rangedNumberOf(value, range) ?? refused, `a number from ${range.min} to ${range.max}`);

/** One of a fixed list; `options` lists them (the settings screen offers exactly those). */
function oneOf<const T extends readonly string[]>(options: T): ConfigField<T[number]> & { options: T } {
  return {
    ...field((value) => (options.includes(value as string) ? (value as T[number]) : refused), `one of ${options.join(', ')}`),
    options,
  };
}

/** A boolean, or an older version's 'true' / 'false'. */
const storedBoolean = field(
  (value) => (typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : refused),
  'a boolean',
);

/** A calendar date written YYYY-MM-DD (2024-02-30 is none), or null. */
const dateOrNull = field((value) => {
  if (value === null) return null;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return refused;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value ? value : refused;
}, 'a date');

/** Text with something besides spaces (kept trimmed), or null. */
const textOrNull = field((value) => {
  if (value === null) return null;
  if (typeof value !== 'string') return refused;
  const text = value.trim();
  return text === '' ? refused : text;
}, 'text');

/**
 * One rule per field, keyed by its path. Parsing a field both validates and normalises it
 * (clamping, snapping, numeric strings), so migration and setConfigValue share one rule; a field
 * that fails falls back on its own, without taking its neighbours with it.
 */
export const configFieldSchemas = {
  'display.fontSize': rangedNumber(configRanges['display.fontSize']),
  'play.playbackRate': rangedNumber(configRanges['play.playbackRate']),
  'play.readInterval': rangedNumber(configRanges['play.readInterval']),
  'play.readTimes': rangedNumber(configRanges['play.readTimes']),
  'play.inputVoice': oneOf(inputVoices),
  'play.readComposition': storedBoolean,
  'play.readVoice': oneOf(readVoices),
  'play.speechSource': oneOf(speechSources),
  // A browser voice by name, per accent; null: the best natural one the browser has.
  'play.voiceUk': textOrNull,
  'play.voiceUs': textOrNull,
  'others.playMode': oneOf(playModes),
  'others.vacationNotifyDate': dateOrNull,
  'others.vacationNodifyTimes': rangedNumber(configRanges['others.vacationNodifyTimes']),
  'others.shareAccount': textOrNull,
} as const;

export type ConfigPath = keyof typeof configFieldSchemas;

export interface GlobalConfig {
  display: { fontSize: number };
  play: {
    playbackRate: number;
    readInterval: number;
    readTimes: number;
    inputVoice: (typeof inputVoices)[number];
    readComposition: boolean;
    readVoice: (typeof readVoices)[number];
    speechSource: (typeof speechSources)[number];
    voiceUk: string | null;
    voiceUs: string | null;
  };
  others: {
    playMode: (typeof playModes)[number];
    vacationNotifyDate: string | null;
    vacationNodifyTimes: number;
    shareAccount: string | null;
  };
  version: typeof CONFIG_VERSION;
}

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
    readVoice: 'us' as const,
    speechSource: 'browser' as const,
    voiceUk: null,
    voiceUs: null,
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
