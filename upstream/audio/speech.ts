/**
 * Text to speech for get_text_audio and get_text_audio_segments.
 *
 * Engine: espeak-ng 1.49 (GPL-3.0-or-later) in WebAssembly, from the `text2wav` package (MIT
 * wrapper), run in worker threads — see synthesizer.ts for why it was chosen over mespeak.
 * Voices: 'uk' is espeak-ng's en-gb-x-rp (Received Pronunciation), 'us' is en-us. Output: 16-bit
 * mono PCM WAV at 22,050 Hz.
 *
 * Answers are kept in a disk cache under `cacheDir`, named by the sha256 of voice and text and
 * bounded in bytes with least-recently-used eviction (audio-cache.ts, which also says what is not
 * kept). Identical requests that arrive while the first is being made share its work.
 *
 * One request speaks at most speechLimits.maxChars characters (lib/contract/audio.ts). Making
 * audio can be metered: `beforeSynthesis` is called with the characters about to be synthesized,
 * only when they are (not on a cache hit), and its error stops the request before any synthesis.
 *
 * Composed audio (lib/contract/audio.ts): `md5:<hex>` with the composed text as `source`; the key
 * must be the source's md5. The source is remembered under `cacheDir/keys/` (in the same bound),
 * so a key composed once keeps working without its source, in either voice, while it is kept.
 */
import { createHash } from 'node:crypto';
import { md5 } from 'js-md5';
import {
  CONCAT_PREFIX,
  MD5_PREFIX,
  audioKeyOf,
  parseAudioKey,
  parseComposedText,
  speechLimits,
  speechTooLong,
  type ComposedText,
  type Voice,
} from '../../lib/contract';
import { badRequest, notFound } from '../platform/http';
import { createAudioCache } from './audio-cache';
import { systemClock, type Clock } from '../platform/time';
import { splitSegments, type Segment } from './segments';
import { createSynthesizer, type Synthesizer } from './synthesizer';
import { encodeWav, joinWavs, parseWav, trimSilence } from './wav';

export type { Segment } from './segments';

/** The espeak-ng voice behind each of the product's voices. */
export const espeakVoices: Record<Voice, string> = { uk: 'en-gb-x-rp', us: 'en-us' };

/** Bytes over a plain ArrayBuffer, which is what a web Response body accepts. */
export type AudioBytes = Uint8Array<ArrayBuffer>;

export interface SpeechAudio {
  bytes: AudioBytes;
  contentType: 'audio/wav';
  /** Stable for the same text and voice: the cache name. */
  etag: string;
}

export interface AudioOptions {
  /** The composed text of an `md5:` key (unless the key was composed before). */
  source?: string;
  /**
   * Called when the audio is not cached and must be synthesized, before synthesis, with the
   * number of characters about to be synthesized (a composed text: its parts not cached yet,
   * each once); not called on a cache hit. An error it throws ends the request before anything is
   * synthesized or written. The hook for metering. Two identical requests that miss at the same
   * moment are both called, though the audio is made once.
   */
  beforeSynthesis?: (chars: number) => void | Promise<void>;
}

export interface Speech {
  /**
   * The audio of a text in a voice. `text` may be plain text, a composed `concat:` text, or an
   * `md5:` key of one (with the composed text in `options.source` unless the key was composed
   * before).
   */
  audio(text: string, voice: Voice, options?: AudioOptions): Promise<SpeechAudio>;
  /** The text's sentence segments, for playback one by one. */
  segments(text: string): Segment[];
  /** Ends the synthesis workers (and waits for a scan of the cache to end). */
  close(): Promise<void>;
}

export interface SpeechOptions {
  cacheDir: string;
  /** The bound on the cache folder, in bytes (AUDIO_CACHE_MAX_BYTES; default 256 MiB). */
  cacheMaxBytes?: number;
  log: (line: string) => void;
  now?: Clock;
  /** Replaces the espeak-ng worker pool (tests count calls through it). */
  synthesizer?: Synthesizer;
  /** Syntheses at the same time, when the pool is made here. */
  concurrency?: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The form a text is cached and spoken in: NFC, one space for any run of white space. */
export const normalizeText = (text: string) => text.normalize('NFC').replace(/\s+/gu, ' ').trim();

const speakable = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** The default bound of the cache, as AUDIO_CACHE_MAX_BYTES's (upstream/platform/config.ts). */
export const DEFAULT_AUDIO_CACHE_MAX_BYTES = 256 * 1024 * 1024;

const tooLong = () => badRequest(speechTooLong);
type Meter = AudioOptions['beforeSynthesis'];

export function createSpeech(options: SpeechOptions): Speech {
  const { cacheDir, log } = options;
  const now = options.now ?? systemClock;
  const synthesizer = options.synthesizer ?? createSynthesizer({ concurrency: options.concurrency, log });
  const cache = createAudioCache({ dir: cacheDir, maxBytes: options.cacheMaxBytes ?? DEFAULT_AUDIO_CACHE_MAX_BYTES, log });
  const inFlight = new Map<string, Promise<AudioBytes>>();

  /**
   * The cached bytes of `file`, else `make()`'s, kept if the cache admits them; one `make()` per
   * file at a time. `meter` runs before `make()` only when the file is neither cached nor being
   * made, and its error ends the request with nothing made.
   */
  async function cached(file: string, meter: () => Promise<void>, make: () => Promise<AudioBytes>): Promise<AudioBytes> {
    const running = inFlight.get(file);
    if (running) return running;
    const hit = await cache.read(file);
    if (hit) return hit;
    await meter();
    // Checked again: another request may have started the work while this one read the disk or
    // was metered.
    const started = inFlight.get(file);
    if (started) return started;
    const work = (async () => {
      const bytes = await make();
      try {
        await cache.write(file, bytes);
      } catch (error) {
        // A full or read-only disk costs the cache, not the answer.
        log(`[speech] could not cache ${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
      return bytes;
    })();
    inFlight.set(file, work);
    try {
      return await work;
    } finally {
      inFlight.delete(file);
    }
  }

  const plainFile = (text: string, voice: Voice) => `${sha256(`${voice}\n${text}`)}.wav`;
  const keyFile = (hex: string, voice: Voice) => `${sha256(`${voice}\n${MD5_PREFIX}${hex}`)}.wav`;
  const sourceFile = (hex: string) => `keys/${hex}.txt`;
  const etagOf = (file: string) => file.slice(0, -'.wav'.length);

  /** The text as it is spoken and cached; 400 when there is nothing to speak or too much. */
  function spokenForm(text: string): string {
    const normalized = normalizeText(text);
    if (!speakable(normalized)) throw badRequest('没有可朗读的文字');
    if (normalized.length > speechLimits.maxChars) throw tooLong();
    return normalized;
  }

  async function plain(text: string, voice: Voice, beforeSynthesis: Meter): Promise<SpeechAudio> {
    const normalized = spokenForm(text);
    const file = plainFile(normalized, voice);
    const bytes = await cached(
      file,
      async () => {
        await beforeSynthesis?.(normalized.length);
      },
      async () => {
        const started = now().getTime();
        const wav = await synthesizer.synthesize(normalized, espeakVoices[voice]);
        log(`[speech] ${voice} ${normalized.length} chars in ${now().getTime() - started} ms`);
        return wav;
      },
    );
    return { bytes, contentType: 'audio/wav', etag: etagOf(file) };
  }

  async function composed(hex: string, composition: ComposedText, voice: Voice, beforeSynthesis: Meter): Promise<SpeechAudio> {
    const parts = composition.parts.map(spokenForm);
    if (parts.reduce((n, part) => n + part.length, 0) > speechLimits.maxChars) throw tooLong();
    const file = keyFile(hex, voice);
    const bytes = await cached(
      file,
      async () => {
        if (!beforeSynthesis) return;
        // What must be synthesized: the distinct parts not cached yet (the rest is only joined).
        const distinct = [...new Set(parts)];
        const missing = await Promise.all(distinct.map(async (p) => !(await cache.exists(plainFile(p, voice)))));
        const chars = distinct.reduce((n, part, i) => n + (missing[i] ? part.length : 0), 0);
        if (chars > 0) await beforeSynthesis(chars);
      },
      async () => {
        // Metered above, as a whole.
        const audios = await Promise.all(parts.map((part) => plain(part, voice, undefined)));
        // Each part loses the engine's own leading and trailing pause, so the gap is the one asked for.
        const joined = joinWavs(
          audios.map((a) => trimSilence(parseWav(a.bytes))),
          composition.gapSeconds,
        );
        return encodeWav(joined);
      },
    );
    return { bytes, contentType: 'audio/wav', etag: etagOf(file) };
  }

  async function rememberSource(hex: string, source: string): Promise<void> {
    const file = sourceFile(hex);
    if (await cache.exists(file)) return;
    try {
      await cache.write(file, source);
    } catch (error) {
      log(`[speech] could not remember key ${hex}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function byKey(hex: string, voice: Voice, source: string | undefined, beforeSynthesis: Meter): Promise<SpeechAudio> {
    if (source !== undefined) {
      if (md5(source) !== hex) throw badRequest('音频键与内容不符');
      const composition = parseComposedText(source);
      if (!composition) throw badRequest('组合音频格式不正确');
      const audio = await composed(hex, composition, voice, beforeSynthesis);
      await rememberSource(hex, source);
      return audio;
    }
    const file = keyFile(hex, voice);
    const hit = inFlight.get(file) ?? (await cache.read(file));
    if (hit) return { bytes: await hit, contentType: 'audio/wav', etag: etagOf(file) };
    const remembered = await cache.read(sourceFile(hex));
    const composition = remembered && parseComposedText(new TextDecoder().decode(remembered));
    if (!composition) throw notFound();
    return composed(hex, composition, voice, beforeSynthesis);
  }

  return {
    async audio(text, voice, { source, beforeSynthesis } = {}) {
      if (text.startsWith(MD5_PREFIX)) {
        const hex = parseAudioKey(text);
        if (!hex) throw badRequest('音频键格式不正确');
        return byKey(hex, voice, source, beforeSynthesis);
      }
      if (text.startsWith(CONCAT_PREFIX)) {
        if (!parseComposedText(text)) throw badRequest('组合音频格式不正确');
        return byKey(parseAudioKey(audioKeyOf(text))!, voice, text, beforeSynthesis);
      }
      return plain(text, voice, beforeSynthesis);
    },
    segments: (text) => splitSegments(text),
    async close() {
      await synthesizer.close();
      await cache.settled();
    },
  };
}
