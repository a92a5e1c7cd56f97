import type { PhotoText } from '@/lib/contract/calls/photo-text';
import { imageUpload, imageUploadLimitText } from '@/lib/contract/image-upload';

/*
 * Photo to text in the browser: the photo a learner took or chose, made smaller when it is a
 * large phone photo (a 12-megapixel JPEG of 4 MB reads no better than the same page at 2,400
 * pixels, and takes longer to send and to read), then sent to parse_image as a multipart form.
 * Fetched when a learner picks a photo (./use-photo-text.ts), not with the dictionary's page.
 */

/** The longest side a photo is sent at. */
const maxSide = 2400;
/** Photos smaller than this in bytes and pixels go as they are. */
const sendAsIs = { bytes: 1_500_000, side: maxSide };

/** Why a photo will not be sent at all, in the words the screen shows; null when it may. */
export function photoProblem(file: Pick<File, 'size'>): string | null {
  if (file.size === 0) return '图片是空的，请重新选择';
  return null;
}

/**
 * The photo as it will be sent: scaled down to `maxSide` and re-encoded as JPEG when it is large
 * (or of a kind the server does not read, such as HEIC where the browser can decode it); as it is
 * when it is small or the browser cannot decode it (the server then says what is wrong with it).
 */
export async function preparePhoto(file: File): Promise<Blob> {
  const readable = Object.hasOwn(imageUpload.types, file.type);
  if (readable && file.size <= sendAsIs.bytes && file.size <= imageUpload.maxBytes) {
    const small = await sideOf(file);
    if (small !== null && small <= sendAsIs.side) return file;
  }
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    return blob && blob.size > 0 ? blob : file;
  } finally {
    bitmap.close();
  }
}

async function sideOf(file: File): Promise<number | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const side = Math.max(bitmap.width, bitmap.height);
    bitmap.close();
    return side;
  } catch {
    return null;
  }
}

/**
 * Sends the photo to parse_image, reporting the upload's progress (0–1); XMLHttpRequest, since
 * fetch reports none. Rejects with an Error whose message is the reason to show.
 */
export function readPhoto(
  photo: Blob,
  name: string,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<PhotoText> {
  const form = new FormData();
  form.append('file', photo, name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/parse_image');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      const body = xhr.response as { status?: unknown; description?: unknown; data?: PhotoText } | null;
      if (xhr.status === 200 && body?.status === 'OK' && typeof body.data?.text === 'string') return resolve(body.data);
      const said = typeof body?.description === 'string' && body.description ? body.description : undefined;
      // Past the free uses (a quota status): the product's quota flow (log in, or membership), loaded
      // only then.
      if (xhr.status === 200 && body?.status) void import('../quota').then((quota) => quota.handleQuotaStatus(body.status));
      if (xhr.status === 413) return reject(new Error(said ?? `图片过大：最大 ${imageUploadLimitText}`));
      if (xhr.status === 503) return reject(new Error(said ?? '图片识别繁忙，请稍后再试'));
      if (xhr.status === 504) return reject(new Error('识别超时，请稍后再试'));
      reject(new Error(said ?? `识别失败（${xhr.status || '网络错误'}），请稍后再试`));
    };
    xhr.onerror = () => reject(new Error('网络错误，图片没有发送成功，请检查网络后重试'));
    xhr.ontimeout = () => reject(new Error('识别超时，请稍后再试'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
