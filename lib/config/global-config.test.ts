import { describe, expect, it } from 'vitest';
import {
  CONFIG_STORAGE_KEY,
  CONFIG_VERSION,
  configFieldSchemas,
  defaultConfig,
  getConfigValue,
  migrateConfig,
  setConfigValue,
  type ConfigPath,
  type GlobalConfig,
} from './global-config';

const expectedDefaults: GlobalConfig = {
  display: { fontSize: 1.2 },
  play: {
    playbackRate: 1,
    readInterval: 0.5,
    readTimes: 2,
    inputVoice: 'tap',
    readComposition: false,
    readVoice: 'us',
    speechSource: 'browser',
    voiceUk: null,
    voiceUs: null,
  },
  others: { playMode: 'sequence', vacationNotifyDate: null, vacationNodifyTimes: 0, shareAccount: null },
  version: '1.9',
};

/** A stored config with one field replaced. */
function storedWith(path: ConfigPath, value: unknown): Record<string, unknown> {
  const [group, key] = path.split('.');
  const copy = JSON.parse(JSON.stringify(defaultConfig));
  copy[group][key] = value;
  return copy;
}

describe('defaults', () => {
  it('match the spec, under key config and version 1.9', () => {
    expect(CONFIG_STORAGE_KEY).toBe('config');
    expect(CONFIG_VERSION).toBe('1.9');
    expect(defaultConfig).toEqual(expectedDefaults);
  });

  it('are valid and left as they are by migration', () => {
    for (const path of Object.keys(configFieldSchemas) as ConfigPath[])
      expect(configFieldSchemas[path].parse(getConfigValue(defaultConfig, path))).toBe(getConfigValue(defaultConfig, path));
    expect(migrateConfig(defaultConfig)).toEqual(defaultConfig);
  });

  it('cannot be changed by a careless caller', () => {
    expect(() => {
      (defaultConfig.display as { fontSize: number }).fontSize = 9;
    }).toThrow(TypeError);
    expect(defaultConfig.display.fontSize).toBe(1.2);
  });
});

describe('migrateConfig', () => {
  it('keeps the valid fields of an older version and defaults the invalid ones', () => {
    const old = {
      display: { fontSize: 1.4 },
      play: { playbackRate: 1.5, readTimes: 3, inputVoice: 'word', readComposition: true },
      others: { playMode: 'shuffle', shareAccount: 'alice' },
      version: '1.7',
    };
    expect(migrateConfig(old)).toEqual({
      display: { fontSize: 1.4 },
      play: {
        playbackRate: 1.5,
        readInterval: 0.5,
        readTimes: 3,
        inputVoice: 'word',
        readComposition: true,
        readVoice: 'us',
        speechSource: 'browser',
        voiceUk: null,
        voiceUs: null,
      },
      others: { playMode: 'sequence', vacationNotifyDate: null, vacationNodifyTimes: 0, shareAccount: 'alice' },
      version: '1.9',
    });
  });

  it('reads a JSON string as stored in localStorage', () => {
    const stored = JSON.stringify({ display: { fontSize: '1.3' }, version: '1.8' });
    expect(migrateConfig(stored)).toEqual({ ...expectedDefaults, display: { fontSize: 1.3 } });
  });

  it.each([
    ['invalid JSON', '{"display": {"fontSize": 1.4'],
    ['an empty string', ''],
    ['a JSON number', '42'],
    ['JSON null', 'null'],
    ['a JSON array', '[1, 2]'],
    ['undefined', undefined],
    ['null', null],
    ['a number', 7],
    ['a boolean', true],
    ['an array', [{ display: { fontSize: 1.4 } }]],
    ['a function', () => 1],
  ])('gives the defaults for %s, without throwing', (_, stored) => {
    expect(migrateConfig(stored)).toEqual(expectedDefaults);
  });

  it('fills in a partial config and groups that are not objects', () => {
    expect(migrateConfig({ play: { readTimes: 1 } })).toEqual({
      ...expectedDefaults,
      play: { ...expectedDefaults.play, readTimes: 1 },
    });
    expect(migrateConfig({ display: 'big', play: null, others: [] })).toEqual(expectedDefaults);
  });

  it.each([
    ['display.fontSize', 1.23, 1.2],
    ['display.fontSize', 1.27, 1.3],
    ['display.fontSize', 1.25, 1.3],
    ['display.fontSize', 9, 1.5],
    ['display.fontSize', 0, 1],
    ['display.fontSize', -3, 1],
    ['play.playbackRate', 0.1, 0.5],
    ['play.playbackRate', 2.94, 2.9],
    // (0.85 - 0.5) / 0.1 is 3.4999…: halves still round up.
    ['play.playbackRate', 0.85, 0.9],
    ['play.playbackRate', 1.45, 1.5],
    ['play.playbackRate', 100, 3],
    ['play.readInterval', 0.7, 0.5],
    ['play.readInterval', 0.8, 1],
    ['play.readInterval', 1.75, 2],
    ['play.readInterval', 5, 2],
    ['play.readTimes', 2.6, 3],
    ['play.readTimes', 1.4, 1],
    ['play.readTimes', 0, 1],
    ['play.readTimes', 10, 3],
    ['others.vacationNodifyTimes', -2, 0],
    ['others.vacationNodifyTimes', 4.4, 4],
  ] as const)('clamps and snaps %s %s to %s', (path, stored, expected) => {
    expect(getConfigValue(migrateConfig(storedWith(path, stored)), path)).toBe(expected);
  });

  it('leaves no float noise after snapping', () => {
    for (let i = 0; i <= 25; i++) {
      const rate = getConfigValue(migrateConfig(storedWith('play.playbackRate', 0.5 + i * 0.1)), 'play.playbackRate');
      expect(String(rate)).toMatch(/^\d(\.\d)?$/);
    }
  });

  it.each([
    ['display.fontSize', '1.3', 1.3],
    ['display.fontSize', ' 1.4 ', 1.4],
    ['display.fontSize', '2', 1.5],
    ['play.playbackRate', '1.25', 1.3],
    ['play.readInterval', '1.5', 1.5],
    ['play.readTimes', '3', 3],
    ['play.readTimes', '+1', 1],
    ['others.vacationNodifyTimes', '5', 5],
    ['play.readComposition', 'true', true],
    ['play.readComposition', 'false', false],
  ] as const)('accepts the string %s %j as %j', (path, stored, expected) => {
    expect(getConfigValue(migrateConfig(storedWith(path, stored)), path)).toBe(expected);
  });

  it.each([
    ['display.fontSize', ''],
    ['display.fontSize', '   '],
    ['display.fontSize', 'abc'],
    ['display.fontSize', '1,3'],
    ['display.fontSize', '1.3rem'],
    ['display.fontSize', '0x1'],
    ['display.fontSize', '1e400'],
    ['display.fontSize', Number.NaN],
    ['display.fontSize', Number.POSITIVE_INFINITY],
    ['display.fontSize', null],
    ['display.fontSize', true],
    ['display.fontSize', [1.3]],
    ['play.readTimes', { value: 3 }],
    ['play.inputVoice', 'voice'],
    ['play.inputVoice', 'TAP'],
    ['play.readComposition', 1],
    ['play.readComposition', 'yes'],
    ['others.playMode', 'shuffle'],
    ['others.playMode', null],
    ['others.vacationNotifyDate', '2024-02-30'],
    ['others.vacationNotifyDate', '2024-7-1'],
    ['others.vacationNotifyDate', '2024-07-01T00:00:00Z'],
    ['others.vacationNotifyDate', 20240701],
    ['others.vacationNodifyTimes', 'many'],
    ['others.shareAccount', ''],
    ['others.shareAccount', '   '],
    ['others.shareAccount', 12345],
  ] as const)('defaults %s when it holds %j', (path, stored) => {
    expect(getConfigValue(migrateConfig(storedWith(path, stored)), path)).toEqual(getConfigValue(defaultConfig, path));
  });

  it('keeps valid dates, accounts and counts', () => {
    const config = migrateConfig({
      others: { vacationNotifyDate: '2024-02-29', vacationNodifyTimes: 3, shareAccount: ' bob ' },
    });
    expect(config.others).toEqual({
      playMode: 'sequence',
      vacationNotifyDate: '2024-02-29',
      vacationNodifyTimes: 3,
      shareAccount: 'bob',
    });
  });

  it('drops unknown fields and groups, and replaces any version', () => {
    const config = migrateConfig({
      display: { fontSize: 1.1, theme: 'dark' },
      play: { volume: 0.3 },
      extra: { anything: true },
      version: '2.0',
    });
    expect(config).toEqual({ ...expectedDefaults, display: { fontSize: 1.1 } });
    expect(Object.keys(config).sort()).toEqual(['display', 'others', 'play', 'version']);
  });

  it('reads no inherited or __proto__ fields', () => {
    const stored = JSON.parse('{"__proto__": {"fontSize": 1.5}, "display": {"__proto__": {"fontSize": 1.5}}}');
    const config = migrateConfig(stored);
    expect(config.display.fontSize).toBe(1.2);
    expect(({} as Record<string, unknown>).fontSize).toBeUndefined();
  });

  it('returns a fresh object that shares nothing with the defaults', () => {
    const config = migrateConfig(undefined);
    expect(config).not.toBe(defaultConfig);
    config.display.fontSize = 1.5;
    expect(defaultConfig.display.fontSize).toBe(1.2);
  });

  it('is idempotent, so a migrated config is stored as it is', () => {
    const once = migrateConfig({ display: { fontSize: '1.27' }, play: { readTimes: 9 }, version: '1.0' });
    expect(migrateConfig(JSON.stringify(once))).toEqual(once);
  });
});

describe('setConfigValue', () => {
  it('changes one field without touching the original', () => {
    const next = setConfigValue(defaultConfig, 'play.inputVoice', 'word');
    expect(next.play.inputVoice).toBe('word');
    expect(next.play.readTimes).toBe(2);
    expect(next.display).toBe(defaultConfig.display);
    expect(defaultConfig.play.inputVoice).toBe('tap');
  });

  it('normalises like migration: clamping, snapping, numeric strings', () => {
    expect(setConfigValue(defaultConfig, 'display.fontSize', 9).display.fontSize).toBe(1.5);
    expect(setConfigValue(defaultConfig, 'display.fontSize', 1.33).display.fontSize).toBe(1.3);
    expect(setConfigValue(defaultConfig, 'play.readTimes', '3').play.readTimes).toBe(3);
    expect(setConfigValue(defaultConfig, 'others.shareAccount', ' carol ').others.shareAccount).toBe('carol');
  });

  it('returns the same object for an invalid value, keeping the current one', () => {
    const config = setConfigValue(defaultConfig, 'display.fontSize', 1.4);
    expect(setConfigValue(config, 'display.fontSize', 'huge')).toBe(config);
    expect(setConfigValue(config, 'others.playMode', 'shuffle')).toBe(config);
    expect(setConfigValue(config, 'play.readComposition', 'on')).toBe(config);
    expect(config.display.fontSize).toBe(1.4);
  });

  it('returns the same object when nothing changes', () => {
    expect(setConfigValue(defaultConfig, 'display.fontSize', 1.2)).toBe(defaultConfig);
    expect(setConfigValue(defaultConfig, 'display.fontSize', '1.21')).toBe(defaultConfig);
  });

  it('ignores paths that are not fields', () => {
    expect(setConfigValue(defaultConfig, 'version' as ConfigPath, '2.0')).toBe(defaultConfig);
    expect(setConfigValue(defaultConfig, 'display.__proto__' as ConfigPath, {})).toBe(defaultConfig);
  });

  it('can clear nullable fields', () => {
    const shared = setConfigValue(defaultConfig, 'others.shareAccount', 'dave');
    expect(setConfigValue(shared, 'others.shareAccount', null).others.shareAccount).toBeNull();
  });
});

describe('configFieldSchemas', () => {
  it('cover every field of the config, and nothing else', () => {
    const leaves = Object.entries(defaultConfig)
      .filter(([group]) => group !== 'version')
      .flatMap(([group, fields]) => Object.keys(fields as object).map((key) => `${group}.${key}`));
    expect(Object.keys(configFieldSchemas).sort()).toEqual(leaves.sort());
  });
});
