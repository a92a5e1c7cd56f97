import { z } from 'zod';

/**
 * The query of a dictionary link (spec: /ContextualDictAPI, /ContextualDictForZhenti), as the
 * native app or a page sends it: `text`, and optionally `target` (the word to look up at once)
 * and `index` (which word, counting words from 0). Bad or oversized values are dropped rather
 * than failing the page.
 */
export interface DictLinkParams {
  text?: string;
  target?: string;
  index?: number;
}

type SearchParams = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const text = z.string().trim().min(1).max(20_000);
const target = z.string().trim().min(1).max(200);
const index = z.coerce.number().int().min(0).max(1_000_000);

export function dictLinkParams(params: SearchParams): DictLinkParams {
  const read = <T>(schema: z.ZodType<T>, value: string | undefined): T | undefined => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  const result: DictLinkParams = {};
  const t = read(text, first(params.text));
  if (t === undefined) return result;
  result.text = t;
  const word = read(target, first(params.target));
  if (word !== undefined) result.target = word;
  const rawIndex = first(params.index);
  const i = rawIndex === undefined || rawIndex === '' ? undefined : read(index, rawIndex);
  if (i !== undefined) result.index = i;
  return result;
}
