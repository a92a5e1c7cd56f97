/**
 * The browser's own English voices (Web Speech API), for the audio engine (player.ts): which of
 * them are natural, which one speaks an accent, and the list as it fills in.
 *
 * Every phone and desktop now ships natural voices (Microsoft's "… Online (Natural)", Apple's
 * Siri, enhanced and premium voices, Google's network voices) that sound far better than espeak,
 * the server's synthesis. A plain local voice (Microsoft David, eSpeak's own) is no better than the
 * server's, so only a natural one is used by itself; a plain one is used only when the learner
 * names it in the settings. getVoices() is empty until the browser has loaded its list, which it
 * announces with `voiceschanged`.
 */
import type { Voice } from '@/lib/contract';

/** The part of SpeechSynthesisVoice the engine reads. */
export interface SpeechVoiceLike {
  name: string;
  lang: string;
  localService: boolean;
  voiceURI?: string;
  default?: boolean;
}

/** The language tag each accent is spoken in. */
export const accentLang: Record<Voice, string> = { uk: 'en-GB', us: 'en-US' };

/** Names that mark a voice as natural: neural, network or enhanced voices. */
const naturalName = /\b(natural|neural|online|enhanced|premium|siri|wavenet|studio)\b|^google\b/i;

/** The accent a voice speaks, from its language tag (en-GB, en_US, en-gb-x-rp); null for others. */
export function accentOf(voice: Pick<SpeechVoiceLike, 'lang'>): Voice | null {
  const lang = voice.lang.replace(/_/g, '-').toLowerCase();
  if (lang === 'en-gb' || lang.startsWith('en-gb-')) return 'uk';
  if (lang === 'en-us' || lang.startsWith('en-us-')) return 'us';
  return null;
}

/** Whether a voice sounds natural (by the name its maker gives it). */
export function isNatural(voice: Pick<SpeechVoiceLike, 'name'>): boolean {
  return naturalName.test(voice.name);
}

/**
 * The voices of one accent, best first: natural before plain, then a network voice before a local
 * one (the network voices are the neural ones where names say nothing), then by name, so the
 * order is the same on every visit.
 */
export function rankVoices<V extends SpeechVoiceLike>(voices: readonly V[], accent: Voice): V[] {
  const score = (v: V) => (isNatural(v) ? 2 : 0) + (v.localService ? 0 : 1);
  return voices.filter((v) => accentOf(v) === accent).sort((a, b) => score(b) - score(a) || a.name.localeCompare(b.name));
}

/**
 * The voice that speaks an accent: the one the learner chose by name while the browser still has
 * it, else the best natural one; null when there is none, and the server's synthesis speaks.
 */
export function pickVoice<V extends SpeechVoiceLike>(voices: readonly V[], accent: Voice, chosen?: string | null): V | null {
  const ranked = rankVoices(voices, accent);
  const named = chosen ? ranked.find((v) => v.name === chosen) : undefined;
  return named ?? ranked.find(isNatural) ?? null;
}

/** The part of window.speechSynthesis the list reads. */
export interface VoiceSource {
  getVoices(): SpeechVoiceLike[];
  addEventListener(type: 'voiceschanged', listener: () => void): void;
  removeEventListener(type: 'voiceschanged', listener: () => void): void;
}

/** The browser's speechSynthesis, or null where there is none (a server render, an old browser). */
export function browserSpeech(): (SpeechSynthesis & VoiceSource) | null {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return null;
  return window.speechSynthesis ?? null;
}

const noVoices: readonly SpeechVoiceLike[] = Object.freeze([]);

/**
 * The browser's voices as a store (for useSyncExternalStore): the list as it is now, and a
 * subscription that hears it fill in. The list is read again on each `voiceschanged`, so a
 * snapshot stays the same array until the browser changes it.
 */
export function voiceList(source: VoiceSource | null = browserSpeech()) {
  let voices: readonly SpeechVoiceLike[] = source?.getVoices() ?? noVoices;
  const listeners = new Set<() => void>();
  const refresh = () => {
    voices = source?.getVoices() ?? noVoices;
    for (const listener of [...listeners]) listener();
  };
  return {
    getSnapshot: () => voices,
    subscribe(listener: () => void) {
      if (listeners.size === 0) source?.addEventListener('voiceschanged', refresh);
      listeners.add(listener);
      // The list may have filled between the first read and this subscription.
      const now = source?.getVoices() ?? noVoices;
      if (now.length !== voices.length) refresh();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) source?.removeEventListener('voiceschanged', refresh);
      };
    },
  };
}
