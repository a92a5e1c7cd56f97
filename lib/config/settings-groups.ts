/**
 * What the settings screen shows (spec section 3, "Settings group"): groups of attrs, each bound
 * to a config path. An attr carries no `value` of its own; the screen reads it with
 * getConfigValue(config, attr.path), so the stored config stays the single source of truth.
 */
import type { Voice } from '@/lib/contract';
import { configRanges, type ConfigPath, type ConfigValue, type GlobalConfig, type NumberRange } from './global-config';

export { getConfigValue, setConfigValue } from './global-config';

export type SettingsAttrType = 'input' | 'select' | 'number' | 'slider' | 'switch';

export interface SettingsOption<V = unknown> {
  label: string;
  value: V;
}

interface SettingsAttrOf<P extends ConfigPath> {
  path: P;
  /** The label shown beside the control. */
  name: string;
  type: SettingsAttrType;
  options?: readonly SettingsOption<ConfigValue<P>>[];
  min?: number;
  max?: number;
  step?: number;
  precision?: number;
  /** Shown after the value, e.g. '倍', '秒'. */
  unit?: string;
  description?: string;
  /**
   * A select whose options go on with the browser's voices of this accent, best first (by name);
   * the row shows only where the browser has such a voice.
   */
  browserVoices?: Voice;
  /** Show the attr only when this holds; hiding it leaves the stored value as it was. */
  condition?: (config: GlobalConfig) => boolean;
}

/**
 * One member per path, so an option's value is checked against its own field (a playMode option
 * cannot say 'tap').
 */
export type SettingsAttr = { [P in ConfigPath]: SettingsAttrOf<P> }[ConfigPath];

export interface SettingsGroup {
  name: string;
  description?: string;
  attrs: readonly SettingsAttr[];
}

function bounds(range: NumberRange) {
  return { min: range.min, max: range.max, step: range.step, precision: range.precision };
}

/** The choice of browser voice for an accent: 自动, then the browser's own voices (the screen adds them). */
function browserVoiceChoice(path: 'play.voiceUk' | 'play.voiceUs', name: string, accent: Voice): SettingsAttr {
  return {
    path,
    name,
    type: 'select',
    options: [{ label: '自动（最自然的）', value: null }],
    browserVoices: accent,
    condition: (config) => config.play.speechSource === 'browser',
  };
}

/**
 * vacationNotifyDate, vacationNodifyTimes and shareAccount are bookkeeping the app writes itself
 * (spec section 6 for shareAccount), not choices a reader makes, so they have no attr.
 */
export const settingsGroups: readonly SettingsGroup[] = [
  {
    name: '显示',
    description: '阅读页面的显示方式',
    attrs: [
      {
        path: 'display.fontSize',
        name: '字体大小',
        type: 'slider',
        ...bounds(configRanges['display.fontSize']),
        // The reading text's size as a multiple of the page's base size (the stored value is in rem).
        unit: '倍',
      },
    ],
  },
  {
    name: '播放',
    description: '单词与句子的朗读方式',
    attrs: [
      {
        path: 'play.playbackRate',
        name: '播放速度',
        type: 'slider',
        ...bounds(configRanges['play.playbackRate']),
        unit: '倍',
      },
      {
        path: 'play.readInterval',
        name: '朗读间隔',
        type: 'slider',
        ...bounds(configRanges['play.readInterval']),
        unit: '秒',
        description: '重复朗读之间停顿的时间',
      },
      {
        path: 'play.readTimes',
        name: '朗读次数',
        type: 'number',
        ...bounds(configRanges['play.readTimes']),
        description: '每个单词或句子重复朗读的次数',
      },
      {
        path: 'play.readVoice',
        name: '朗读口音',
        type: 'select',
        options: [
          { label: '美音', value: 'us' },
          { label: '英音', value: 'uk' },
        ],
        description: '朗读文章和句子时用的口音',
      },
      {
        path: 'play.speechSource',
        name: '朗读声音',
        type: 'select',
        options: [
          { label: '浏览器自然人声（推荐）', value: 'browser' },
          { label: '服务器合成', value: 'server' },
        ],
        description: '浏览器没有自然人声时自动改用服务器合成',
      },
      browserVoiceChoice('play.voiceUk', '英音人声', 'uk'),
      browserVoiceChoice('play.voiceUs', '美音人声', 'us'),
      {
        path: 'play.inputVoice',
        name: '点读方式',
        type: 'select',
        options: [
          { label: '点击', value: 'tap' },
          { label: '单词', value: 'word' },
        ],
      },
      {
        path: 'play.readComposition',
        name: '朗读构词',
        type: 'switch',
        // Reading a word's composition is a way of reading the word itself aloud; with 'tap' no
        // word is read, so the switch would do nothing. Hidden rather than reset: switching back
        // to 'word' brings back the reader's earlier choice.
        condition: (config) => config.play.inputVoice === 'word',
      },
    ],
  },
  {
    name: '其他',
    attrs: [
      {
        path: 'others.playMode',
        name: '播放模式',
        type: 'select',
        options: [
          { label: '顺序播放', value: 'sequence' },
          { label: '单句播放', value: 'single' },
          { label: '单句循环', value: 'singleLoop' },
        ],
      },
    ],
  },
];

/** The attrs of a group the screen should show for this config. */
export function visibleAttrs(group: SettingsGroup, config: GlobalConfig): SettingsAttr[] {
  return group.attrs.filter((attr) => !attr.condition || attr.condition(config));
}
