import { describe, expect, it } from 'vitest';
import {
  durationSeconds,
  encodeWav,
  frameCount,
  gapFrames,
  joinWavs,
  parseWav,
  peakLevel,
  trimSilence,
  WavError,
  type Wav,
  type WavFormat,
} from './wav';

const mono16: WavFormat = { sampleRate: 22_050, channels: 1, bitsPerSample: 16 };

/** A 16-bit wav from sample values. */
function wav16(samples: number[], format: WavFormat = mono16): Wav {
  const data = new Uint8Array(samples.length * 2);
  const view = new DataView(data.buffer);
  for (const [i, s] of samples.entries()) view.setInt16(i * 2, s, true);
  return { format, data };
}

const samplesOf = (wav: Wav) => {
  const view = new DataView(wav.data.buffer, wav.data.byteOffset, wav.data.byteLength);
  return Array.from({ length: wav.data.length / 2 }, (_, i) => view.getInt16(i * 2, true));
};

describe('parseWav / encodeWav', () => {
  it('round-trips format and samples through a canonical header', () => {
    const original = wav16([0, 1000, -1000, 32767, -32768]);
    const bytes = encodeWav(original);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('RIFF');
    expect(new TextDecoder().decode(bytes.subarray(8, 16))).toBe('WAVEfmt ');
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(view.getUint32(24, true)).toBe(22_050);
    expect(view.getUint32(28, true)).toBe(22_050 * 2); // byte rate
    expect(view.getUint32(40, true)).toBe(10);
    const parsed = parseWav(bytes);
    expect(parsed.format).toEqual(mono16);
    expect(samplesOf(parsed)).toEqual([0, 1000, -1000, 32767, -32768]);
  });

  it('skips unknown chunks and reads a data chunk whose size was never filled in', () => {
    const base = encodeWav(wav16([5, 6, 7]));
    // Insert a 3-byte 'LIST' chunk (padded to 4) between fmt and data, and zero the data size.
    const list = new Uint8Array([0x4c, 0x49, 0x53, 0x54, 3, 0, 0, 0, 1, 2, 3, 0]);
    const bytes = new Uint8Array(base.length + list.length);
    bytes.set(base.subarray(0, 36));
    bytes.set(list, 36);
    bytes.set(base.subarray(36), 36 + list.length);
    new DataView(bytes.buffer).setUint32(36 + list.length + 4, 0, true);
    expect(samplesOf(parseWav(bytes))).toEqual([5, 6, 7]);
  });

  it('refuses what is not PCM WAVE', () => {
    expect(() => parseWav(new TextEncoder().encode('ID3 not a wave file at all'))).toThrow(WavError);
    const float = encodeWav(wav16([1, 2]));
    new DataView(float.buffer).setUint16(20, 3, true);
    expect(() => parseWav(float)).toThrow(/PCM only/);
    expect(() => parseWav(encodeWav(wav16([1])).subarray(0, 36))).toThrow(/no data chunk/);
  });
});

describe('joinWavs', () => {
  it('puts exactly round(gap × rate) frames of silence between parts and none around them', () => {
    const a = wav16([100, 200, 300]);
    const b = wav16([-100, -200]);
    const joined = joinWavs([a, b, a], 0.3);
    const gap = gapFrames(mono16, 0.3);
    expect(gap).toBe(6615);
    expect(frameCount(joined)).toBe(3 + gap + 2 + gap + 3);
    const s = samplesOf(joined);
    expect(s.slice(0, 3)).toEqual([100, 200, 300]);
    expect(s.slice(3, 3 + gap).every((v) => v === 0)).toBe(true);
    expect(s.slice(3 + gap, 5 + gap)).toEqual([-100, -200]);
    expect(s.slice(5 + gap, 5 + 2 * gap).every((v) => v === 0)).toBe(true);
    expect(s.slice(-3)).toEqual([100, 200, 300]);
  });

  it('counts gaps in frames for stereo and uses the 8-bit midpoint as silence', () => {
    const stereo: WavFormat = { sampleRate: 8000, channels: 2, bitsPerSample: 16 };
    const joined = joinWavs([wav16([1, 2], stereo), wav16([3, 4], stereo)], 0.1);
    expect(frameCount(joined)).toBe(1 + 800 + 1);
    const eight: WavFormat = { sampleRate: 1000, channels: 1, bitsPerSample: 8 };
    const quiet = joinWavs(
      [
        { format: eight, data: new Uint8Array([200]) },
        { format: eight, data: new Uint8Array([50]) },
      ],
      0.005,
    );
    expect([...quiet.data]).toEqual([200, 128, 128, 128, 128, 128, 50]);
  });

  it('refuses parts of different formats', () => {
    expect(() => joinWavs([wav16([1]), wav16([1], { ...mono16, sampleRate: 16_000 })], 0.1)).toThrow(WavError);
    expect(() => joinWavs([], 0.1)).toThrow(WavError);
  });
});

describe('trimSilence', () => {
  it('drops near-silence at both ends, keeping the margin', () => {
    const format: WavFormat = { sampleRate: 1000, channels: 1, bitsPerSample: 16 };
    const samples = [...Array(50).fill(3), 5000, -6000, 4000, ...Array(80).fill(-2)];
    const trimmed = trimSilence(wav16(samples, format), { threshold: 0.01, marginSeconds: 0.005 });
    expect(samplesOf(trimmed)).toEqual([3, 3, 3, 3, 3, 5000, -6000, 4000, -2, -2, -2, -2, -2]);
    expect(durationSeconds(trimmed)).toBeCloseTo(0.013);
  });

  it('leaves an all-silent wav alone', () => {
    const silent = wav16([0, 1, -1, 0]);
    expect(trimSilence(silent)).toBe(silent);
    expect(peakLevel(silent)).toBeLessThan(0.001);
  });
});
