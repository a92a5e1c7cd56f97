/**
 * Just enough of the RIFF/WAVE format to compose speech: read a PCM file into its format and
 * sample bytes, write one back, join several with silence between them and trim the silence the
 * engine puts around a word (so that a composed gap is the gap the spec asks for, not that plus
 * the engine's own pauses).
 */

export interface WavFormat {
  sampleRate: number;
  channels: number;
  /** 8 (unsigned) or 16 (signed little-endian): what espeak-ng and ordinary PCM files use. */
  bitsPerSample: 8 | 16;
}

export interface Wav {
  format: WavFormat;
  /** The PCM sample frames, interleaved; always a whole number of frames. */
  data: Uint8Array;
}

export class WavError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WavError';
  }
}

const HEADER_BYTES = 44;

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);

export const frameBytes = (f: WavFormat) => f.channels * (f.bitsPerSample / 8);

export const frameCount = (wav: Wav) => wav.data.length / frameBytes(wav.format);

export const durationSeconds = (wav: Wav) => frameCount(wav) / wav.format.sampleRate;

/** Reads a PCM WAVE file; throws WavError for anything else. */
export function parseWav(bytes: Uint8Array): Wav {
  if (bytes.length < 12 || ascii(bytes, 0) !== 'RIFF' || ascii(bytes, 8) !== 'WAVE') {
    throw new WavError('not a RIFF/WAVE file');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: WavFormat | undefined;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at);
    const declared = view.getUint32(at + 4, true);
    const start = at + 8;
    // A writer that streams cannot know the size up front and may leave 0 or 0xFFFFFFFF there:
    // the data then runs to the end of the file.
    const size = id === 'data' && (declared === 0 || start + declared > bytes.length) ? bytes.length - start : declared;
    if (id === 'fmt ') {
      if (size < 16 || start + 16 > bytes.length) throw new WavError('truncated fmt chunk');
      const encoding = view.getUint16(start, true);
      const channels = view.getUint16(start + 2, true);
      const sampleRate = view.getUint32(start + 4, true);
      const bitsPerSample = view.getUint16(start + 14, true);
      if (encoding !== 1) throw new WavError(`unsupported encoding ${encoding} (PCM only)`);
      if (bitsPerSample !== 8 && bitsPerSample !== 16) throw new WavError(`unsupported sample size ${bitsPerSample}`);
      if (channels < 1 || sampleRate < 1) throw new WavError('invalid fmt chunk');
      format = { sampleRate, channels, bitsPerSample };
    } else if (id === 'data') {
      if (!format) throw new WavError('data chunk before fmt chunk');
      const whole = size - (size % frameBytes(format));
      return { format, data: bytes.subarray(start, start + whole) };
    }
    // Chunks are padded to an even length.
    at = start + size + (size % 2);
  }
  throw new WavError('no data chunk');
}

/** A canonical 44-byte-header PCM file. */
export function encodeWav({ format, data }: Wav): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(HEADER_BYTES + data.length);
  const view = new DataView(out.buffer);
  const put = (at: number, text: string) => {
    for (let i = 0; i < 4; i++) out[at + i] = text.charCodeAt(i);
  };
  const blockAlign = frameBytes(format);
  put(0, 'RIFF');
  view.setUint32(4, 36 + data.length, true);
  put(8, 'WAVE');
  put(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, format.channels, true);
  view.setUint32(24, format.sampleRate, true);
  view.setUint32(28, format.sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, format.bitsPerSample, true);
  put(36, 'data');
  view.setUint32(40, data.length, true);
  out.set(data, HEADER_BYTES);
  return out;
}

const sameFormat = (a: WavFormat, b: WavFormat) =>
  a.sampleRate === b.sampleRate && a.channels === b.channels && a.bitsPerSample === b.bitsPerSample;

/** Whole frames of silence for a duration: round(seconds × sample rate). */
export const gapFrames = (format: WavFormat, seconds: number) => Math.round(seconds * format.sampleRate);

/** The parts one after another with `gapSeconds` of silence between each two (none around). */
export function joinWavs(parts: readonly Wav[], gapSeconds: number): Wav {
  if (parts.length === 0) throw new WavError('nothing to join');
  const format = parts[0].format;
  for (const part of parts) {
    if (!sameFormat(part.format, format)) throw new WavError('parts differ in sample rate, channels or sample size');
  }
  const gapBytes = gapFrames(format, gapSeconds) * frameBytes(format);
  const total = parts.reduce((sum, p) => sum + p.data.length, 0) + gapBytes * (parts.length - 1);
  const data = new Uint8Array(total);
  // Unsigned 8-bit silence is the midpoint, 128; signed 16-bit silence is 0 (the array's default).
  if (format.bitsPerSample === 8) data.fill(128);
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) at += gapBytes;
    data.set(part.data, at);
    at += part.data.length;
  });
  return { format, data };
}

/**
 * The wav without the near-silence at its start and end, keeping `marginSeconds` of it on each
 * side so that the speech does not start or stop with a click. `threshold` is a fraction of full
 * scale (0.01 ≈ -40 dBFS). An all-silent wav is returned unchanged.
 */
export function trimSilence(wav: Wav, { threshold = 0.01, marginSeconds = 0.01 } = {}): Wav {
  const { format, data } = wav;
  const frames = frameCount(wav);
  const width = frameBytes(format);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const limit = threshold * (format.bitsPerSample === 16 ? 32768 : 128);
  const loud = (frame: number) => {
    for (let ch = 0; ch < format.channels; ch++) {
      const amplitude =
        format.bitsPerSample === 16
          ? Math.abs(view.getInt16(frame * width + ch * 2, true))
          : Math.abs(data[frame * width + ch] - 128);
      if (amplitude > limit) return true;
    }
    return false;
  };
  let first = 0;
  while (first < frames && !loud(first)) first++;
  if (first === frames) return wav;
  let last = frames - 1;
  while (last > first && !loud(last)) last--;
  const margin = gapFrames(format, marginSeconds);
  const from = Math.max(0, first - margin);
  const to = Math.min(frames, last + 1 + margin);
  return { format, data: data.subarray(from * width, to * width) };
}

/** The largest absolute sample as a fraction of full scale: 0 for silence. */
export function peakLevel(wav: Wav): number {
  const { format, data } = wav;
  let peak = 0;
  if (format.bitsPerSample === 16) {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    for (let at = 0; at + 1 < data.length; at += 2) peak = Math.max(peak, Math.abs(view.getInt16(at, true)));
    return peak / 32768;
  }
  for (const byte of data) peak = Math.max(peak, Math.abs(byte - 128));
  return peak / 128;
}
