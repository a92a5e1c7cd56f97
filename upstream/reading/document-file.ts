import { z } from 'zod';
import { documentInput, type DocumentInput } from './document-input';

/*
 * The operator's own documents: Markdown or plain text opening with a small header.
 *
 *   ---
 *   category: paper
 *   sub_category: cet4
 *   filename: 2023-06-1
 *   title: CET-4 June 2023, reading 1
 *   year: 2023
 *   level: 3          (optional: the level the text is written for, 1–5, checked by
 *                      `npm run check:content`; the library computes its own from the words)
 *   source: ...
 *   licence: ...
 *   ---
 *   The text.
 *
 * The header is "key: value" lines (quotes around a value are optional), not full YAML.
 */

export class DocumentFileError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'DocumentFileError';
  }
}

const knownKeys = ['category', 'sub_category', 'filename', 'title', 'year', 'level', 'source', 'licence'] as const;

const header = z.object({
  category: z.string(),
  sub_category: z.string().optional(),
  filename: z.string(),
  title: z.string(),
  year: z
    .string()
    .regex(/^\d{4}$/, 'year must be four digits')
    .transform(Number)
    .optional(),
  level: z
    .string()
    .regex(/^[1-5]$/, 'level must be 1 to 5')
    .transform(Number)
    .optional(),
  source: z.string(),
  licence: z.string(),
});

/** A document file: the document, and the level its writer meant it for when the header says. */
export type DocumentFile = DocumentInput & { stated_level?: number };

/**
 * Reads one document file. `defaultFilename` (the file's name without extension) is used when
 * the header names no filename. Throws DocumentFileError listing every problem found.
 */
export function parseDocumentFile(raw: string, defaultFilename: string): DocumentFile {
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(text);
  if (!match)
    throw new DocumentFileError(['no header: the file must start with a "---" line, "key: value" lines and a closing "---"']);

  const fields: Record<string, string> = {};
  const problems: string[] = [];
  for (const [i, line] of match[1].split('\n').entries()) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const pair = /^\s*([A-Za-z_]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (!pair) {
      problems.push(`header line ${i + 2} is not "key: value": ${line.trim()}`);
      continue;
    }
    const key = pair[1].toLowerCase() === 'license' ? 'licence' : pair[1].toLowerCase();
    if (!(knownKeys as readonly string[]).includes(key)) {
      problems.push(`unknown header key "${pair[1]}" (known: ${knownKeys.join(', ')})`);
      continue;
    }
    if (key in fields) problems.push(`header key "${key}" appears twice`);
    const value = pair[2].replace(/^(["'])(.*)\1$/, '$2');
    if (value) fields[key] = value;
  }
  fields.filename ??= defaultFilename;
  for (const key of ['category', 'title', 'source', 'licence']) {
    if (!(key in fields)) problems.push(`${key} is missing from the header`);
  }

  const parsedHeader = header.safeParse(fields);
  if (!parsedHeader.success) {
    problems.push(...parsedHeader.error.issues.filter((i) => String(i.path[0]) in fields).map(describe));
  }
  if (problems.length || !parsedHeader.success) throw new DocumentFileError(problems);

  const body = text.slice(match[0].length);
  const { level, ...fieldsOfDocument } = parsedHeader.data;
  const doc = documentInput.safeParse({ ...fieldsOfDocument, text: body });
  if (!doc.success) throw new DocumentFileError(doc.error.issues.map(describe));
  return { ...doc.data, year: doc.data.year ?? null, ...(level ? { stated_level: level } : {}) };
}

function describe(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.') || 'document';
  return `${field}: ${issue.message}`;
}
