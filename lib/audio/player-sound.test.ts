import { describe, expect, it } from 'vitest';
import type { AudioElementLike } from './player';
import { Aborted, PlayFailed, playOnce, silentWavUrl, sleep } from './player-sound';

/** An element whose sound the test ends (or fails) by hand. */
class ManualAudio implements AudioElementLike {
  src = '';
  currentTime = 7;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  volume = 1;
  onended: ((event: Event) => void) | null = null;
  onerror: ((event: Event | string) => void) | null = null;
  pauses = 0;
  playResult: Promise<void> = Promise.resolve();
  play(): Promise<void> {
    return this.playResult;
  }
  pause(): void {
    this.pauses++;
  }
  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }
}

const settings = { repeat: 1, interval: 0, rate: 1.5, volume: 0.5 };

describe('sounding audio on the element', () => {
  it('sounds a URL to its end with the rate and volume, from the start when it is already loaded', async () => {
    const audio = new ManualAudio();
    const done = playOnce(audio, 'blob:1', settings, new AbortController().signal);
    expect(audio).toMatchObject({ src: 'blob:1', playbackRate: 1.5, defaultPlaybackRate: 1.5, volume: 0.5 });
    audio.onended?.(new Event('ended'));
    await done;
    expect(audio.onended).toBeNull();

    const again = playOnce(audio, 'blob:1', settings, new AbortController().signal);
    expect(audio.currentTime).toBe(0);
    audio.onended?.(new Event('ended'));
    await again;
  });

  it('pauses on a stop, and reports a failed play or a decode error as PlayFailed', async () => {
    const audio = new ManualAudio();
    const run = new AbortController();
    const stopped = playOnce(audio, 'blob:1', settings, run.signal);
    run.abort();
    await expect(stopped).rejects.toBeInstanceOf(Aborted);
    expect(audio.pauses).toBe(1);

    audio.playResult = Promise.reject(new Error('NotAllowedError'));
    await expect(playOnce(audio, 'blob:2', settings, new AbortController().signal)).rejects.toBeInstanceOf(PlayFailed);

    audio.playResult = Promise.resolve();
    const broken = playOnce(audio, 'blob:3', settings, new AbortController().signal);
    audio.onerror?.(new Event('error'));
    await expect(broken).rejects.toBeInstanceOf(PlayFailed);
  });

  it('waits, and a stop ends the wait at once', async () => {
    await sleep(1, new AbortController().signal);
    const run = new AbortController();
    const waiting = sleep(60_000, run.signal);
    run.abort();
    await expect(waiting).rejects.toBeInstanceOf(Aborted);
    await expect(sleep(1, run.signal)).rejects.toBeInstanceOf(Aborted);
  });

  it('unlocks with a valid WAV of silence', () => {
    const url = silentWavUrl();
    expect(url.startsWith('data:audio/wav;base64,')).toBe(true);
    const bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    expect(bytes.length).toBe(52);
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString()).toBe('WAVE');
    expect([...bytes.subarray(44)].every((b) => b === 128)).toBe(true);
  });
});
