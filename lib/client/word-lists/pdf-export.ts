'use client';

import type { WordSheetSource } from '@/lib/contract';
import { ApiError } from '../errors';

/**
 * Downloads a printable word sheet (export_pdf). Not through callData: the answer is a file,
 * fetched whole so that the screen can show that it is being made and say why it failed,
 * then handed to the browser as a download under the name the server gave it.
 */

export const exportPdfUrl = (source: WordSheetSource): string =>
  `/api/export_pdf?${new URLSearchParams(Object.entries(source).filter((e): e is [string, string] => typeof e[1] === 'string'))}`;

/** The file name of a `Content-Disposition`: RFC 5987 `filename*` first, then `filename`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed name falls through to the plain one.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? fallback;
}

export async function fetchWordSheet(source: WordSheetSource, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(exportPdfUrl(source), { credentials: 'same-origin', signal });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw new ApiError(error.message, null, null, null, 'aborted');
    throw new ApiError('网络错误，请检查网络后重试', null, null, null, 'network');
  }
  if (!response.ok || !response.headers.get('content-type')?.startsWith('application/pdf')) {
    const data: unknown = await response.json().catch(() => null);
    throw ApiError.fromAnswer(response.status, data, response.ok ? 'invalid' : 'http');
  }
  const blob = await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get('content-disposition'), '语境-单词表.pdf') };
}

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes by the next tasks; some browsers need the URL until then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
