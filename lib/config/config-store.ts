/**
 * The global config in the browser: read from and written to localStorage, held in memory, and
 * offered as a subscribe/snapshot store for useSyncExternalStore. Framework-free.
 *
 * localStorage can be missing (server), refuse access (privacy modes throw SecurityError) or be
 * full (QuotaExceededError). None of that may crash a page: every access is guarded, and the
 * in-memory config carries on for the rest of the visit.
 */
import {
  CONFIG_CHANGED_EVENT,
  CONFIG_STORAGE_KEY,
  browserStorage,
  readStoredConfig as readRaw,
  type ConfigStorage,
} from './config-values';
import { defaultConfig, migrateConfig, setConfigValue, type ConfigPath, type GlobalConfig } from './global-config';

export { browserStorage, type ConfigStorage };

function writeRaw(storage: ConfigStorage | null, serialized: string): boolean {
  if (!storage) return false;
  try {
    storage.setItem(CONFIG_STORAGE_KEY, serialized);
    return true;
  } catch {
    return false;
  }
}

/**
 * The stored config, migrated. A repaired config is written back so the next read is clean; a
 * missing one is not written, so a reader who never changed anything keeps following the
 * defaults if a later version changes them.
 */
export function loadConfig(storage: ConfigStorage | null = browserStorage()): GlobalConfig {
  const raw = readRaw(storage);
  if (raw === null) return defaultConfig;
  const config = migrateConfig(raw);
  const serialized = JSON.stringify(config);
  if (serialized !== raw) writeRaw(storage, serialized);
  return config;
}

/** Writes the config (normalised first, so nothing invalid is ever stored); false if it failed. */
export function saveConfig(config: GlobalConfig, storage: ConfigStorage | null = browserStorage()): boolean {
  return writeRaw(storage, JSON.stringify(migrateConfig(config)));
}

export interface ConfigStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): GlobalConfig;
  getServerSnapshot(): GlobalConfig;
  /** Changes one field (validated like migration), persists at once and notifies. */
  update(path: ConfigPath, value: unknown): void;
}

export interface ConfigStoreOptions {
  /** Where the config lives; by default localStorage, looked up on first use. */
  storage?: ConfigStorage | null;
  /** Where 'storage' events from other tabs arrive; by default window. */
  events?: EventTarget | null;
}

export function createConfigStore(options: ConfigStoreOptions = {}): ConfigStore {
  // Resolved lazily so that importing this module on the server touches nothing.
  let storage: ConfigStorage | null | undefined = options.storage;
  let current: GlobalConfig | null = null;
  const listeners = new Set<() => void>();

  const getStorage = () => (storage === undefined ? (storage = browserStorage()) : storage);
  const events = () => (options.events !== undefined ? options.events : typeof window === 'undefined' ? null : window);

  function getSnapshot(): GlobalConfig {
    return (current ??= loadConfig(getStorage()));
  }

  function replace(next: GlobalConfig) {
    if (next === current) return;
    current = next;
    for (const listener of listeners) listener();
    // What the page applies without loading this store (the reading font size) follows this.
    events()?.dispatchEvent(new CustomEvent(CONFIG_CHANGED_EVENT, { detail: next }));
  }

  function onStorage(event: Event) {
    const { key, newValue, storageArea } = event as StorageEvent;
    // key null means another tab cleared the whole storage.
    if (key !== null && key !== CONFIG_STORAGE_KEY) return;
    if (storageArea && storageArea !== getStorage()) return;
    // Not written back: the other tab owns what it wrote, and migration repeats the same result
    // on every read, so two tabs cannot fall into rewriting each other.
    const next = newValue === null ? defaultConfig : migrateConfig(newValue);
    if (current && JSON.stringify(next) === JSON.stringify(current)) return;
    replace(next);
  }

  return {
    subscribe(listener) {
      if (listeners.size === 0) {
        events()?.addEventListener('storage', onStorage);
        // Catch up on whatever another tab wrote between the first snapshot and now; React reads
        // the snapshot again right after subscribing.
        if (current) {
          const latest = loadConfig(getStorage());
          if (JSON.stringify(latest) !== JSON.stringify(current)) current = latest;
        }
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) events()?.removeEventListener('storage', onStorage);
      };
    },
    getSnapshot,
    getServerSnapshot: () => defaultConfig,
    update(path, value) {
      const before = getSnapshot();
      const next = setConfigValue(before, path, value);
      if (next === before) return;
      // A failed write keeps the change in memory for this visit rather than losing it.
      saveConfig(next, getStorage());
      replace(next);
    },
  };
}

/** The app's one config store, on localStorage. */
export const configStore = createConfigStore();
