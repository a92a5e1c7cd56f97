import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliDecompress, brotliDecompressSync } from 'node:zlib';

/*
 * The trained models' files: Brotli-compressed text whose first lines say where the model came
 * from and quote its data's licence ("# Trained by …", "# Permission to use…", a bare "#" between
 * paragraphs), then the model's own head line ("# tags\t…", "# labels\t…", "# senses\t2").
 */

/** The model's text without its provenance lines (a head line is `# <name>` and a tab). */
export function withoutProvenance(text: string): string {
  let at = 0;
  while (text.startsWith('#', at) && !/^# \w+\t/.test(text.slice(at, at + 40))) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) break;
    at = nl + 1;
  }
  return text.slice(at);
}

/** A model file's text, provenance left out; throws when it is missing or not Brotli. */
export function readModelFile(file: string): string {
  return withoutProvenance(brotliDecompressSync(readFileSync(file)).toString('utf8'));
}

/** `readModelFile` without holding the event loop while the file is read and unpacked. */
export async function readModelFileSoon(file: string): Promise<string> {
  return withoutProvenance((await promisify(brotliDecompress)(await readFile(file))).toString('utf8'));
}
