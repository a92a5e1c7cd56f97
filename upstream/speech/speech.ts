/**
 * Text to speech for get_text_audio and get_text_audio_segments.
 *
 * Engine: espeak-ng 1.49 (GPL-3.0-or-later) in WebAssembly, from the `text2wav` package (MIT
 * wrapper), run in worker threads — see synthesizer.ts for why it was chosen over mespeak.
 * Voices: 'uk' is espeak-ng's en-gb-x-rp (Received Pronunciation), 'us' is en-us. Output: 16-bit
 * mono PCM WAV at 22,050 Hz.
 *
 * Every answer is made once per (text, voice) and then read from a disk cache under `cacheDir`,
 * named by the sha256 of voice and text, written atomically (temporary file, then rename), so a
 * crash never leaves half a file that later reads as audio. Identical requests that arrive while
 * the first is being made share its work.
 *
 * Composed audio (lib/contract/audio.ts): `md5:<hex>` with the composed text as `source`; the key
 * must be the source's md5. The source is remembered under `cacheDir/keys/`, so a key composed
 * once keeps working without its source, in either voice.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { md5 } from 'js-md5';
import {
  CONCAT_PREFIX,
  MD5_PREFIX,
  audioKeyOf,
  parseAudioKey,
  parseComposedText,
  type ComposedText,
  type Voice,
} from '../../lib/contract';
import { badRequest, notFound } from '../platform/http';
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

export interface Speech {
  /**
   * The audio of a text in a voice. `text` may be plain text, a composed `concat:` text, or an
   * `md5:` key of one (with the composed text in `source` unless the key was composed before).
   */
  audio(text: string, voice: Voice, source?: string): Promise<SpeechAudio>;
  /** The text's sentence segments, for playback one by one. */
  segments(text: string): Segment[];
  /** Ends the synthesis workers. */
  close(): Promise<void>;
}

export interface SpeechOptions {
  cacheDir: string;
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

const ENOENT = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export function createSpeech(options: SpeechOptions): Speech {
  const { cacheDir, log } = options;
  const now = options.now ?? systemClock;
  const synthesizer = options.synthesizer ?? createSynthesizer({ concurrency: options.concurrency, log });
  const keysDir = path.join(cacheDir, 'keys');
  const inFlight = new Map<string, Promise<AudioBytes>>();
  let ready: Promise<void> | undefined;

  const ensureDirs = () =>
    (ready ??= mkdir(keysDir, { recursive: true }).then(
      () => undefined,
      (error: unknown) => {
        ready = undefined; // try again next time: the directory may become writable
        throw error;
      },
    ));

  async function readIfPresent(file: string): Promise<AudioBytes | null> {
    try {
      return new Uint8Array(await readFile(file));
    } catch (error) {
      if (ENOENT(error)) return null;
      throw error;
    }
  }

  async function writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
    await ensureDirs();
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, data);
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  /** The cached bytes under `name`, else `make()`'s, stored; one `make()` per name at a time. */
  async function cached(name: string, make: () => Promise<AudioBytes>): Promise<AudioBytes> {
    const running = inFlight.get(name);
    if (running) return running;
    const file = path.join(cacheDir, `${name}.wav`);
    const hit = await readIfPresent(file);
    if (hit) return hit;
    // Checked again: another request may have started the work while this one read the disk.
    const started = inFlight.get(name);
    if (started) return started;
    const work = (async () => {
      const bytes = await make();
      try {
        await writeAtomically(file, bytes);
      } catch (error) {
        // A full or read-only disk costs the cache, not the answer.
        log(`[speech] could not cache ${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      return bytes;
    })();
    inFlight.set(name, work);
    try {
      return await work;
    } finally {
      inFlight.delete(name);
    }
  }

  const plainName = (text: string, voice: Voice) => sha256(`${voice}\n${text}`);

  async function plain(text: string, voice: Voice): Promise<SpeechAudio> {
    const normalized = normalizeText(text);
    if (!speakable(normalized)) throw badRequest('没有可朗读的文字');
    const name = plainName(normalized, voice);
    const bytes = await cached(name, async () => {
      const started = now().getTime();
      const wav = await synthesizer.synthesize(normalized, espeakVoices[voice]);
      log(`[speech] ${voice} ${normalized.length} chars in ${now().getTime() - started} ms`);
      return wav;
    });
    return { bytes, contentType: 'audio/wav', etag: name };
  }

  async function composed(hex: string, composition: ComposedText, voice: Voice): Promise<SpeechAudio> {
    const name = sha256(`${voice}\n${MD5_PREFIX}${hex}`);
    const bytes = await cached(name, async () => {
      const parts = await Promise.all(composition.parts.map((part) => plain(part, voice)));
      // Each part loses the engine's own leading and trailing pause, so the gap is the one asked for.
      const joined = joinWavs(
        parts.map((p) => trimSilence(parseWav(p.bytes))),
        composition.gapSeconds,
      );
      return encodeWav(joined);
    });
    return { bytes, contentType: 'audio/wav', etag: name };
  }

  async function rememberSource(hex: string, source: string): Promise<void> {
    const file = path.join(keysDir, `${hex}.txt`);
    if (await readIfPresent(file)) return;
    try {
      await writeAtomically(file, source);
    } catch (error) {
      log(`[speech] could not remember key ${hex}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function byKey(hex: string, voice: Voice, source: string | undefined): Promise<SpeechAudio> {
    if (source !== undefined) {
      if (md5(source) !== hex) throw badRequest('音频键与内容不符');
      const composition = parseComposedText(source);
      if (!composition) throw badRequest('组合音频格式不正确');
      const audio = await composed(hex, composition, voice);
      await rememberSource(hex, source);
      return audio;
    }
    const name = sha256(`${voice}\n${MD5_PREFIX}${hex}`);
    const hit = inFlight.get(name) ?? (await readIfPresent(path.join(cacheDir, `${name}.wav`)));
    if (hit) return { bytes: await hit, contentType: 'audio/wav', etag: name };
    const remembered = await readIfPresent(path.join(keysDir, `${hex}.txt`));
    const composition = remembered && parseComposedText(new TextDecoder().decode(remembered));
    if (!composition) throw notFound();
    return composed(hex, composition, voice);
  }

  return {
    async audio(text, voice, source) {
      if (text.startsWith(MD5_PREFIX)) {
        const hex = parseAudioKey(text);
        if (!hex) throw badRequest('音频键格式不正确');
        return byKey(hex, voice, source);
      }
      if (text.startsWith(CONCAT_PREFIX)) {
        if (!parseComposedText(text)) throw badRequest('组合音频格式不正确');
        return byKey(parseAudioKey(audioKeyOf(text))!, voice, text);
      }
      return plain(text, voice);
    },
    segments: (text) => splitSegments(text),
    close: () => synthesizer.close(),
  };
}
