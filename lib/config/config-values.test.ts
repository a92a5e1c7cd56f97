import { describe, expect, it } from 'vitest';
import { createConfigStore } from './config-store';
import { CONFIG_CHANGED_EVENT, CONFIG_STORAGE_KEY, storedFontSize, type ConfigStorage } from './config-values';
import { migrateConfig } from './global-config';

function storageWith(value: string | null): ConfigStorage {
  const items = new Map<string, string>(value === null ? [] : [[CONFIG_STORAGE_KEY, value]]);
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, v) => void items.set(key, v) };
}

describe('storedFontSize', () => {
  it.each([
    [JSON.stringify({ display: { fontSize: 1.4 } }), 1.4],
    [JSON.stringify({ display: { fontSize: '1.3' } }), 1.3],
    [JSON.stringify({ display: { fontSize: 9 } }), 1.5],
    [JSON.stringify({ display: { fontSize: 1.23 } }), 1.2],
    [JSON.stringify({ display: { fontSize: '1e400' } }), 1.2],
    [JSON.stringify({ display: { fontSize: '0x10' } }), 1.2],
    [JSON.stringify({ display: {} }), 1.2],
    ['{not json', 1.2],
    [null, 1.2],
  ])('%s → %s rem, as the full migration reads it', (stored, rem) => {
    expect(storedFontSize(storageWith(stored))).toBe(rem);
    if (stored !== null) expect(migrateConfig(stored).display.fontSize).toBe(rem);
  });

  it('is the default when storage is refused', () => {
    const refusing: ConfigStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    expect(storedFontSize(refusing)).toBe(1.2);
    expect(storedFontSize(null)).toBe(1.2);
  });
});

describe('the config store', () => {
  it('announces each change of this tab on its event target, with the new config', () => {
    const events = new EventTarget();
    const seen: number[] = [];
    events.addEventListener(CONFIG_CHANGED_EVENT, (e) => seen.push((e as CustomEvent).detail.display.fontSize));
    const store = createConfigStore({ storage: storageWith(null), events });
    store.update('display.fontSize', 1.4);
    store.update('display.fontSize', 1.4);
    store.update('display.fontSize', 'x');
    expect(seen).toEqual([1.4]);
  });
});
