import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { browserStorage, createConfigStore, loadConfig, saveConfig, type ConfigStorage } from './config-store';
import { CONFIG_STORAGE_KEY, defaultConfig, migrateConfig, setConfigValue } from './global-config';
import { useGlobalConfig } from './use-global-config';

/** A Storage stand-in that records its writes. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const writes: [string, string][] = [];
  const storage: ConfigStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      writes.push([key, value]);
      items.set(key, String(value));
    },
  };
  return { storage, items, writes };
}

/** What private modes and full disks do: every access throws. */
const brokenStorage: ConfigStorage = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
};

/** The 'storage' event another tab causes (Node has no StorageEvent). */
function storageEvent(key: string | null, newValue: string | null, storageArea?: ConfigStorage) {
  return Object.assign(new Event('storage'), { key, newValue, storageArea });
}

describe('loadConfig', () => {
  it('gives the defaults and writes nothing when nothing is stored', () => {
    const { storage, writes } = memoryStorage();
    expect(loadConfig(storage)).toEqual(defaultConfig);
    expect(writes).toEqual([]);
  });

  it('writes the migrated config back when it differed', () => {
    const old = JSON.stringify({ display: { fontSize: '1.4' }, others: { playMode: 'loop' }, version: '1.7' });
    const { storage, items, writes } = memoryStorage({ [CONFIG_STORAGE_KEY]: old });
    const config = loadConfig(storage);
    expect(config.display.fontSize).toBe(1.4);
    expect(config.others.playMode).toBe('sequence');
    expect(writes).toHaveLength(1);
    expect(JSON.parse(items.get(CONFIG_STORAGE_KEY)!)).toEqual(config);
  });

  it('does not rewrite a config that is already current', () => {
    const current = JSON.stringify(setConfigValue(defaultConfig, 'play.readTimes', 3));
    const { storage, writes } = memoryStorage({ [CONFIG_STORAGE_KEY]: current });
    expect(loadConfig(storage).play.readTimes).toBe(3);
    expect(loadConfig(storage).play.readTimes).toBe(3);
    expect(writes).toEqual([]);
  });

  it('replaces unreadable JSON with the defaults', () => {
    const { storage, items } = memoryStorage({ [CONFIG_STORAGE_KEY]: '{oops' });
    expect(loadConfig(storage)).toEqual(defaultConfig);
    expect(JSON.parse(items.get(CONFIG_STORAGE_KEY)!)).toEqual(defaultConfig);
  });

  it('survives storage that throws, or none at all', () => {
    expect(loadConfig(brokenStorage)).toEqual(defaultConfig);
    expect(loadConfig(null)).toEqual(defaultConfig);
    // Vitest runs in node: there is no window, so no browser storage.
    expect(browserStorage()).toBeNull();
    expect(loadConfig()).toEqual(defaultConfig);
  });
});

describe('saveConfig', () => {
  it('stores the config as JSON under key config', () => {
    const { storage, items } = memoryStorage();
    const config = setConfigValue(defaultConfig, 'others.playMode', 'singleLoop');
    expect(saveConfig(config, storage)).toBe(true);
    expect(JSON.parse(items.get('config')!)).toEqual(config);
  });

  it('never stores an invalid config', () => {
    const { storage, items } = memoryStorage();
    const bad = { ...defaultConfig, display: { fontSize: 40 } };
    saveConfig(bad, storage);
    expect(JSON.parse(items.get('config')!).display.fontSize).toBe(1.5);
  });

  it('reports a failed write instead of throwing', () => {
    expect(saveConfig(defaultConfig, brokenStorage)).toBe(false);
    expect(saveConfig(defaultConfig, null)).toBe(false);
  });
});

describe('createConfigStore', () => {
  it('reads the stored config lazily and keeps one snapshot until something changes', () => {
    const stored = JSON.stringify(setConfigValue(defaultConfig, 'display.fontSize', 1.4));
    const getItem = vi.fn(() => stored);
    const store = createConfigStore({ storage: { getItem, setItem: () => {} }, events: null });
    expect(getItem).not.toHaveBeenCalled();
    const first = store.getSnapshot();
    expect(first.display.fontSize).toBe(1.4);
    expect(store.getSnapshot()).toBe(first);
    expect(getItem).toHaveBeenCalledTimes(1);
  });

  it('persists an update at once and notifies subscribers', () => {
    const { storage, items } = memoryStorage();
    const store = createConfigStore({ storage, events: null });
    const listener = vi.fn();
    store.subscribe(listener);
    store.update('play.readTimes', 3);
    expect(store.getSnapshot().play.readTimes).toBe(3);
    expect(JSON.parse(items.get('config')!).play.readTimes).toBe(3);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('validates updates, ignoring invalid values and no-ops', () => {
    const { storage, writes } = memoryStorage();
    const store = createConfigStore({ storage, events: null });
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    store.update('others.playMode', 'shuffle');
    store.update('display.fontSize', 1.2);
    expect(store.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    expect(writes).toEqual([]);
    store.update('display.fontSize', 7);
    expect(store.getSnapshot().display.fontSize).toBe(1.5);
  });

  it('keeps changes in memory when storage fails', () => {
    const store = createConfigStore({ storage: brokenStorage, events: null });
    const listener = vi.fn();
    store.subscribe(listener);
    expect(() => store.update('play.inputVoice', 'word')).not.toThrow();
    expect(store.getSnapshot().play.inputVoice).toBe('word');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('follows changes another tab makes', () => {
    const { storage } = memoryStorage();
    const events = new EventTarget();
    const store = createConfigStore({ storage, events });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    const fromOtherTab = setConfigValue(defaultConfig, 'others.playMode', 'single');
    events.dispatchEvent(storageEvent('config', JSON.stringify(fromOtherTab), storage));
    expect(store.getSnapshot().others.playMode).toBe('single');
    expect(listener).toHaveBeenCalledTimes(1);

    // Garbage from the other tab is migrated, not taken as it is.
    events.dispatchEvent(storageEvent('config', '{"display":{"fontSize":"9"}}', storage));
    expect(store.getSnapshot()).toEqual(migrateConfig({ display: { fontSize: 1.5 } }));

    // The whole storage cleared (key null): back to the defaults.
    events.dispatchEvent(storageEvent(null, null, storage));
    expect(store.getSnapshot()).toEqual(defaultConfig);
    expect(listener).toHaveBeenCalledTimes(3);

    unsubscribe();
    events.dispatchEvent(storageEvent('config', JSON.stringify(fromOtherTab), storage));
    expect(store.getSnapshot()).toEqual(defaultConfig);
  });

  it('ignores other keys, other storage areas and events that change nothing', () => {
    const { storage } = memoryStorage();
    const events = new EventTarget();
    const store = createConfigStore({ storage, events });
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    const changed = JSON.stringify(setConfigValue(defaultConfig, 'play.readTimes', 1));
    events.dispatchEvent(storageEvent('Token', 'abc', storage));
    events.dispatchEvent(storageEvent('config', changed, memoryStorage().storage));
    events.dispatchEvent(storageEvent('config', JSON.stringify(defaultConfig), storage));
    expect(store.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
  });

  it('catches up on the first subscription with what was stored meanwhile', () => {
    const { storage, items } = memoryStorage();
    const store = createConfigStore({ storage, events: new EventTarget() });
    expect(store.getSnapshot()).toEqual(defaultConfig);
    items.set('config', JSON.stringify(setConfigValue(defaultConfig, 'display.fontSize', 1)));
    store.subscribe(() => {});
    expect(store.getSnapshot().display.fontSize).toBe(1);
  });

  it('answers the server with the defaults, never touching storage', () => {
    const store = createConfigStore({ storage: brokenStorage, events: null });
    expect(store.getServerSnapshot()).toBe(defaultConfig);
  });
});

describe('useGlobalConfig', () => {
  it('renders the defaults on the server', () => {
    function FontSize() {
      const [config, update] = useGlobalConfig();
      return createElement('span', null, `${config.display.fontSize} ${typeof update}`);
    }
    expect(renderToString(createElement(FontSize))).toBe('<span>1.2 function</span>');
  });
});
