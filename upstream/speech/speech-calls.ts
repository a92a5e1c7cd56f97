import { ok } from '../platform/http';
import type { Speech } from './speech';
import type { CallHandlers } from '../platform/contract-routes';

/** Speech: a text's audio (binary) and its sentence segments. */
export function speechCalls({ speech }: { speech: Speech }): CallHandlers {
  return {
    get_text_audio: async ({ text, voice, source }) => {
      const audio = await speech.audio(text, voice ?? 'us', source);
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
