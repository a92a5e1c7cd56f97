import type { LinkGrammar, Parse } from './link-grammar';

/**
 * Remembers the parses of the last `size` sentences. A parse is a pure function of the sentence,
 * and a reader asks about the same sentence again and again (each word clicked, then the
 * analysis). Callers asking for a sentence being parsed share that parse; a failed parse is
 * forgotten, so the next caller tries again.
 */
export function withParseCache(parser: LinkGrammar, size = 1_000): LinkGrammar {
  const recent = new Map<string, Promise<Parse>>();
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
