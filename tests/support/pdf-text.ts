import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What poppler's `pdftotext` and `pdfinfo` read in a PDF: the check a person makes on an
 * exported sheet. Tests and the browser spec use it; `npm test` installs poppler-utils.
 */
export function readPdf(bytes: Uint8Array): { text: string; pages: number; fonts: string } {
  const dir = mkdtempSync(join(tmpdir(), 'yujing-pdf-'));
  try {
    const file = join(dir, 'sheet.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? Number.NaN);
    return { text, pages, fonts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
