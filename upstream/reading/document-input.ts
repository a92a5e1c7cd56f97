import { z } from 'zod';
import { contentCategories, parseContentPath } from '../../lib/contract';

/*
 * The shape every document has on its way into the library, whichever way it comes: the seed
 * books, the operator's files (document-file.ts), a later upload call.
 */

/** A document as it enters the library. */
export const documentInput = z
  .object({
    category: z.enum(contentCategories),
    sub_category: z.string().trim().max(200).optional(),
    filename: z.string().trim().min(1).max(200),
    title: z.string().trim().min(1).max(500),
    year: z.number().int().min(1000).max(2999).nullish(),
    source: z.string().trim().min(1).max(1000),
    licence: z.string().trim().min(1).max(500),
    text: z.string().refine((t) => t.trim().length > 0, 'the text is empty'),
  })
  .superRefine((doc, ctx) => {
    // Only what the content call can address gets in: no slashes, no '..', no odd characters.
    const segments = [doc.category, ...(doc.sub_category ? [doc.sub_category] : []), doc.filename];
    if (!parseContentPath(segments)) {
      ctx.addIssue({
        code: 'custom',
        path: ['filename'],
        message: "sub_category and filename may hold letters, digits, spaces and . _ ( ) ' - only",
      });
    }
  });
export type DocumentInput = z.input<typeof documentInput>;
