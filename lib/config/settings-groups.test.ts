import { describe, expect, it } from 'vitest';
import { configFieldSchemas, configRanges, defaultConfig, type ConfigPath } from './global-config';
import { getConfigValue, setConfigValue, settingsGroups, visibleAttrs, type SettingsAttr } from './settings-groups';

const attrs: SettingsAttr[] = settingsGroups.flatMap((group) => [...group.attrs]);

describe('settingsGroups', () => {
  it('has the groups 显示, 播放 and 其他 with Chinese labels', () => {
    expect(settingsGroups.map((group) => group.name)).toEqual(['显示', '播放', '其他']);
    expect(attrs.map((attr) => attr.name)).toEqual([
      '字体大小',
      '播放速度',
      '朗读间隔',
      '朗读次数',
      '朗读口音',
      '朗读声音',
      '英音人声',
      '美音人声',
      '点读方式',
      '朗读构词',
      '播放模式',
    ]);
  });

  it('binds every attr to a field of the config, each at most once', () => {
    for (const attr of attrs) {
      expect(Object.keys(configFieldSchemas)).toContain(attr.path);
      expect(getConfigValue(defaultConfig, attr.path)).not.toBeUndefined();
    }
    expect(new Set(attrs.map((attr) => attr.path)).size).toBe(attrs.length);
  });

  it('gives numeric attrs exactly the bounds the schema enforces', () => {
    const numeric = attrs.filter((attr) => attr.type === 'slider' || attr.type === 'number');
    expect(numeric.map((attr) => attr.path)).toEqual([
      'display.fontSize',
      'play.playbackRate',
      'play.readInterval',
      'play.readTimes',
    ]);
    for (const attr of numeric) {
      const range = configRanges[attr.path as keyof typeof configRanges];
      expect({ min: attr.min, max: attr.max, step: attr.step, precision: attr.precision }).toEqual(range);
      const schema = configFieldSchemas[attr.path];
      expect(schema.parse(attr.min! - 1)).toBe(attr.min);
      expect(schema.parse(attr.max! + 1)).toBe(attr.max);
      expect(schema.parse(attr.min! + attr.step!)).toBe(attr.min! + attr.step!);
    }
  });

  it('has defaults that a slider can show: inside the bounds and on a step', () => {
    for (const attr of attrs.filter((a) => a.type === 'slider' || a.type === 'number')) {
      const value = getConfigValue(defaultConfig, attr.path) as number;
      expect(value).toBeGreaterThanOrEqual(attr.min!);
      expect(value).toBeLessThanOrEqual(attr.max!);
      expect(configFieldSchemas[attr.path].parse(value)).toBe(value);
    }
  });

  it('offers every select value the schema allows, and only those', () => {
    const selects = attrs.filter((attr) => attr.type === 'select');
    expect(selects.map((attr) => attr.path)).toEqual([
      'play.readVoice',
      'play.speechSource',
      'play.voiceUk',
      'play.voiceUs',
      'play.inputVoice',
      'others.playMode',
    ]);
    // The voices' options are the browser's own, added on the screen; the fixed one is 自动.
    for (const attr of selects.filter((a) => !a.browserVoices)) {
      const schema = configFieldSchemas[attr.path as 'play.inputVoice' | 'others.playMode'];
      expect(attr.options?.map((option) => option.value).sort()).toEqual([...schema.options].sort());
    }
    const labels = (path: ConfigPath) => attrs.find((a) => a.path === path)?.options?.map((o) => o.label);
    expect(labels('play.inputVoice')).toEqual(['点击', '单词']);
    expect(labels('others.playMode')).toEqual(['顺序播放', '单句播放', '单句循环']);
    expect(labels('play.speechSource')).toEqual(['浏览器自然人声（推荐）', '服务器合成']);
    expect(labels('play.voiceUk')).toEqual(['自动（最自然的）']);
  });

  it('offers the choice of browser voice only while the browser speaks', () => {
    const play = settingsGroups.find((group) => group.name === '播放')!;
    const paths = (config: typeof defaultConfig) => visibleAttrs(play, config).map((attr) => attr.path);
    expect(paths(defaultConfig)).toContain('play.voiceUk');
    const server = setConfigValue(defaultConfig, 'play.speechSource', 'server');
    expect(paths(server)).not.toContain('play.voiceUk');
    expect(paths(server)).not.toContain('play.voiceUs');
    expect(setConfigValue(defaultConfig, 'play.speechSource', 'espeak')).toBe(defaultConfig);
  });

  it('uses switches only for boolean fields', () => {
    for (const attr of attrs.filter((a) => a.type === 'switch')) {
      expect(typeof getConfigValue(defaultConfig, attr.path)).toBe('boolean');
    }
  });

  it('shows 朗读构词 only when words are read, keeping its value while hidden', () => {
    const play = settingsGroups[1];
    const names = (config = defaultConfig) => visibleAttrs(play, config).map((attr) => attr.name);
    expect(names()).not.toContain('朗读构词');

    const byWord = setConfigValue(setConfigValue(defaultConfig, 'play.inputVoice', 'word'), 'play.readComposition', true);
    expect(names(byWord)).toContain('朗读构词');

    const backToTap = setConfigValue(byWord, 'play.inputVoice', 'tap');
    expect(names(backToTap)).not.toContain('朗读构词');
    expect(backToTap.play.readComposition).toBe(true);
  });
});
