'use client';

import { useSyncExternalStore } from 'react';
import { overlayStore, type OverlayState } from './overlays';

export function useOverlays(): OverlayState {
  return useSyncExternalStore(overlayStore.subscribe, overlayStore.snapshot, overlayStore.serverSnapshot);
}
