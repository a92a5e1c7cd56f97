import { md5 } from 'js-md5';

/**
 * Composed audio (spec sections 5 and 9). A composed text reads
 *
 *     concat:<gap seconds>:<part>|<part>|…
 *
 * and stands for the parts spoken one after another with that much silence between them:
 * `concat:0.3:apple|apple` is a word said twice, `concat:0.1:a|p|p|l|e` a word spelled out.
 * Before asking for audio the browser replaces such a text by `md5:<hex>`, the md5 of the whole
 * composed text, and sends the composed text along as `source`; the upstream checks the key
 * against the source, composes once and caches the result under the key.
 */
export const CONCAT_PREFIX = 'concat:';

/** Where get_text_audio answers (as every call, /api/{name}): for the player, which needs no schema. */
export const textAudioPath = '/api/get_text_audio';
export const MD5_PREFIX = 'md5:';

/** Spec section 9: silence between a word's repeats and between spelled letters. */
export const REPEAT_GAP_SECONDS = 0.3;
export const LETTER_GAP_SECONDS = 0.1;

/**
 * What one get_text_audio request may speak (issue 29): characters of its text, or of a composed
 * text's parts together. Every screen asks for less: a word, a gloss, a course sentence, a
 * sentence of a book; the player reads a longer sentence in pieces (lib/text/speech-pieces.ts),
 * and get_text_audio_segments cuts a passage into segments of at most 240. A thousand characters
 * is about a minute of speech, 2.4 MB of WAV; the analysis takes sentences of the same length.
 * Kept here, without zod, because the player reads it.
 */
export const speechLimits = { maxChars: 1_000 } as const;

/** The answer to a text over the limit, in the catalogue's words (a 400, as for parse_text). */
export const speechTooLong = `文本过长：一次最多朗读 ${speechLimits.maxChars} 个字符，请分句朗读`;

const MAX_PARTS = 64;
const MAX_GAP_SECONDS = 5;

export interface ComposedText {
  gapSeconds: number;
  parts: string[];
}

export function composeText({ gapSeconds, parts }: ComposedText): string {
  return `${CONCAT_PREFIX}${gapSeconds}:${parts.map((p) => p.replaceAll('|', ' ')).join('|')}`;
}

/** A word said `times` times with the repeat gap. */
export const repeatedWord = (word: string, times: number) =>
  composeText({ gapSeconds: REPEAT_GAP_SECONDS, parts: Array.from({ length: Math.max(1, times) }, () => word) });

/** A word spelled letter by letter with the letter gap (letters only; spaces and marks dropped). */
export const spelledWord = (word: string) =>
  composeText({ gapSeconds: LETTER_GAP_SECONDS, parts: [...word].filter((ch) => /\p{L}/u.test(ch)) });

/** Reads a composed text; null when it is not one or is malformed. */
export function parseComposedText(text: string): ComposedText | null {
  if (!text.startsWith(CONCAT_PREFIX)) return null;
  const rest = text.slice(CONCAT_PREFIX.length);
  const colon = rest.indexOf(':');
  if (colon <= 0) return null;
  const gapSeconds = Number(rest.slice(0, colon));
  if (!Number.isFinite(gapSeconds) || gapSeconds < 0 || gapSeconds > MAX_GAP_SECONDS) return null;
  const parts = rest
    .slice(colon + 1)
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0 || parts.length > MAX_PARTS) return null;
  return { gapSeconds, parts };
}

export const audioKeyOf = (composedText: string) => `${MD5_PREFIX}${md5(composedText)}`;

/** `md5:<32 lowercase hex>`, else null. */
export function parseAudioKey(text: string): string | null {
  const m = /^md5:([0-9a-f]{32})$/.exec(text);
  return m ? m[1] : null;
}

/**
 * The query of `get_text_audio` for a text as the player holds it: a composed text travels as
 * its key plus its source (spec section 5), anything else as itself.
 */
export function audioQuery(text: string, voice?: 'uk' | 'us'): Record<string, string> {
  const query: Record<string, string> = text.startsWith(CONCAT_PREFIX) ? { text: audioKeyOf(text), source: text } : { text };
  if (voice) query.voice = voice;
  return query;
}
