import { createHash } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUpstream, type TestUpstream } from '../test-harness';
import { cacheOnDisk } from './cache-on-disk';

/*
 * Issue 29: anonymous text to speech filled the disk (each 5,000-character text wrote a 14 MB WAV
 * that was never deleted). The real service over HTTP, with its cache bounded to 1 MiB by
 * AUDIO_CACHE_MAX_BYTES: texts longer than a request may speak are refused, and however many
 * different texts are asked for, the folder stays within the bound while what is in use stays.
 */

const BOUND = 1024 * 1024;
let upstream: TestUpstream;
let cacheDir: string;

beforeAll(async () => {
  upstream = await startTestUpstream({ env: { AUDIO_CACHE_MAX_BYTES: '1M' } });
  cacheDir = path.join(upstream.dir, 'audio-cache');
});
afterAll(() => upstream.stop());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function audio(text: string, voice = 'us') {
  const answer = await fetch(`${upstream.url}/api/get_text_audio?${new URLSearchParams({ text, voice })}`);
  return { status: answer.status, type: answer.headers.get('content-type'), bytes: Buffer.from(await answer.arrayBuffer()) };
}

/** Syntheses so far, from the service's log ("[speech] us 12 chars in 80 ms"). */
const syntheses = () => upstream.logs.filter((line) => /^\[speech\] (us|uk) \d+ chars in/.test(line)).length;

/** The disk the cache folder takes (as `du` counts), and its WAVs. */
async function cacheOnDiskNow(): Promise<{ bytes: number; wavs: number }> {
  const { bytes, files } = await cacheOnDisk(cacheDir);
  return { bytes, wavs: files.filter((name) => name.endsWith('.wav')).length };
}

// Random-word texts, as the outside probe sent them.
const vocabulary = 'apple river stone quiet garden window paper yellow market winter bright silver'.split(' ');
function randomWords(chars: number, seed: number): string {
  let text = '';
  let n = seed;
  while (text.length < chars) {
    n = (n * 1103515245 + 12345) % 2 ** 31;
    text += `${vocabulary[n % vocabulary.length]} `;
  }
  return text.slice(0, chars);
}

describe('text to speech under a flood of anonymous requests', () => {
  it('refuses a text longer than one request may speak, in the catalogue words, and writes nothing', async () => {
    const before = syntheses();
    for (let i = 0; i < 5; i++) {
      const answer = await fetch(`${upstream.url}/api/get_text_audio?${new URLSearchParams({ text: randomWords(5000, i) })}`);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        status: '400',
        description: '请求参数错误：text: 文本过长：一次最多朗读 1000 个字符，请分句朗读',
      });
    }
    expect(await audio(randomWords(1001, 9))).toMatchObject({ status: 400 });
    expect(syntheses()).toBe(before);
    expect((await cacheOnDiskNow()).wavs).toBe(0);
    // At the cap it speaks (about a minute of speech), and does not keep what is that long.
    const atCap = await audio(randomWords(1000, 10));
    expect(atCap).toMatchObject({ status: 200, type: 'audio/wav' });
    expect(atCap.bytes.length).toBeGreaterThan(1_000_000);
    expect((await cacheOnDiskNow()).wavs).toBe(0);
  });

  it('keeps the folder within its bound over many different texts, and what is in use stays cached', async () => {
    const kept = 'a phrase in use';
    const first = await audio(kept);
    expect(first.status).toBe(200);
    const start = syntheses();
    const texts = Array.from({ length: 36 }, (_, i) => `${randomWords(12, 100 + i)} ${i}`);
    for (const [i, text] of texts.entries()) {
      expect(await audio(text)).toMatchObject({ status: 200, type: 'audio/wav' });
      // The phrase in use is asked for now and then: a hit each time, never made again.
      if (i % 4 === 3) expect((await audio(kept)).bytes.equals(first.bytes)).toBe(true);
      expect((await cacheOnDiskNow()).bytes).toBeLessThanOrEqual(BOUND);
    }
    expect(syntheses()).toBe(start + texts.length);
    const { wavs } = await cacheOnDiskNow();
    expect(wavs).toBeLessThan(texts.length + 1); // some were evicted
    expect(await cacheExists(kept)).toBe(true);

    // The first texts were evicted: asked again, they are made again, the same audio.
    expect(await cacheExists(texts[0])).toBe(false);
    const again = await audio(texts[0]);
    expect(again.status).toBe(200);
    expect(syntheses()).toBe(start + texts.length + 1);
    // The latest ones are still served from the cache.
    await audio(texts.at(-1)!);
    expect(syntheses()).toBe(start + texts.length + 1);
  });

  it('makes a file that vanished under it again (another instance evicted it, or an operator deleted it)', async () => {
    const text = 'this file will vanish';
    const made = await audio(text, 'uk');
    const file = path.join(cacheDir, `${sha256(`uk\n${text}`)}.wav`);
    expect((await stat(file)).size).toBe(made.bytes.length);
    await rm(file);
    const before = syntheses();
    const again = await audio(text, 'uk');
    expect(again.status).toBe(200);
    expect(again.bytes.equals(made.bytes)).toBe(true);
    expect(syntheses()).toBe(before + 1);
    expect((await stat(file)).size).toBe(made.bytes.length);

    // Even the whole folder, deleted by hand to reclaim space.
    await rm(cacheDir, { recursive: true });
    expect((await audio(text, 'uk')).bytes.equals(made.bytes)).toBe(true);
    expect((await audio(text, 'uk')).bytes.equals(made.bytes)).toBe(true);
    expect(syntheses()).toBe(before + 2);
  });
});

async function cacheExists(text: string, voice = 'us'): Promise<boolean> {
  return stat(path.join(cacheDir, `${sha256(`${voice}\n${text}`)}.wav`)).then(
    () => true,
    () => false,
  );
}

describe('speech made anew, metered by characters', () => {
  it('gives a visitor their day of new speech, then 429 with the quota status; cached audio stays free', async () => {
    const own = await startTestUpstream({ env: { FREE_SPEECH_CHARACTERS: '120' } });
    try {
      const ask = (text: string, headers: Record<string, string>) =>
        fetch(`${own.url}/api/get_text_audio?${new URLSearchParams({ text })}`, { headers });
      const visitor = { 'x-visitor-id': 'reader-1', 'x-forwarded-for': '10.9.0.1' };
      const sentence = 'The river ran quietly past the old mill.'; // 40 characters
      expect((await ask(sentence, visitor)).status).toBe(200);
      expect((await ask('A quiet garden lay behind the yellow wall.', visitor)).status).toBe(200);
      // Asked again, the first is in the cache: it costs nothing, however often.
      for (let i = 0; i < 5; i++) expect((await ask(sentence, visitor)).status).toBe(200);
      const refused = await ask('Winter came early to the silver market town.', visitor);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        status: 'anonymous_user_free_num_limit',
        description: '今日免费朗读字数已用完，登录或开通会员后可继续朗读',
      });
      // Another visitor has a day of their own.
      expect((await ask('Winter came early to the silver market town.', { ...visitor, 'x-visitor-id': 'reader-2' })).status).toBe(
        200,
      );
    } finally {
      await own.stop();
    }
  });
});
