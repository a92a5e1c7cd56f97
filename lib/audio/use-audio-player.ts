'use client';

import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Voice } from '@/lib/contract';
import { useGlobalConfig } from '@/lib/config/use-global-config';
import { sharedVoiceList } from './use-browser-voices';
import {
  createAudioPlayer,
  itemId,
  type AudioPlayer,
  type ItemState,
  type PlayMode,
  type PlayOptions,
  type PlayerSnapshot,
  type PlaySettings,
  type SegmentOptions,
} from './player';

let shared: AudioPlayer | null = null;

/**
 * The page's one player: every play control goes through it, so starting one sound stops any
 * other. Created on first use; it touches no browser API until something plays.
 */
export function sharedAudioPlayer(): AudioPlayer {
  return (shared ??= createAudioPlayer());
}

const serverSnapshot: PlayerSnapshot = Object.freeze({ active: null, error: null });

export interface AudioOverrides {
  /** Replaces the stored repeat count (the word drawer plays once: 1). */
  repeat?: number;
}

/** The stored config's playback settings (spec §3 and §9), with the overrides applied. */
function usePlaySettings(overrides: AudioOverrides): PlaySettings & { mode: PlayMode } {
  const [config] = useGlobalConfig();
  const { readTimes, readInterval, playbackRate, speechSource, voiceUk, voiceUs } = config.play;
  // Who speaks is the player's own setting, not a call's: every control then speaks alike.
  useEffect(() => {
    // Asking for the list starts the browser loading its voices, so the first click finds them.
    if (speechSource === 'browser') sharedVoiceList();
    sharedAudioPlayer().configure({ source: speechSource, browserVoice: { uk: voiceUk, us: voiceUs } });
  }, [speechSource, voiceUk, voiceUs]);
  const { playMode } = config.others;
  const repeat = overrides.repeat ?? readTimes;
  return useMemo(
    () => ({ repeat, interval: readInterval, rate: playbackRate, volume: 1, mode: playMode }),
    [repeat, readInterval, playbackRate, playMode],
  );
}

/**
 * The shared player bound to React: its snapshot (what sounds, in which state, the last error)
 * and play controls that apply the stored config's repeat count, interval, rate and mode.
 */
export function useAudioPlayer(overrides: AudioOverrides = {}) {
  const player = sharedAudioPlayer();
  const settings = usePlaySettings(overrides);
  const snapshot = useSyncExternalStore(player.subscribe, player.getSnapshot, () => serverSnapshot);

  const play = useCallback(
    (text: string, options: PlayOptions = {}) => player.play(text, { ...settings, ...options }),
    [player, settings],
  );
  const toggle = useCallback(
    (text: string, options: PlayOptions = {}) => player.toggle(text, { ...settings, ...options }),
    [player, settings],
  );
  const playSegments = useCallback(
    (segments: readonly string[], options: SegmentOptions = {}) => player.playSegments(segments, { ...settings, ...options }),
    [player, settings],
  );
  const playText = useCallback(
    (text: string, options: SegmentOptions = {}) => player.playText(text, { ...settings, ...options }),
    [player, settings],
  );

  return { snapshot, settings, play, toggle, playSegments, playText, stop: player.stop, stateOf: player.stateOf };
}

/**
 * One text's play control: its state alone (a primitive, so a button re-renders only when its own
 * state changes) and a toggle. The sound stops when the control leaves the page (a drawer closes).
 */
export function useAudioItem(text: string, options: AudioOverrides & { voice?: Voice } = {}) {
  const player = sharedAudioPlayer();
  const voice = options.voice ?? 'us';
  const settings = usePlaySettings(options);
  const id = itemId(text, voice);
  const state = useSyncExternalStore<ItemState>(
    player.subscribe,
    () => player.stateOf(id),
    () => 'wait',
  );

  useEffect(
    () => () => {
      if (player.stateOf(id) !== 'wait') player.stop();
    },
    [player, id],
  );

  const toggle = useCallback(() => player.toggle(text, { ...settings, voice }), [player, text, settings, voice]);
  return { state, toggle };
}
