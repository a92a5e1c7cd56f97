'use client';

import { useMemo, useSyncExternalStore } from 'react';
import type { Voice } from '@/lib/contract';
import { rankVoices, type SpeechVoiceLike, voiceList } from './browser-voices';

let shared: ReturnType<typeof voiceList> | null = null;
const none: readonly SpeechVoiceLike[] = Object.freeze([]);

/** The page's one list of the browser's voices; asking for it starts the browser loading them. */
export function sharedVoiceList() {
  return (shared ??= voiceList());
}

/** The browser's voices of an accent, best first, as they fill in; none without an accent. */
export function useBrowserVoices(accent: Voice | undefined): SpeechVoiceLike[] {
  const list = sharedVoiceList();
  const voices = useSyncExternalStore(list.subscribe, list.getSnapshot, () => none);
  return useMemo(() => (accent ? rankVoices(voices, accent) : []), [voices, accent]);
}
