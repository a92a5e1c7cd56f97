/**
 * Sounding audio on the element, for the audio engine (player.ts): one sounding of a URL to its
 * end, a pause that a stop cuts short, and the moment of silence that unlocks the element.
 */

export interface PlaySettings {
  /** How many times an item sounds (spec §9: 2; the word drawer uses 1). */
  repeat: number;
  /** Seconds of quiet between two soundings and between two segments. */
  interval: number;
  /** Playback rate, 0.5–3. */
  rate: number;
  /** 0–1. */
  volume: number;
}

/** The part of HTMLAudioElement the engine uses. */
export interface AudioElementLike {
  src: string;
  currentTime: number;
  playbackRate: number;
  defaultPlaybackRate: number;
  volume: number;
  onended: ((event: Event) => void) | null;
  onerror: ((event: Event | string) => void) | null;
  play(): Promise<void>;
  pause(): void;
  removeAttribute(name: string): void;
}

export class Aborted extends Error {
  constructor() {
    super('stopped');
    this.name = 'AbortError';
  }
}

export class PlayFailed extends Error {
  constructor(readonly reason: unknown) {
    super('audio play failed');
    this.name = 'PlayFailed';
  }
}

/** A WAV of 8 silent samples (8-bit mono, 8 kHz) as a data URL. */
export function silentWavUrl(): string {
  const samples = 8;
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const put = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
  };
  put(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  put(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 8000, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  put(36, 'data');
  view.setUint32(40, samples, true);
  bytes.fill(128, 44);
  return `data:audio/wav;base64,${btoa(String.fromCharCode(...bytes))}`;
}

/** Waits `ms`; a stop of the run ends the wait at once (rejects with Aborted). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Aborted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Aborted());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** One sounding of the audio at `url`, to its end. */
export function playOnce(audio: AudioElementLike, url: string, settings: PlaySettings, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new Aborted());
    const settle = () => {
      audio.onended = null;
      audio.onerror = null;
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      settle();
      audio.pause();
      reject(new Aborted());
    };
    audio.onended = () => {
      settle();
      resolve();
    };
    audio.onerror = (event) => {
      settle();
      reject(new PlayFailed(event));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    if (audio.src === url) audio.currentTime = 0;
    else audio.src = url;
    // Loading a source resets playbackRate to defaultPlaybackRate, so both are set after it.
    audio.defaultPlaybackRate = settings.rate;
    audio.playbackRate = settings.rate;
    audio.volume = settings.volume;
    audio.play().catch((reason: unknown) => {
      if (signal.aborted) return; // pause() during play() rejects play(); that is the stop
      settle();
      reject(new PlayFailed(reason));
    });
  });
}
