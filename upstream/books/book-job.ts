import type { BookFormat } from '../../lib/contract';
import { sharedEcdictLexicon } from '../reading/profile';
import { makeBook, packBook, packedBuffers, type PackedBook } from './book';
import { BookFileError, extractBook } from './extract';

/*
 * One upload made into a book, everything before the database write: reading the file
 * (extract.ts), chapters, sentences and pages, the profile and the lemmas (book.ts). It is what a
 * book worker (book-worker.mjs) runs; the answer is packed (book.ts) so that it crosses back to
 * the service's thread as a few strings and typed arrays.
 */

export interface BookJob {
  fileName: string;
  bytes: Uint8Array;
}

export type BookJobAnswer =
  | { ok: true; format: BookFormat; title?: string; book: PackedBook }
  /** The file cannot be a book: the reason is the user's to read. */
  | { ok: false; httpStatus: BookFileError['httpStatus']; message: string };

export async function runBookJob({ fileName, bytes }: BookJob): Promise<BookJobAnswer> {
  try {
    const extracted = await extractBook(fileName, bytes);
    const made = makeBook(extracted, sharedEcdictLexicon());
    return { ok: true, format: extracted.format, title: extracted.title, book: packBook(made) };
  } catch (error) {
    if (error instanceof BookFileError) return { ok: false, httpStatus: error.httpStatus, message: error.message };
    throw error;
  }
}

/** The buffers of a packed book, to be transferred rather than copied. */
export const transferables = (book: PackedBook): ArrayBuffer[] => packedBuffers(book);
