import { z } from 'zod';
import { def, num, obj, str } from '../define';
import { speechLimits, speechTooLong } from '../audio';
import { envelope } from '../envelope';

/** Speech: a text's audio, and a long text's sentence segments (composed audio: ../audio.ts). */

/** The two speakers of the speech engine. */
export const voices = ['uk', 'us'] as const;
export type Voice = (typeof voices)[number];

export const audioCalls = {
  /**
   * Speech for a text, as audio bytes (audio/wav). `voice` picks the UK or US speaker (default us).
   * Composed audio (spec section 5) is asked for by key: `text=md5:<32 hex>` where the hex is the
   * md5 of the whole `concat:` text, which goes along in `source` (see lib/contract/audio.ts).
   * The upstream checks that the key is the source's md5; a key it has composed before is served
   * from its cache even without `source`, and an unknown key without one answers 404.
   * One request speaks at most speechLimits.maxChars characters (a composed text: its parts
   * together); a longer text answers 400 (the player reads one in pieces, and
   * get_text_audio_segments cuts a passage into segments).
   */
  get_text_audio: def('get_text_audio', {
    method: 'GET',
    kind: 'binary',
    // Seconds of speech synthesis and the audio cache's disk; metered for visitors.
    spends: true,
    request: obj({
      text: str.min(1).max(speechLimits.maxChars, speechTooLong),
      voice: z.enum(voices).optional(),
      // Room for the separators and gap of up to 64 parts; the parts themselves are counted by
      // the service against the same limit.
      source: str.max(2 * speechLimits.maxChars, speechTooLong).optional(),
    }),
  }),
  /** Splits a text into sentence segments, each fetched and played on its own. */
  get_text_audio_segments: def('get_text_audio_segments', {
    request: obj({ text: str.min(1).max(20_000), voice: z.enum(voices).optional() }),
    response: envelope(obj({ segments: z.array(obj({ index: num, text: str })) })),
  }),
} as const;
