'use client';

import { useSyncExternalStore } from 'react';
import { configStore } from './config-store';
import type { ConfigPath, GlobalConfig } from './global-config';

export type UpdateGlobalConfig = (path: ConfigPath, value: unknown) => void;

/**
 * The stored global config and a setter that persists at once. The server render and hydration
 * use the defaults (the server cannot see localStorage); the stored values follow right after.
 */
export function useGlobalConfig(): [GlobalConfig, UpdateGlobalConfig] {
  const config = useSyncExternalStore(configStore.subscribe, configStore.getSnapshot, configStore.getServerSnapshot);
  return [config, configStore.update];
}
