/**
 * Speaking with the browser's own voices (Web Speech API), for the audio engine (player.ts), which
 * uses it in place of the server's synthesis where the learner keeps 浏览器自然人声 and the browser
 * has a natural voice for the accent (browser-voices.ts). One utterance at a time, to its end; a
 * stop cancels it.
 */
import type { Voice } from '@/lib/contract';
import { browserSpeech, pickVoice, type SpeechVoiceLike } from './browser-voices';
import { Aborted, PlayFailed, type PlaySettings } from './player-sound';

export interface SpeechEngine {
  /** The voice that speaks an accent (the learner's choice by name, else the best natural one), or null. */
  voiceFor(accent: Voice, chosen?: string | null): SpeechVoiceLike | null;
  /** Speaks a text once, to its end; rejects with Aborted on a stop and PlayFailed on an error. */
  speak(text: string, voice: SpeechVoiceLike, settings: PlaySettings, signal: AbortSignal): Promise<void>;
}

/** The part of an utterance the engine sets. */
export interface UtteranceLike {
  voice: SpeechVoiceLike | null;
  lang: string;
  rate: number;
  volume: number;
  onend: ((event: unknown) => void) | null;
  onerror: ((event: { error?: string }) => void) | null;
}

/** The part of window.speechSynthesis the engine uses. */
export interface SynthesisLike {
  getVoices(): SpeechVoiceLike[];
  speak(utterance: UtteranceLike): void;
  cancel(): void;
  readonly speaking?: boolean;
  readonly pending?: boolean;
}

/** The engine on a synthesis (the browser's by default); null where the browser has none. */
export function speechEngine(
  synthesis: SynthesisLike | null = browserSpeech() as unknown as SynthesisLike | null,
  createUtterance: ((text: string) => UtteranceLike) | null = typeof SpeechSynthesisUtterance === 'function'
    ? (text) => new SpeechSynthesisUtterance(text) as unknown as UtteranceLike
    : null,
): SpeechEngine | null {
  if (!synthesis || !createUtterance) return null;
  return {
    voiceFor: (accent, chosen) => pickVoice(synthesis.getVoices(), accent, chosen),
    speak: (text, voice, settings, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal.aborted) return reject(new Aborted());
        const utterance = createUtterance(text);
        utterance.voice = voice;
        utterance.lang = voice.lang;
        // The Web Speech API takes rates from 0.1 to 10.
        utterance.rate = Math.min(10, Math.max(0.1, settings.rate));
        utterance.volume = settings.volume;
        const settle = () => {
          utterance.onend = null;
          utterance.onerror = null;
          signal.removeEventListener('abort', onAbort);
        };
        const onAbort = () => {
          settle();
          synthesis.cancel();
          reject(new Aborted());
        };
        utterance.onend = () => {
          settle();
          resolve();
        };
        utterance.onerror = (event) => {
          settle();
          if (signal.aborted || event.error === 'interrupted' || event.error === 'canceled') reject(new Aborted());
          else reject(new PlayFailed(event.error ?? event));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        // Anything another page or a crashed run left queued would speak first.
        if (synthesis.speaking || synthesis.pending) synthesis.cancel();
        synthesis.speak(utterance);
      }),
  };
}
