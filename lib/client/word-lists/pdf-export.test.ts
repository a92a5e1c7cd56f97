import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '@/upstream/platform/attachment';
import { exportPdfUrl, fileNameOf } from './pdf-export';

describe('the PDF download', () => {
  it('asks for the sheet with the source and options as query parameters', () => {
    expect(exportPdfUrl({ source: 'word_list', strange: '1', examples: '0', chinese: '1' })).toBe(
      '/api/export_pdf?source=word_list&strange=1&examples=0&chinese=1',
    );
    expect(exportPdfUrl({ source: 'course_unit', course_id: 'cet4 a', unit_id: '3' })).toBe(
      '/api/export_pdf?source=course_unit&course_id=cet4+a&unit_id=3',
    );
  });

  it('saves the file under the Chinese name the server gave, else its ASCII one, else a default', () => {
    const header = attachmentDisposition('语境-生词本-2026-11-25.pdf', 'yujing-unfamiliar-words-2026-11-25.pdf');
    expect(fileNameOf(header, 'x.pdf')).toBe('语境-生词本-2026-11-25.pdf');
    expect(fileNameOf('attachment; filename="plain.pdf"', 'x.pdf')).toBe('plain.pdf');
    expect(fileNameOf(`attachment; filename="plain.pdf"; filename*=UTF-8''%E8%AF%AD%ZZ`, 'x.pdf')).toBe('plain.pdf');
    expect(fileNameOf(null, 'x.pdf')).toBe('x.pdf');
  });
});
