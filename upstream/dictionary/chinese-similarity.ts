/**
 * How alike two Chinese renderings are, for Chinese for a sense (chinese.ts): equal, one
 * containing the other (岸 in 河岸), shared character pairs, shared characters.
 */
import { Lru } from './wordnet';

export const cjk = /[\u3400-\u9fff]/;

/** Characters that say nothing on their own when two renderings are compared. */
const weakChars = new Set('的地得了着过是在有和与或及使被把之一不人者性化中上下大小个等所为其以而于可'.split(''));

/** The comparable core of a rendering: no brackets, ellipses, or a trailing 的/地, no leading 使/被. */
export function core(item: string): string {
  return item
    .replace(/[（(][^）)]*[）)]/g, '')
    .replace(/\[[^\]]*\]|【[^】]*】/g, '')
    .replace(/[.…。·\s"'“”‘’~～]/g, '')
    .replace(/[的地]$/, '')
    .replace(/^[使被把]/, '');
}

/** A rendering prepared for comparison (core text, character pairs, strong characters). */
export interface Prepared {
  core: string;
  pairs: Set<string>;
  chars: Set<string>;
}

const preparedCache = new Lru<string, Prepared>(30_000);

export function prepare(item: string): Prepared {
  let p = preparedCache.get(item);
  if (!p) {
    const c = core(item);
    const pairs = new Set<string>();
    for (let i = 0; i + 1 < c.length; i++) pairs.add(c.slice(i, i + 2));
    const chars = new Set([...c].filter((ch) => !weakChars.has(ch) && cjk.test(ch)));
    p = { core: c, pairs, chars };
    preparedCache.set(item, p);
  }
  return p;
}

export function similarityPrepared(x: Prepared, y: Prepared): number {
  if (!x.core || !y.core) return 0;
  if (x.core === y.core) return 1;
  const [short, long] = x.core.length <= y.core.length ? [x.core, y.core] : [y.core, x.core];
  if (long.includes(short)) return short.length >= 2 ? 0.85 : weakChars.has(short) ? 0 : 0.7;
  let shared = 0;
  for (const g of x.pairs) if (y.pairs.has(g)) shared++;
  if (shared > 0) return (0.8 * (2 * shared)) / (x.pairs.size + y.pairs.size);
  let common = 0;
  for (const c of x.chars) if (y.chars.has(c)) common++;
  return common ? (0.3 * common) / Math.max(x.chars.size, y.chars.size) : 0;
}

/** How alike two Chinese renderings are, 0..1. */
export function similarity(a: string, b: string): number {
  return similarityPrepared(prepare(a), prepare(b));
}
