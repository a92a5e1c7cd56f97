import { inflateRawSync } from 'node:zlib';

/*
 * A zip file's entries (an EPUB), each unpacked only when asked for, under a ceiling on the bytes
 * unpacked in all. The ceiling holds while inflating (zlib's maxOutputLength stops the inflater
 * as soon as its output passes what is left), never by the sizes the zip declares for its
 * entries: those are the file's word, and a zip bomb declares small sizes for gigabytes of data.
 * Only stored and deflated entries, without ZIP64 (a 10 MB upload never needs it).
 */

/** The zip cannot be read: not a zip, damaged, or of a kind not read here. */
export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

/** The entries asked for unpack to more than the ceiling. */
export class ZipTooLargeError extends ZipError {
  constructor(readonly maxUnpackedBytes: number) {
    super(`unpacks to more than ${maxUnpackedBytes} bytes`);
    this.name = 'ZipTooLargeError';
  }
}

export interface ZipReader {
  /** The entries' names, as the central directory lists them. */
  names(): string[];
  /** An entry's bytes, unpacked; undefined when the zip has no entry of that name. */
  read(name: string): Uint8Array | undefined;
}

interface Entry {
  method: number;
  compressedSize: number;
  localHeader: number;
}

const endOfDirectory = 0x06054b50;
const directoryEntry = 0x02014b50;
const localEntry = 0x04034b50;

export function openZip(bytes: Uint8Array, { maxUnpackedBytes }: { maxUnpackedBytes: number }): ZipReader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const within = (at: number, length: number) => at >= 0 && at + length <= bytes.byteLength;

  // The end-of-directory record: 22 bytes, then a comment of up to 65,535.
  let end = -1;
  for (let at = bytes.byteLength - 22; at >= 0 && at >= bytes.byteLength - 22 - 0xffff; at--) {
    if (u32(at) === endOfDirectory) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipError('no end of central directory');
  const count = u16(end + 10);
  const directorySize = u32(end + 12);
  let at = u32(end + 16);
  if (count === 0xffff || at === 0xffffffff || directorySize === 0xffffffff) throw new ZipError('ZIP64 is not read');
  const utf8 = new TextDecoder('utf-8');
  const entries = new Map<string, Entry>();
  for (let i = 0; i < count; i++) {
    if (!within(at, 46) || u32(at) !== directoryEntry) throw new ZipError('damaged central directory');
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    if (!within(at + 46, nameLength)) throw new ZipError('damaged central directory');
    const name = utf8.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.set(name, { method: u16(at + 10), compressedSize: u32(at + 20), localHeader: u32(at + 42) });
    at += 46 + nameLength + extraLength + commentLength;
  }

  let unpacked = 0;
  return {
    names: () => [...entries.keys()],
    read(name) {
      const entry = entries.get(name);
      if (!entry) return undefined;
      const header = entry.localHeader;
      if (!within(header, 30) || u32(header) !== localEntry) throw new ZipError(`damaged entry ${name}`);
      const start = header + 30 + u16(header + 26) + u16(header + 28);
      if (!within(start, entry.compressedSize)) throw new ZipError(`damaged entry ${name}`);
      const data = bytes.subarray(start, start + entry.compressedSize);
      const left = maxUnpackedBytes - unpacked;
      let out: Uint8Array;
      if (entry.method === 0) {
        if (data.byteLength > left) throw new ZipTooLargeError(maxUnpackedBytes);
        out = data.slice();
      } else if (entry.method === 8) {
        try {
          out = inflateRawSync(data, { maxOutputLength: Math.max(1, left) });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipTooLargeError(maxUnpackedBytes);
          throw new ZipError(`damaged entry ${name}: ${(error as Error).message}`);
        }
      } else {
        throw new ZipError(`entry ${name} is compressed with method ${entry.method}, which is not read`);
      }
      unpacked += out.byteLength;
      return out;
    },
  };
}
