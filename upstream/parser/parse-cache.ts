import type { TreeParser } from '../language/pipeline';
import type { UdSentence } from '../language/ud';
import type { LinkGrammar, Parse } from './link-grammar';
import { releaseWhenIdle } from '../platform/idle-release';

/**
 * The last `size` sentences' answers, the least recently used let go first, and all of them after
 * a quiet spell (platform/idle-release.ts).
 */
function recentlyUsed<V>(size: number) {
  const entries = new Map<string, V>();
  releaseWhenIdle(entries, (e) => e.clear());
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        // Most recently used last: Map keeps insertion order.
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: V): void {
      entries.set(key, value);
      if (entries.size > size) entries.delete(entries.keys().next().value as string);
    },
    /** Forgets `key` if it still holds `value`. */
    forget(key: string, value: V): void {
      if (entries.get(key) === value) entries.delete(key);
    },
  };
}

/**
 * Remembers the parses of the last `size` sentences. A parse is a pure function of the sentence,
 * and a reader asks about the same sentence again and again (each word clicked, then the
 * analysis). Callers asking for a sentence being parsed share that parse; a failed parse is
 * forgotten, so the next caller tries again.
 */
export function withParseCache(parser: LinkGrammar, size = 1_000): LinkGrammar {
  const recent = recentlyUsed<Promise<Parse>>(size);
  return {
    parse(sentence) {
      const known = recent.get(sentence);
      if (known) return known;
      const parse = parser.parse(sentence);
      recent.set(sentence, parse);
      parse.catch(() => recent.forget(sentence, parse));
      return parse;
    },
    close: () => parser.close(),
  };
}

/**
 * The same for the trained tree parser (upstream/language): it is synchronous and fast (about a
 * millisecond a sentence), but every word a reader clicks in a sentence, and then its analysis,
 * asks for the same tree. The trees are shared: callers must not change them.
 */
export function withTreeCache(parser: TreeParser, size = 1_000): TreeParser {
  const recent = recentlyUsed<UdSentence>(size);
  return {
    loadMs: parser.loadMs,
    // Tagging alone is for passages, sentences read once: not worth keeping.
    tag: (sentence) => parser.tag(sentence),
    parse(sentence) {
      const known = recent.get(sentence);
      if (known) return known;
      const tree = parser.parse(sentence);
      recent.set(sentence, tree);
      return tree;
    },
  };
}
