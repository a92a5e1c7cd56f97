import { describe, expect, it } from 'vitest';
import { configRanges, defaultConfig, setConfigValue, type GlobalConfig } from '@/lib/config/global-config';
import { settingsGroups, type SettingsAttr } from '@/lib/config/settings-groups';
import {
  attrRange,
  canStep,
  defaultsToRestore,
  formatSettingValue,
  numberFromTyping,
  parseTypedNumber,
  stepSetting,
} from './setting-values';

const attrs = settingsGroups.flatMap((g) => g.attrs);
const attr = (path: SettingsAttr['path']) => attrs.find((a) => a.path === path)!;

function configWith(changes: Partial<Record<SettingsAttr['path'], unknown>>): GlobalConfig {
  return Object.entries(changes).reduce(
    (config, [path, value]) => setConfigValue(config, path as SettingsAttr['path'], value),
    defaultConfig,
  );
}

describe('formatSettingValue', () => {
  it('shows the value with the attr precision and unit', () => {
    expect(formatSettingValue(1.2, attr('display.fontSize'))).toBe('1.2 倍');
    expect(formatSettingValue(1, attr('display.fontSize'))).toBe('1.0 倍');
    expect(formatSettingValue(0.5, attr('play.readInterval'))).toBe('0.5 秒');
    expect(formatSettingValue(3, attr('play.playbackRate'))).toBe('3.0 倍');
  });

  it('leaves out a missing unit and a missing precision', () => {
    expect(formatSettingValue(2, attr('play.readTimes'))).toBe('2');
    expect(formatSettingValue(0.25, {})).toBe('0.25');
  });

  it('hides float noise behind the precision', () => {
    expect(formatSettingValue(1.2 + 0.1, { precision: 1, unit: '倍' })).toBe('1.3 倍');
  });
});

describe('attrRange', () => {
  it("takes the attr's bounds", () => {
    expect(attrRange(attr('play.readInterval'))).toEqual({ min: 0.5, max: 2, step: 0.5, precision: 1 });
  });

  it('falls back on the config range of the path, then on the step for the precision', () => {
    expect(attrRange({ path: 'play.readTimes' })).toEqual(configRanges['play.readTimes']);
    expect(attrRange({ path: 'play.inputVoice', step: 0.25 })).toEqual({
      min: 0,
      max: Number.MAX_SAFE_INTEGER,
      step: 0.25,
      precision: 2,
    });
  });
});

describe('stepper', () => {
  const times = attrRange(attr('play.readTimes'));
  const size = attrRange(attr('display.fontSize'));

  it('moves one step and stays on the grid', () => {
    expect(stepSetting(2, 1, times)).toBe(3);
    expect(stepSetting(2, -1, times)).toBe(1);
    expect(stepSetting(1.2, 1, size)).toBe(1.3);
    expect(stepSetting(1.3, -1, size)).toBe(1.2);
  });

  it('clamps at the ends', () => {
    expect(stepSetting(3, 1, times)).toBe(3);
    expect(stepSetting(1, -1, times)).toBe(1);
    expect(stepSetting(1.5, 1, size)).toBe(1.5);
  });

  it('knows when a button has nowhere to go', () => {
    expect(canStep(3, 1, times)).toBe(false);
    expect(canStep(3, -1, times)).toBe(true);
    expect(canStep(1, -1, times)).toBe(false);
    expect(canStep(2, 1, times)).toBe(true);
  });
});

describe('typed numbers', () => {
  const times = attrRange(attr('play.readTimes'));

  it('reads plain decimals, full-width digits included', () => {
    expect(parseTypedNumber(' 2 ')).toBe(2);
    expect(parseTypedNumber('.5')).toBe(0.5);
    expect(parseTypedNumber('２')).toBe(2);
    expect(parseTypedNumber('１．５')).toBe(1.5);
  });

  it('refuses what is not a plain decimal', () => {
    for (const text of ['', ' ', '-', '1e3', '0x10', '1,5', 'abc', 'Infinity']) {
      expect(parseTypedNumber(text), text).toBeNull();
    }
  });

  it('stores an in-range number at once, snapped to the step', () => {
    expect(numberFromTyping('3', times, { final: false })).toBe(3);
    expect(numberFromTyping('2.4', times, { final: false })).toBe(2);
  });

  it('waits while an out-of-range number may still be on its way', () => {
    expect(numberFromTyping('0', times, { final: false })).toBeNull();
    expect(numberFromTyping('9', times, { final: false })).toBeNull();
  });

  it('clamps when the reader is done', () => {
    expect(numberFromTyping('9', times, { final: true })).toBe(3);
    expect(numberFromTyping('0', times, { final: true })).toBe(1);
    expect(numberFromTyping('', times, { final: true })).toBeNull();
  });
});

describe('defaultsToRestore', () => {
  it('is empty when the screen shows the defaults', () => {
    expect(defaultsToRestore(defaultConfig)).toEqual([]);
  });

  it('lists each changed visible setting with its default', () => {
    const config = configWith({ 'display.fontSize': 1.5, 'play.readTimes': 3, 'others.playMode': 'singleLoop' });
    expect(defaultsToRestore(config)).toEqual([
      { path: 'display.fontSize', value: 1.2 },
      { path: 'play.readTimes', value: 2 },
      { path: 'others.playMode', value: 'sequence' },
    ]);
  });

  it('resets a conditional setting only while it is shown', () => {
    const shown = configWith({ 'play.inputVoice': 'word', 'play.readComposition': true });
    expect(defaultsToRestore(shown)).toEqual([
      { path: 'play.inputVoice', value: 'tap' },
      { path: 'play.readComposition', value: false },
    ]);

    const hidden = setConfigValue(shown, 'play.inputVoice', 'tap');
    expect(defaultsToRestore(hidden)).toEqual([]);
  });

  it('restores a config that every default written back makes equal to the defaults', () => {
    const config = configWith({
      'display.fontSize': 1,
      'play.playbackRate': 2.5,
      'play.readInterval': 2,
      'play.readTimes': 1,
      'play.inputVoice': 'word',
      'play.readComposition': true,
      'others.playMode': 'single',
    });
    const restored = defaultsToRestore(config).reduce((c, { path, value }) => setConfigValue(c, path, value), config);
    expect(restored).toEqual(defaultConfig);
  });
});
