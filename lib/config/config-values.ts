/**
 * The plain half of the global config (spec section 3): where it is stored, the bounds of its
 * numbers and how a stored number is read, with no schema library. The full migration
 * (global-config.ts) builds its zod schemas on these functions; the reading font size, which
 * every page applies as it loads, reads its one field with them alone.
 */
export const CONFIG_STORAGE_KEY = 'config';
export const CONFIG_VERSION = '1.9';

/** Raised on the store's event target (the window) whenever the config in this tab changes. */
export const CONFIG_CHANGED_EVENT = 'yujing:config-changed';

export interface NumberRange {
  min: number;
  max: number;
  step: number;
  /** Decimal places a value is shown and stored with; follows from the step. */
  precision: number;
}

/**
 * Bounds of every numeric field (spec section 9, "Config sliders"). The schemas and the settings
 * screen both read them from here, so a slider can never offer a value the schema would move.
 */
export const configRanges = {
  'display.fontSize': { min: 1, max: 1.5, step: 0.1, precision: 1 },
  'play.playbackRate': { min: 0.5, max: 3, step: 0.1, precision: 1 },
  'play.readInterval': { min: 0.5, max: 2, step: 0.5, precision: 1 },
  'play.readTimes': { min: 1, max: 3, step: 1, precision: 0 },
  'others.vacationNodifyTimes': { min: 0, max: Number.MAX_SAFE_INTEGER, step: 1, precision: 0 },
} as const satisfies Record<string, NumberRange>;

/** Spec section 9: the reading font size when none is stored, in rem. */
export const DEFAULT_FONT_SIZE = 1.2;

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
const decimal = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A stored number (or a numeric string of an older version), fitted into its range; undefined
 * for anything else, including what is not finite ('1e400' would be Infinity).
 */
export function rangedNumberOf(value: unknown, range: NumberRange): number | undefined {
  const text = typeof value === 'string' ? value.trim() : null;
  const n = typeof value === 'number' ? value : text !== null && decimal.test(text) ? Number(text) : NaN;
  return Number.isFinite(n) ? fitToRange(n, range) : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own properties only: a stored '__proto__' or an inherited name must not count as a value. */
export function ownValue(record: unknown, key: string): unknown {
  return isRecord(record) && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The part of Storage the config uses, so tests can pass a small in-memory one. */
export type ConfigStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** window.localStorage, or null on the server or when the browser refuses it. */
export function browserStorage(): ConfigStorage | null {
  // Checked on window, not globalThis: Node 22+ has its own localStorage, which is not ours.
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored config as written, or null (missing, or storage refused). */
export function readStoredConfig(storage: ConfigStorage | null): string | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(CONFIG_STORAGE_KEY);
    return typeof raw === 'string' ? raw : null;
  } catch {
    return null;
  }
}

/**
 * The reading font size (rem) of a stored config, read as migration reads that field, without
 * loading the config's schemas: each page applies it as it loads.
 */
export function storedFontSize(storage: ConfigStorage | null = browserStorage()): number {
  let stored: unknown;
  try {
    stored = JSON.parse(readStoredConfig(storage) ?? 'null');
  } catch {
    return DEFAULT_FONT_SIZE;
  }
  return rangedNumberOf(ownValue(ownValue(stored, 'display'), 'fontSize'), configRanges['display.fontSize']) ?? DEFAULT_FONT_SIZE;
}
