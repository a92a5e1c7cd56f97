import { type BookSummary, bookUpload } from '@/lib/contract/calls/books';

/** What make_book answers: the new book, with how many unknown words it has for the reader. */
export type MadeBook = BookSummary & { unknown_words: number };

export const bookSizeLimitText = `${Math.round(bookUpload.maxBytes / 1024 / 1024)} MB`;

/** Why a file will not be sent at all (size, kind), in the words the upload screen shows; null when it may. */
export function uploadProblem(file: Pick<File, 'name' | 'size'>): string | null {
  const ending = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!bookUpload.formats[ending]) return '不支持的文件类型：请上传 .txt、.md、.epub 或 .pdf 文件';
  if (file.size > bookUpload.maxBytes) return `文件过大：最大 ${bookSizeLimitText}`;
  if (file.size === 0) return '文件是空的';
  return null;
}

/**
 * Sends the book to make_book as a multipart form (null fields left out, the file as a file),
 * reporting the upload's progress (0–1); XMLHttpRequest, since fetch reports none. Rejects with
 * an Error whose message is the reason to show.
 */
export function uploadBook(
  fields: { title?: string; level?: number; file: File },
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<MadeBook> {
  const form = new FormData();
  if (fields.title?.trim()) form.append('title', fields.title.trim());
  if (fields.level) form.append('options', JSON.stringify({ level: fields.level }));
  form.append('file', fields.file, fields.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/make_book');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { status?: unknown; description?: unknown; data?: MadeBook } | null;
      if (xhr.status === 200 && body?.status === 'OK' && body.data) return resolve(body.data);
      if (xhr.status === 401) return reject(new Error('请先登录，再上传书'));
      const description = typeof body?.description === 'string' && body.description ? body.description : undefined;
      if (xhr.status === 413) return reject(new Error(description ?? `文件过大：最大 ${bookSizeLimitText}`));
      reject(new Error(description ?? `上传失败（${xhr.status || '网络错误'}），请稍后再试`));
    };
    xhr.onerror = () => reject(new Error('网络错误，上传失败，请检查网络后重试'));
    xhr.ontimeout = () => reject(new Error('上传超时，请稍后再试'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
