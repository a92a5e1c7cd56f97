import { ok } from '../platform/http';
import type { Caller } from '../platform/caller';
import type { Speech } from './speech';
import type { CallHandlers } from '../platform/contract-routes';

export interface SpeechHandlersDeps {
  speech: Speech;
  /**
   * Meters synthesis (issue 29): called with the caller and the characters about to be
   * synthesized, only when the audio is not cached; an error it throws (a quota's) is the answer,
   * and nothing is synthesized. Absent: synthesis is not metered.
   */
  meterSynthesis?: (caller: Caller, chars: number) => void | Promise<void>;
}

/** Speech: a text's audio (binary) and its sentence segments. */
export function audioHandlers({ speech, meterSynthesis }: SpeechHandlersDeps): CallHandlers {
  return {
    get_text_audio: async ({ text, voice, source }, caller) => {
      const audio = await speech.audio(text, voice ?? 'us', {
        source,
        beforeSynthesis: meterSynthesis && ((chars) => meterSynthesis(caller, chars)),
      });
      return new Response(audio.bytes, {
        headers: {
          'content-type': audio.contentType,
          'content-length': String(audio.bytes.byteLength),
          // The same text and voice always give the same bytes, so the browser may keep them.
          'cache-control': 'public, max-age=31536000, immutable',
          etag: `"${audio.etag}"`,
        },
      });
    },

    get_text_audio_segments: async ({ text }) => ok({ segments: speech.segments(text) }),
  };
}
