import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioKeyOf, composeText, repeatedWord, spelledWord } from '../../lib/contract';
import { createErrorHandler, notFoundHandler, UpstreamError } from '../platform/http';
import { registerContractRoutes } from '../platform/contract-routes';
import { audioHandlers } from './audio-calls';
import { createSpeech, type Speech } from './speech';
import { createSynthesizer, type Synthesizer } from './synthesizer';
import { durationSeconds, frameCount, gapFrames, parseWav, peakLevel, trimSilence } from './wav';

/** The real espeak-ng pool, with every synthesis counted. */
function countingSynthesizer(inner: Synthesizer) {
  const calls: string[] = [];
  const synthesizer: Synthesizer = {
    synthesize(text, voice) {
      calls.push(`${voice}:${text}`);
      return inner.synthesize(text, voice);
    },
    get load() {
      return inner.load;
    },
    close: () => inner.close(),
  };
  return { synthesizer, calls };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let dir: string;
let engine: Synthesizer;
let counted: ReturnType<typeof countingSynthesizer>;
let speech: Speech;
const logs: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'yujing-speech-'));
  engine = createSynthesizer({ concurrency: 2 });
  counted = countingSynthesizer(engine);
  speech = createSpeech({ cacheDir: dir, log: (l) => logs.push(l), synthesizer: counted.synthesizer });
});

afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as UpstreamError;
  }
  throw new Error('expected a rejection');
};

describe('speech audio', () => {
  it('answers real speech: a RIFF/WAVE file, 22,050 Hz 16-bit mono, audible, of a plausible length', async () => {
    const audio = await speech.audio('hello', 'us');
    expect(audio.contentType).toBe('audio/wav');
    expect(new TextDecoder().decode(audio.bytes.subarray(0, 4))).toBe('RIFF');
    const wav = parseWav(audio.bytes);
    expect(wav.format).toEqual({ sampleRate: 22_050, channels: 1, bitsPerSample: 16 });
    expect(peakLevel(wav)).toBeGreaterThan(0.1);
    expect(durationSeconds(wav)).toBeGreaterThan(0.2);
    expect(durationSeconds(wav)).toBeLessThan(2);
    // A 20-word sentence is several times longer than a word.
    const sentence = await speech.audio(
      'The quick brown fox jumps over the lazy dog while the farmer watches from across the quiet green field today.',
      'us',
    );
    expect(durationSeconds(parseWav(sentence.bytes))).toBeGreaterThan(4 * durationSeconds(wav));
  });

  it('speaks with a different voice for uk and us', async () => {
    const uk = await speech.audio('tomato', 'uk');
    const us = await speech.audio('tomato', 'us');
    expect(Buffer.from(uk.bytes).equals(Buffer.from(us.bytes))).toBe(false);
    expect(uk.etag).not.toBe(us.etag);
    expect(counted.calls).toContain('en-gb-x-rp:tomato');
    expect(counted.calls).toContain('en-us:tomato');
  });

  it('serves a repeated text from the disk cache, file named by sha256 of voice and text', async () => {
    const first = await speech.audio('  cache   me ', 'uk');
    const before = counted.calls.length;
    const again = await speech.audio('cache me', 'uk');
    expect(counted.calls.length).toBe(before);
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    const file = path.join(dir, `${sha256('uk\ncache me')}.wav`);
    expect((await stat(file)).size).toBe(first.bytes.length);
    expect(again.etag).toBe(sha256('uk\ncache me'));

    // A new instance over the same directory (a restart) synthesizes nothing.
    const restarted = createSpeech({ cacheDir: dir, log: () => {}, synthesizer: counted.synthesizer });
    await restarted.audio('cache me', 'uk');
    expect(counted.calls.length).toBe(before);
    // Writes went through temporary files that were renamed away.
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('synthesizes once for concurrent identical requests', async () => {
    const before = counted.calls.length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => speech.audio('all at once', 'us')));
    expect(counted.calls.slice(before)).toEqual(['en-us:all at once']);
    for (const a of answers) expect(Buffer.from(a.bytes).equals(Buffer.from(answers[0].bytes))).toBe(true);
  });

  it('passes a text that looks like an engine option through as text', async () => {
    const audio = await speech.audio('-v hello', 'us');
    expect(peakLevel(parseWav(audio.bytes))).toBeGreaterThan(0.1);
  });

  it('refuses a text with nothing to speak with a 400', async () => {
    const error = await rejection(speech.audio(' ... !? ', 'us'));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.httpStatus).toBe(400);
    expect(error.description).toBe('请求参数错误：没有可朗读的文字');
    expect((await rejection(speech.audio('md5:not-a-key', 'us'))).httpStatus).toBe(400);
  });
});

describe('composed audio', () => {
  const source = repeatedWord('apple', 2);
  const key = audioKeyOf(source);

  it('composes a key with its source: the word twice with exactly the gap between', async () => {
    const audio = await speech.audio(key, 'us', { source });
    const joined = parseWav(audio.bytes);
    const single = trimSilence(parseWav((await speech.audio('apple', 'us')).bytes));
    expect(frameCount(joined)).toBe(2 * frameCount(single) + gapFrames(joined.format, 0.3));
    // The gap is silence.
    const from = frameCount(single);
    const gap = joined.data.subarray(from * 2, (from + gapFrames(joined.format, 0.3)) * 2);
    expect(gap.every((b) => b === 0)).toBe(true);
    expect(audio.etag).toBe(sha256(`us\n${key}`));
  });

  it('refuses a key that is not the md5 of its source', async () => {
    const error = await rejection(speech.audio(key, 'us', { source: repeatedWord('pear', 2) }));
    expect(error.httpStatus).toBe(400);
    expect(error.description).toBe('请求参数错误：音频键与内容不符');
  });

  it('answers 404 for an unknown key without source, and serves a known one without it', async () => {
    const unknown = audioKeyOf(spelledWord('zebra'));
    expect((await rejection(speech.audio(unknown, 'us'))).httpStatus).toBe(404);

    const before = counted.calls.length;
    const known = await speech.audio(key, 'us');
    expect(counted.calls.length).toBe(before);
    expect(Buffer.from(known.bytes).equals(Buffer.from((await speech.audio(key, 'us', { source })).bytes))).toBe(true);
    // The remembered source also composes the key in the other voice.
    const uk = await speech.audio(key, 'uk');
    expect(peakLevel(parseWav(uk.bytes))).toBeGreaterThan(0.1);
    expect(Buffer.from(uk.bytes).equals(Buffer.from(known.bytes))).toBe(false);
  });

  it('composes a concat: text sent directly, the same as by its key', async () => {
    const spelled = spelledWord('cab');
    const direct = await speech.audio(spelled, 'uk');
    const byKey = await speech.audio(audioKeyOf(spelled), 'uk');
    expect(Buffer.from(byKey.bytes).equals(Buffer.from(direct.bytes))).toBe(true);
    const wav = parseWav(direct.bytes);
    const letters = await Promise.all(
      ['c', 'a', 'b'].map(async (l) => trimSilence(parseWav((await speech.audio(l, 'uk')).bytes))),
    );
    expect(frameCount(wav)).toBe(letters.reduce((n, l) => n + frameCount(l), 0) + 2 * gapFrames(wav.format, 0.1));
    expect((await rejection(speech.audio('concat:x:a|b', 'uk'))).httpStatus).toBe(400);
    expect((await rejection(speech.audio(audioKeyOf('plain'), 'uk', { source: 'plain' }))).httpStatus).toBe(400);
  });
});

describe('the metering hook', () => {
  const beforeFiles = async () => new Set(await readdir(dir));

  it('is called on a miss with the characters about to be synthesized, before synthesis, and not on a hit', async () => {
    const events: string[] = [];
    const beforeSynthesis = (chars: number) => {
      events.push(`meter ${chars} after ${counted.calls.length} syntheses`);
    };
    const before = counted.calls.length;
    await speech.audio('  metered   words ', 'us', { beforeSynthesis });
    expect(events).toEqual([`meter ${'metered words'.length} after ${before} syntheses`]);
    expect(counted.calls.slice(before)).toEqual(['en-us:metered words']);
    await speech.audio('metered words', 'us', { beforeSynthesis });
    expect(events).toHaveLength(1);
    // The other voice is another audio.
    await speech.audio('metered words', 'uk', { beforeSynthesis });
    expect(events).toHaveLength(2);
  });

  it('stops the request when it throws: nothing synthesized, nothing written, the error is the answer', async () => {
    const quota = new UpstreamError(200, '001', '今日免费次数已用完');
    const files = await beforeFiles();
    const before = counted.calls.length;
    const error = await rejection(
      speech.audio('refused words', 'us', {
        beforeSynthesis: async () => {
          throw quota;
        },
      }),
    );
    expect(error).toBe(quota);
    expect(counted.calls.length).toBe(before);
    expect(new Set(await readdir(dir))).toEqual(files);
    // A composed text is refused as a whole, before any of its parts is made.
    const composedError = await rejection(
      speech.audio(repeatedWord('refusal', 2), 'us', {
        beforeSynthesis: () => {
          throw quota;
        },
      }),
    );
    expect(composedError).toBe(quota);
    expect(counted.calls.length).toBe(before);
    expect(new Set(await readdir(dir))).toEqual(files);
    expect(new Set(await readdir(path.join(dir, 'keys')))).not.toContain(
      `${audioKeyOf(repeatedWord('refusal', 2)).slice(4)}.txt`,
    );
  });

  it('counts for a composed text only its distinct parts that are not cached yet, once', async () => {
    await speech.audio('pear', 'us');
    const calls: number[] = [];
    const beforeSynthesis = (chars: number) => {
      calls.push(chars);
    };
    const source = composeText({ gapSeconds: 0.3, parts: ['pear', 'plum', 'pear', 'plum'] });
    await speech.audio(audioKeyOf(source), 'us', { source, beforeSynthesis });
    expect(calls).toEqual(['plum'.length]);
    // Composed from cached parts only: joined, not synthesized, so not counted.
    const joined = composeText({ gapSeconds: 0.1, parts: ['plum', 'pear'] });
    await speech.audio(joined, 'us', { beforeSynthesis });
    expect(calls).toEqual(['plum'.length]);
  });
});

describe('the length cap', () => {
  it('refuses more than 1,000 characters to speak in one request, a composed text by its parts together', async () => {
    const before = counted.calls.length;
    const words = Array.from({ length: 250 }, (_, i) => `w${i}`).join(' ');
    expect(words.length).toBeGreaterThan(1000);
    const error = await rejection(speech.audio(words, 'us'));
    expect(error.httpStatus).toBe(400);
    expect(error.description).toBe('请求参数错误：文本过长：一次最多朗读 1000 个字符，请分句朗读');
    const parts = Array.from({ length: 50 }, (_, i) => `part number ${i} of many`);
    expect(parts.join('').length).toBeGreaterThan(1000);
    const source = composeText({ gapSeconds: 0.1, parts });
    expect((await rejection(speech.audio(audioKeyOf(source), 'us', { source }))).description).toBe(
      '请求参数错误：文本过长：一次最多朗读 1000 个字符，请分句朗读',
    );
    expect(counted.calls.length).toBe(before);
  });
});

describe('synthesizer', () => {
  it('queues beyond its concurrency and refuses beyond its queue with a 503', async () => {
    const small = createSynthesizer({ concurrency: 1, maxQueue: 1 });
    try {
      const first = small.synthesize('one', 'en-us');
      const second = small.synthesize('two', 'en-us');
      expect(small.load).toBe(2); // one running, one waiting
      const error = await rejection(small.synthesize('three', 'en-us'));
      expect(error.httpStatus).toBe(503);
      const [a, b] = await Promise.all([first, second]);
      expect(parseWav(a).data.length).toBeGreaterThan(0);
      expect(parseWav(b).data.length).toBeGreaterThan(0);
      expect(small.load).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('reports an unknown voice as an error and keeps working', async () => {
    const small = createSynthesizer({ concurrency: 1 });
    try {
      await expect(small.synthesize('x', 'nosuchvoice')).rejects.toThrow(/voice does not exist/);
      expect(parseWav(await small.synthesize('still here', 'en-us')).data.length).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });
});

describe('speech calls over HTTP', () => {
  const app = new Hono();
  beforeAll(() => {
    app.onError(createErrorHandler(() => {}));
    app.notFound(notFoundHandler);
    registerContractRoutes(app, audioHandlers({ speech }));
  });

  it('GET get_text_audio answers the bytes with type, length, immutable caching and an etag; voice defaults to us', async () => {
    const res = await app.request('/api/get_text_audio?text=hello&voice=uk');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBe(`"${sha256('uk\nhello')}"`);
    expect(parseWav(bytes).format.sampleRate).toBe(22_050);

    const byDefault = await app.request('/api/get_text_audio?text=hello');
    expect(byDefault.headers.get('etag')).toBe(`"${sha256('us\nhello')}"`);
  });

  it('answers composed keys with source, and the catalogue errors as JSON', async () => {
    const source = composeText({ gapSeconds: 0.3, parts: ['go', 'go'] });
    const query = new URLSearchParams({ text: audioKeyOf(source), source });
    const ok = await app.request(`/api/get_text_audio?${query}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('audio/wav');

    const bad = await app.request(
      `/api/get_text_audio?${new URLSearchParams({ text: audioKeyOf(source), source: 'concat:0.3:no|no' })}`,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ status: '400', description: '请求参数错误：音频键与内容不符' });

    const unknown = await app.request(`/api/get_text_audio?text=${audioKeyOf('concat:0.3:never|seen')}`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).status).toBe('404');

    const empty = await app.request('/api/get_text_audio?text=');
    expect(empty.status).toBe(400);
    const tooLong = await app.request(`/api/get_text_audio?text=${'a'.repeat(1001)}`);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({
      status: '400',
      description: '请求参数错误：text: 文本过长：一次最多朗读 1000 个字符，请分句朗读',
    });
  });

  it('meters synthesis through meterSynthesis with the caller, and answers its error as JSON', async () => {
    const metered = new Hono();
    metered.onError(createErrorHandler(() => {}));
    const charged: [string | undefined, number][] = [];
    registerContractRoutes(
      metered,
      audioHandlers({
        speech,
        meterSynthesis: (caller, chars) => {
          if (caller.visitorId === 'visitor-out') throw new UpstreamError(200, '001', '今日免费次数已用完');
          charged.push([caller.visitorId, chars]);
        },
      }),
    );
    const get = (text: string, visitor: string) =>
      metered.request(`/api/get_text_audio?${new URLSearchParams({ text })}`, { headers: { 'x-visitor-id': visitor } });

    const before = counted.calls.length;
    const refused = await get('a metered text over http', 'visitor-out');
    expect(refused.status).toBe(200);
    expect(await refused.json()).toEqual({ status: '001', description: '今日免费次数已用完' });
    expect(counted.calls.length).toBe(before);

    const first = await get('a metered text over http', 'visitor-in');
    expect(first.headers.get('content-type')).toBe('audio/wav');
    expect(charged).toEqual([['visitor-in', 'a metered text over http'.length]]);
    // Cached now: served to anyone, the visitor out of uses included, and charged to nobody.
    const again = await get('a metered text over http', 'visitor-out');
    expect(again.headers.get('content-type')).toBe('audio/wav');
    expect(charged).toHaveLength(1);
    expect(counted.calls.length).toBe(before + 1);
  });

  it('POST get_text_audio_segments answers the segments', async () => {
    const res = await app.request('/api/get_text_audio_segments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Mr. Lee is here. He waits.', voice: 'uk' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'OK',
      data: {
        segments: [
          { index: 0, text: 'Mr. Lee is here.' },
          { index: 1, text: 'He waits.' },
        ],
      },
    });
  });
});
