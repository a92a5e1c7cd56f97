import type { TreeParser } from '../language/pipeline';
import type { UdSentence } from '../language/ud';
import type { LinkGrammar, Parse } from './link-grammar';
import { releaseWhenIdle } from '../platform/idle-release';

/**
 * Remembers the parses of the last `size` sentences. A parse is a pure function of the sentence,
 * and a reader asks about the same sentence again and again (each word clicked, then the
 * analysis). Callers asking for a sentence being parsed share that parse; a failed parse is
 * forgotten, so the next caller tries again.
 */
export function withParseCache(parser: LinkGrammar, size = 1_000): LinkGrammar {
  const recent = new Map<string, Promise<Parse>>();
  releaseWhenIdle(recent, (r) => r.clear());
  return {
    parse(sentence) {
      const known = recent.get(sentence);
      if (known) {
        // Most recently used last: Map keeps insertion order.
        recent.delete(sentence);
        recent.set(sentence, known);
        return known;
      }
      const parse = parser.parse(sentence);
      recent.set(sentence, parse);
      parse.catch(() => {
        if (recent.get(sentence) === parse) recent.delete(sentence);
      });
      if (recent.size > size) recent.delete(recent.keys().next().value as string);
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
  const recent = new Map<string, UdSentence>();
  releaseWhenIdle(recent, (r) => r.clear());
  return {
    loadMs: parser.loadMs,
    // Tagging alone is for passages, sentences read once: not worth keeping.
    tag: (sentence) => parser.tag(sentence),
    parse(sentence) {
      const known = recent.get(sentence);
      if (known) {
        recent.delete(sentence);
        recent.set(sentence, known);
        return known;
      }
      const tree = parser.parse(sentence);
      recent.set(sentence, tree);
      if (recent.size > size) recent.delete(recent.keys().next().value as string);
      return tree;
    },
  };
}
