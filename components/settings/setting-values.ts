/**
 * The arithmetic of the settings screen, kept apart from the React controls so it can be tested:
 * how a number is shown, what a stepper step or a typed number turns into, and what "恢复默认"
 * changes. Values are still normalised by the config store (setConfigValue); these helpers only
 * decide what to ask it for.
 */
import {
  configRanges,
  defaultConfig,
  fitToRange,
  getConfigValue,
  type ConfigPath,
  type GlobalConfig,
  type NumberRange,
} from '@/lib/config/global-config';
import { settingsGroups, visibleAttrs, type SettingsAttr, type SettingsGroup } from '@/lib/config/settings-groups';

/** Decimal places a step needs: 0.5 → 1, 1 → 0. */
function decimalsOf(step: number): number {
  const [, fraction = ''] = String(step).split('.');
  return fraction.length;
}

/**
 * The bounds a slider or stepper offers: the attr's own, else the config's for that path (they
 * are the same today; the fallback keeps a future attr without bounds from offering 0–∞).
 */
export function attrRange(attr: Pick<SettingsAttr, 'path' | 'min' | 'max' | 'step' | 'precision'>): NumberRange {
  const known: NumberRange | undefined = (configRanges as Partial<Record<ConfigPath, NumberRange>>)[attr.path];
  const step = attr.step ?? known?.step ?? 1;
  return {
    min: attr.min ?? known?.min ?? 0,
    max: attr.max ?? known?.max ?? Number.MAX_SAFE_INTEGER,
    step,
    precision: attr.precision ?? known?.precision ?? decimalsOf(step),
  };
}

/** A number as the screen shows it: 1.2 with precision 1 and unit '倍' → '1.2 倍'. */
export function formatSettingValue(value: number, attr: { precision?: number; unit?: string }): string {
  const shown = Number.isFinite(value) ? (attr.precision === undefined ? String(value) : value.toFixed(attr.precision)) : '—';
  return attr.unit ? `${shown} ${attr.unit}` : shown;
}

/** Whether a stepper button can still move the value that way. */
export function canStep(value: number, direction: 1 | -1, range: NumberRange): boolean {
  return direction > 0 ? value < range.max : value > range.min;
}

/** One stepper press: a step up or down, kept inside the range and on the step grid. */
export function stepSetting(value: number, direction: 1 | -1, range: NumberRange): number {
  return fitToRange(value + direction * range.step, range);
}

// Chinese input methods in full-width mode type '２' and '．'; they mean the ASCII characters.
const FULL_WIDTH = /[\uff0b\uff0d\uff0e\uff10-\uff19]/g;
const PLAIN_DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A typed number, or null for anything that is not plain decimal notation ('', '1e3', '0x1'). */
export function parseTypedNumber(text: string): number | null {
  const ascii = text.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).trim();
  return PLAIN_DECIMAL.test(ascii) ? Number(ascii) : null;
}

/**
 * What to store for the text in a stepper's box, or null to store nothing. While the reader is
 * still typing, only a number already inside the range counts (typing '1' on the way to '12' must
 * not clamp to the max); when they finish (blur, Enter) any number is clamped and snapped.
 */
export function numberFromTyping(text: string, range: NumberRange, { final }: { final: boolean }): number | null {
  const typed = parseTypedNumber(text);
  if (typed === null) return null;
  if (!final && (typed < range.min || typed > range.max)) return null;
  return fitToRange(typed, range);
}

export interface DefaultToRestore {
  path: ConfigPath;
  value: unknown;
}

/**
 * What "恢复默认" writes: the default of every attr on screen whose value differs from it. Hidden
 * attrs are left alone, as hiding them does (settings-groups.ts): their earlier choice comes back
 * with them. Empty when the screen already shows the defaults.
 */
export function defaultsToRestore(config: GlobalConfig, groups: readonly SettingsGroup[] = settingsGroups): DefaultToRestore[] {
  return groups
    .flatMap((group) => visibleAttrs(group, config))
    .map((attr) => ({ path: attr.path, value: getConfigValue(defaultConfig, attr.path) as unknown }))
    .filter(({ path, value }) => !Object.is(getConfigValue(config, path), value));
}
