import type { Constituent, Parse } from '../../parser/link-grammar';
import type { DetectorInput } from '../types';

/** A link between two word positions of `words` (the walls are -1 and `words.length`). */
export interface WordLink {
  left: number;
  right: number;
  label: string;
}

/**
 * What the detectors read: the words (lower-cased, and as written), and when the parser answered
 * its subscripts, links and the spans of its constituents, all in positions of `words`.
 */
export interface Sentence {
  words: string[];
  lower: string[];
  sub: string[];
  links: WordLink[];
  /** Constituents with their span [start, end) in word positions. */
  phrases: { label: string; start: number; end: number }[];
  parsed: boolean;
  /** The sentence ends with "?" / "!". */
  question: boolean;
  exclamation: boolean;
}

const bracketed = /^\[(.+)\]$/;

export function readSentence(input: DetectorInput): Sentence {
  const parse = input.parse;
  if (!parse) {
    const words = input.words.map((w) => w.replace(bracketed, '$1'));
    return finish(
      words,
      words.map(() => ''),
      [],
      [],
      false,
    );
  }
  // link-parser leaves LEFT-WALL out of some linkages; positions are then not shifted.
  const offset = parse.words[0] === 'LEFT-WALL' ? 1 : 0;
  const last = parse.words.at(-1) === 'RIGHT-WALL' ? parse.words.length - 1 : parse.words.length;
  // Some entries keep a dictionary marker the subscript reader leaves on: 's.#us.
  const words = parse.words.slice(offset, last).map((w) => w.replace(bracketed, '$1').replace(/\.#[a-z-]+$/, ''));
  const sub = parse.subscripts.slice(offset, last);
  const links = parse.links.map((l) => ({ left: l.left - offset, right: l.right - offset, label: l.label }));
  return finish(words, sub, links, phrasesOf(parse, words.length), true);
}

function finish(words: string[], sub: string[], links: WordLink[], phrases: Sentence['phrases'], parsed: boolean): Sentence {
  const lower = words.map((w) => w.toLowerCase().replace(/’/g, "'"));
  const end = lower.at(-1) ?? '';
  return { words, lower, sub, links, phrases, parsed, question: end === '?', exclamation: end === '!' };
}

/** The constituents over word positions: the tree's leaves are the words in order, walls excluded. */
function phrasesOf(parse: Parse, count: number): Sentence['phrases'] {
  const out: Sentence['phrases'] = [];
  let at = 0;
  const walk = (node: Constituent) => {
    const start = at;
    for (const child of node.children) {
      if (typeof child === 'string') at++;
      else walk(child);
    }
    out.push({ label: node.label, start, end: at });
  };
  walk(parse.tree);
  // A tree that does not cover the words (a parser fault) is not used.
  return at === count ? out : [];
}
