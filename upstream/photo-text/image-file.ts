import { imageUpload } from '../../lib/contract';
import { UpstreamError } from '../platform/http';

/*
 * What a photo is, from its own first bytes: the declared type of an upload is only what the
 * browser guessed from the file's name, so the kind and the size in pixels are read from the
 * header (PNG's IHDR, JPEG's frame header, WebP's VP8/VP8L/VP8X chunk, BMP's info header).
 * A file whose header cannot be read is refused here, before the recogniser sees it.
 */

/** A refusal of the photo, as the call answers it: 413 for a photo too large, 400 for the rest; shown as it is. */
const refused = (message: string, httpStatus: 400 | 413 = 400) => new UpstreamError(httpStatus, String(httpStatus), message);

export type ImageKind = 'png' | 'jpeg' | 'webp' | 'bmp';

export interface ImageHeader {
  kind: ImageKind;
  width: number;
  height: number;
}

const kindsText = Object.values(imageUpload.types).join('、');
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const imageErrors = {
  empty: () => refused('图片是空的，请重新选择'),
  tooLarge: () => refused(`图片过大：最大 ${megabytes(imageUpload.maxBytes)}，请压缩或裁剪后再试`, 413),
  tooManyPixels: () => refused(`图片尺寸过大：最多 ${Math.round(imageUpload.maxPixels / 10_000)} 万像素，请缩小后再试`, 413),
  notAnImage: () => refused(`不支持的文件类型：请上传 ${kindsText} 格式的图片`),
  corrupt: () => refused('图片已损坏或格式不正确，无法读取'),
  noText: () => refused('没有在图片中识别到英文文字：请对准印刷的英文，保持光线充足、画面清晰后重拍'),
};

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image's kind by its magic bytes, or null when it is none of the kinds read. */
export function imageKindOf(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('BM')) && bytes.byteLength > 26) return 'bmp';
  return null;
}

/**
 * Checks an upload and reads its header: size, kind and pixel count. Throws the call's refusal with
 * the reason to show for a file that is too large, not an image of a kind read, or damaged.
 */
export function checkImage(bytes: Uint8Array): ImageHeader {
  if (bytes.byteLength > imageUpload.maxBytes) throw imageErrors.tooLarge();
  if (bytes.byteLength === 0) throw imageErrors.empty();
  const kind = imageKindOf(bytes);
  if (!kind) throw imageErrors.notAnImage();
  const size = sizeOf(kind, new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!size || size.width < 1 || size.height < 1) throw imageErrors.corrupt();
  if (size.width * size.height > imageUpload.maxPixels) throw imageErrors.tooManyPixels();
  return { kind, ...size };
}

type Size = { width: number; height: number } | null;

function sizeOf(kind: ImageKind, view: DataView): Size {
  try {
    if (kind === 'png') return pngSize(view);
    if (kind === 'jpeg') return jpegSize(view);
    if (kind === 'webp') return webpSize(view);
    return bmpSize(view);
  } catch {
    // A header cut short reads past the end (RangeError): the file is damaged.
    return null;
  }
}

function pngSize(view: DataView): Size {
  // The first chunk must be IHDR: length 13, then the width and height.
  if (view.getUint32(8) !== 13 || view.getUint32(12) !== 0x49484452) return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function jpegSize(view: DataView): Size {
  let at = 2;
  while (at + 4 <= view.byteLength) {
    if (view.getUint8(at) !== 0xff) return null;
    const marker = view.getUint8(at + 1);
    // Fill bytes, and the markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      at++;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = view.getUint16(at + 2);
    if (length < 2) return null;
    // SOF0–SOF15 carry the frame's size; C4 (DHT), C8 (JPG) and CC (DAC) are not frames.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan data or the end before any frame
    at += 2 + length;
  }
  return null;
}

function webpSize(view: DataView): Size {
  const chunk = view.getUint32(12);
  if (chunk === 0x56503820) {
    // 'VP8 ' (lossy): after the frame tag, the start code 9D 01 2A, then 14-bit sizes.
    if (view.getUint8(23) !== 0x9d || view.getUint8(24) !== 0x01 || view.getUint8(25) !== 0x2a) return null;
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === 0x5650384c) {
    // 'VP8L' (lossless): signature 0x2F, then 14-bit width − 1 and height − 1.
    if (view.getUint8(20) !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 0x56503858) {
    // 'VP8X' (extended): 24-bit canvas width − 1 and height − 1.
    const u24 = (at: number) => view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getUint8(at + 2) << 16);
    return { width: u24(24) + 1, height: u24(27) + 1 };
  }
  return null;
}

function bmpSize(view: DataView): Size {
  const header = view.getUint32(14, true);
  if (header === 12) return { width: view.getUint16(18, true), height: view.getUint16(20, true) };
  if (header < 40) return null;
  // A negative height is a top-down bitmap.
  return { width: view.getInt32(18, true), height: Math.abs(view.getInt32(22, true)) };
}
