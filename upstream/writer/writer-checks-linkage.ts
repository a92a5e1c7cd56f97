/**
 * Reading the Link Grammar parser's linkage of a sentence for the writer's checks
 * (writer-checks.ts): the words it left unlinked, the odd readings that count against a linkage,
 * a verb's subject, and the constructions English has that the parser's dictionary lacks.
 */
import type { PassageSentence } from '../../lib/contract';
import type { Link, Parse } from '../parser/link-grammar';
import type { Edit } from './writer-checks-text';

/** Words the parser left unlinked: link-parser writes them in brackets, "[is]". */
const unlinkedWords = (parse: Parse) =>
  parse.words.filter((w) => /^\[.+\]$/.test(w)).map((w) => w.slice(1, -1).replace(/\.[a-z][a-z0-9*#-]*$/, ''));

/**
 * A linkage that got everything linked only by reading the subject as a call ("My, brother, go
 * home!": "my" as an interjection, the noun as a vocative, the verb as an imperative) is how the
 * parser links "My brother go to school"; it counts against the sentence, less than a null word.
 */
const vocativeImperative = (parse: Parse) =>
  parse.links.some(
    (wi) =>
      wi.label.startsWith('Wi') &&
      wi.right > 1 &&
      // The interjection or the opener comes before the imperative: "and" read as an
      // interjection after it joins a later clause ("Please turn it down; …and your father is…").
      (parse.subscripts.slice(1, wi.right).includes('ij') ||
        parse.links.some((l) => l.label.startsWith('COa') && l.left < wi.right)),
  );

/** The conjunctions that join two subjects into one ("my brother and my sister"). */
const coordinators = new Set(['and', 'or']);

/** Heads that make the phrase singular whatever the plural after their "of": "each of the students has". */
const singularOfHeads = new Set(['each', 'one', 'either', 'neither', 'every']);

/**
 * The parser links "Each of the students have" and "The number of cars have" cleanly: it reads
 * "each of" and "the number of" as determiners of the plural noun, which then agrees with the
 * verb. English makes them the head: a plural subject link (Sp…) from the object of such an
 * "of" counts against the linkage, so that the verb's other number is tried. ("A number of cars
 * have" is right, and is left alone: only "the number" is singular.)
 */
function pluralUnderSingularHead(parse: Parse): boolean {
  const word = (i: number) => parse.words[i]?.toLowerCase();
  return parse.links.some((subject) => {
    if (!subject.label.startsWith('Sp')) return false;
    const of = parse.links.find((l) => l.right === subject.left && l.label.startsWith('J') && word(l.left) === 'of');
    if (!of) return false;
    return parse.links.some((l) => {
      if (l.right !== of.left || !/^(OF|M)/.test(l.label)) return false;
      if (singularOfHeads.has(word(l.left))) return true;
      return (
        word(l.left) === 'number' &&
        parse.links.some((d) => d.right === l.left && d.label.startsWith('D') && word(d.left) === 'the')
      );
    });
  });
}

/**
 * "My brother and my sister likes music" links cleanly only by reading "and" as an interjection
 * (subscript ij), leaving "my sister" the subject; a conjunction read so before any verb (inside
 * the subject, not between two clauses: "He has a car and he drives") counts against it.
 */
const conjunctionAsInterjection = (parse: Parse) =>
  parse.words.some(
    (w, i) =>
      coordinators.has(w.toLowerCase()) &&
      parse.subscripts[i] === 'ij' &&
      !parse.subscripts.slice(0, i).some((sub) => sub.startsWith('v')),
  );

/** The dictionary's subscripts of given names: a man's, a woman's, either's. */
const givenNameSubscripts = new Set(['m', 'f', 'b']);

/**
 * "Tom and Mary is happy" links cleanly: the parser reads two given names joined by "and" (and.j-g,
 * G links) as one name, like a firm's ("Procter and Gamble"), which then takes a singular verb.
 * Two given names are two people: a singular subject link (Ss…) from such a pair counts against
 * the linkage, so that the plural is tried ("Tom and Mary are": and.j-n, a plural link).
 */
function namedPairAsOne(parse: Parse): boolean {
  const givenName = (i: number) => givenNameSubscripts.has(parse.subscripts[i] ?? '');
  return parse.links.some((subject) => {
    if (!subject.label.startsWith('Ss') || !givenName(subject.left)) return false;
    const joined = parse.links.find(
      (l) =>
        l.right === subject.left &&
        l.label.startsWith('G') &&
        coordinators.has(parse.words[l.left]?.toLowerCase() ?? '') &&
        parse.subscripts[l.left] === 'j-g',
    );
    return (
      joined !== undefined && parse.links.some((l) => l.right === joined.left && l.label.startsWith('G') && givenName(l.left))
    );
  });
}

/** Where the rank-th (0-based) occurrence of a word is in a parse (a verb with its "n't" too); -1 when it is not there. */
export function positionOf(parse: Parse, word: string, rank: number): number {
  let seen = 0;
  for (const [i, w] of parse.words.entries()) {
    const lower = w.toLowerCase();
    if ((lower === word || lower === `${word}n't`) && seen++ === rank) return i;
  }
  return -1;
}

/**
 * The subject link of a verb: S… or SF… ("there are") from the subject on its left, SI… from the
 * verb to a subject after it ("Is he…"); not the SJ links inside a coordination.
 */
export function subjectLinkOf(parse: Parse, verb: number): { subject: number; link: Link } | undefined {
  const before = parse.links.find((l) => l.right === verb && /^S(?![JI])/.test(l.label));
  if (before) return { subject: before.left, link: before };
  const after = parse.links.find((l) => l.left === verb && l.label.startsWith('SI'));
  return after && { subject: after.right, link: after };
}

/**
 * The subject as the explanation names it: its head noun ("the price of the houses" → price),
 * both sides of a coordination ("brother and sister"), the noun after an expletive "there".
 */
export function subjectText(parse: Parse, { subject: head, link }: { subject: number; link: Link }): string {
  const word = (i: number) => parse.words[i] ?? '';
  if (link.label.startsWith('SF')) {
    const object = parse.links.find((l) => l.left === link.right && l.label.startsWith('O'));
    return word(object?.right ?? head);
  }
  if (coordinators.has(word(head).toLowerCase())) {
    const left = parse.links.find((l) => l.right === head && l.label.startsWith('SJl'));
    const right = parse.links.find((l) => l.left === head && l.label.startsWith('SJr'));
    if (left && right) return `${word(left.left)} ${word(head)} ${word(right.right)}`;
  }
  return word(head);
}

/**
 * Constructions that English has and the parser's dictionary lacks, each found in the sentence's
 * text; the named groups are the words the parser then leaves unlinked, and only those ("The
 * [harder] you work, the more…", "[Seldom] have I seen…", "[Hardly] had he…", "No [sooner] had
 * she…", "[How] I wish…!"). Exam writing teaches them, so they must not read as likely errors.
 */
const parserGaps: RegExp[] = [
  /\b(?<the>the)\s+(?<than>more|less|fewer|better|worse|[a-z]+er)\b[^.;!?]*,\s*(?<the2>the)\s+(?<than2>more|less|fewer|better|worse|[a-z]+er)\b/i,
  /^\W*(?:no\s+(?<sooner>sooner)|(?<adverb>hardly|scarcely|barely|seldom|rarely|never|little|nowhere)|under\s+no\s+circumstances|in\s+no\s+way)\s+(?<auxiliary>had|have|has|did|does|do|should|would|could|can|will|shall|was|were|is|are|am)\b/i,
  /^\W*(?<how>how)\b[^?]*!\W*$/i,
];

/**
 * "every few minutes", "every two weeks", "every other day": the parser has no reading of them
 * after an object ("check [the results] [every] few minutes") and leaves the object unlinked too.
 * For the parse only, they are read as a span it knows ("for a few minutes", "every day"): the
 * sentence's structure is the same, and the learner is told of nothing.
 */
export function everyFewRewrites(sentence: PassageSentence): Edit[] {
  const edits: Edit[] = [];
  const pattern = /\bevery\s+(few|several|couple|other|\d+|two|three|four|five|six|seven|eight|nine|ten)\b/gi;
  for (const match of sentence.text.matchAll(pattern)) {
    const start = sentence.start + match.index;
    const other = match[1].toLowerCase() === 'other';
    const end = start + (other ? match[0].length : 'every'.length);
    const reading = other ? 'every' : /^(few|couple)$/i.test(match[1]) ? 'for a' : 'for';
    edits.push({ start, end, text: reading });
  }
  return edits;
}

/** The words a parser gap of this sentence accounts for (none when it has no such construction). */
export function parserGapWords(sentence: string): Set<string> {
  const words = new Set<string>();
  for (const gap of parserGaps) {
    for (const word of Object.values(sentence.match(gap)?.groups ?? {})) if (word) words.add(word.toLowerCase());
  }
  return words;
}

/**
 * The unlinked words that count against a sentence: not those a parser gap accounts for
 * (`excused`), nor punctuation left beside them.
 */
export const unexcusedWords = (parse: Parse, excused: ReadonlySet<string>) =>
  unlinkedWords(parse).filter((w) => !excused.has(w.toLowerCase()) && !(excused.size > 0 && /^\p{P}+$/u.test(w)));

/** How far a parse is from a clean linkage: 0 when it is one. */
export const linkageScore = (parse: Parse, excused: ReadonlySet<string>) =>
  unexcusedWords(parse, excused).length * 2 +
  (vocativeImperative(parse) ? 1 : 0) +
  (pluralUnderSingularHead(parse) ? 1 : 0) +
  (conjunctionAsInterjection(parse) ? 1 : 0) +
  (namedPairAsOne(parse) ? 1 : 0);
