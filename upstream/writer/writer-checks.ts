import { dictionary as cmuDictionary } from 'cmu-pronouncing-dictionary';
import type { PassageSentence, PassageToken, WriterFlag, WriterProfile } from '../../lib/contract';
import { levels, textLevel } from '../reading/profile';
import type { Ecdict } from '../dictionary/ecdict';
import { type Link, type Parse, ParserUnavailable } from '../parser/link-grammar';
import type { PassageAnalysis } from '../passage/passage';
import type { SpellChecker } from './writer-spelling';

/*
 * The writer's offline checks over a text the passage reader has split and tagged (passage.ts):
 *  - spelling (nspell + dictionary-en), leaving out names, numbers, acronyms and words ECDICT
 *    knows as real words (an exam tag or a corpus rank: "colour", "realise", "Beijing");
 *  - "a" / "an" by the next word's first sound (CMU pronouncing dictionary);
 *  - a word written twice in a row;
 *  - sentences over 40 words;
 *  - with the Link Grammar parser: a sentence it cannot link completely (null-linked words) is
 *    likely ungrammatical. Before calling it that, the checker tries the learner's usual slips as
 *    repairs — the verb's other number ("He go" → goes, "students is" → are) and an article
 *    before a bare singular noun ("have car" → a car) — and re-parses: a repair after which the
 *    whole sentence links is reported as that error, with its fix; otherwise the sentence is
 *    reported as one the parser could not link. Spelling, a/an and repetition fixes are applied
 *    before parsing, so that one slip is not reported twice. Constructions English has and the
 *    parser's dictionary lacks ("the more…, the more…", inversions, "every few minutes") are
 *    excused or read for the parse only, so that right English is not called suspect.
 */

export interface WriterCheckDeps {
  ecdict: Pick<Ecdict, 'get'>;
  spelling: SpellChecker;
  /** The shared Link Grammar worker's parse, or null when link-parser is not installed. */
  parse: ((sentence: string) => Promise<Parse>) | null;
}

export interface WriterCheckResult {
  flags: WriterFlag[];
  profile: WriterProfile;
  grammar_checked: boolean;
  grammar_note?: string;
}

/** A change of the text, in absolute offsets; an insertion has start === end. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/** A slip tried as a repair of a sentence the parser cannot link. */
interface Repair {
  /** The token it is about (one repair per token). */
  slot: number;
  edit: Edit;
  /**
   * Whether a parse with the repair reads it as meant (a verb made to agree is still a verb, with
   * a subject of its number); a repair that only links by turning the word into something else
   * ("like" as a preposition) is not a correction.
   */
  holds?: (parse: Parse) => boolean;
  /**
   * The flag, explained from the final parse (all the sentence's repairs applied); none for a
   * use the parser does not know but English has ("in hospital"), which it links only so.
   */
  flag: (final: Parse) => WriterFlag | undefined;
}

export const longSentenceWords = 40;
const maxRepairRounds = 3;
const maxRepairsTried = 10;
/**
 * How long one check may spend on repair parses in all (the first parse of each sentence not
 * counted): past it, a sentence the parser cannot link is reported as such without trying its
 * repairs (a busy machine, a long essay full of slips), so that the learner never waits long.
 */
export const repairBudgetMs = 3_000;

const vowelPhonemes = /^(AA|AE|AH|AO|AW|AY|EH|ER|EY|IH|IY|OW|OY|UH|UW)/;
/** Letters whose names begin with a vowel sound: "an FBI agent", "an MP3". */
const vowelLetters = new Set('AEFHILMNORSX');

/** Whether a word is said with a vowel first ("an hour", "a university", "an apple"). */
export function startsWithVowelSound(word: string): boolean {
  if (/^[A-Z]{2,}$/.test(word)) return vowelLetters.has(word[0]);
  const lower = word.toLowerCase().replace(/[^a-z'-].*$/, '');
  const entry = Object.hasOwn(cmuDictionary, lower) ? cmuDictionary[lower] : undefined;
  if (entry) return vowelPhonemes.test(entry);
  return /^[aeio]/.test(lower) || /^u[^n]/.test(lower);
}

const irregularNumber: Record<string, string[]> = {
  is: ['are', 'am'],
  are: ['is', 'am'],
  am: ['is', 'are'],
  was: ['were'],
  were: ['was'],
  has: ['have'],
  have: ['has'],
  does: ['do'],
  do: ['does'],
};
const singularForms = new Set(['is', 'was', 'has', 'does']);

/** The present-tense verb's form of the other number: go ↔ goes, study ↔ studies, is ↔ are. */
function otherNumber(verb: string): string[] {
  if (irregularNumber[verb]) return irregularNumber[verb];
  if (/ed$/.test(verb) || verb.length < 2) return [];
  if (/[^aeiou]ies$/.test(verb)) return [verb.replace(/ies$/, 'y')];
  if (/(?:ss|sh|ch|x|z|o)es$/.test(verb)) return [verb.replace(/es$/, '')];
  if (/[^s]s$/.test(verb)) return [verb.slice(0, -1)];
  if (/[^aeiou]y$/.test(verb)) return [verb.replace(/y$/, 'ies')];
  if (/(?:s|sh|ch|x|z|o)$/.test(verb)) return [`${verb}es`];
  return [`${verb}s`];
}

/** The form a singular third-person subject takes. */
const isSingularForm = (form: string, original: string) =>
  singularForms.has(form) || (!irregularNumber[form] && form.length > original.length);

/** Words after which a verb is not the one agreeing with the subject ("will go", "to go", "does go"). */
const notFinite = new Set([
  'to',
  'will',
  'would',
  'can',
  'could',
  'shall',
  'should',
  'may',
  'might',
  'must',
  'do',
  'does',
  'did',
  "n't",
  'not',
  'let',
  'make',
  'made',
  'help',
]);
const possessives = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their', 'whose']);
/**
 * Places that go without an article after a preposition when they are meant as what they are for
 * ("go to university", "in hospital", "at school", "to bed"): the parser's dictionary does not
 * know this British use and asks for an article, so no article is suggested for them there.
 */
const barePlaces = new Set([
  'school',
  'university',
  'college',
  'hospital',
  'prison',
  'jail',
  'church',
  'bed',
  'class',
  'work',
  'town',
  'sea',
  'court',
  'home',
]);
/** Twice in a row on purpose: "had had", "that that". */
const doubledOnPurpose = new Set(['had', 'that', 'very', 'ha', 'bye', 'no']);

const isLetters = (word: string) => /^[A-Za-z]+(?:[-'][A-Za-z]+)*$/.test(word);
const quote = (text: string) => `“${text}”`;

/** The text of [from, to) with the edits that fall inside it applied. */
function applyEdits(text: string, from: number, to: number, edits: readonly Edit[]): string {
  const inside = edits.filter((e) => e.start >= from && e.end <= to).sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = from;
  for (const edit of inside) {
    if (edit.start < at) continue;
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at, to);
}

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
function positionOf(parse: Parse, word: string, rank: number): number {
  let seen = 0;
  for (const [i, w] of parse.words.entries()) {
    const lower = w.toLowerCase();
    if ((lower === word || lower === `${word}n't`) && seen++ === rank) return i;
  }
  return -1;
}

const singularPronouns = new Set(['he', 'she', 'it']);
const pluralPronouns = new Set(['we', 'they', 'you']);

/** Nouns that are plural without a plural ending, and that the dictionary also knows as singular ("a people"). */
const pluralNouns = new Set(['people', 'police', 'cattle']);

/**
 * The subject link of a verb: S… or SF… ("there are") from the subject on its left, SI… from the
 * verb to a subject after it ("Is he…"); not the SJ links inside a coordination.
 */
function subjectLinkOf(parse: Parse, verb: number): { subject: number; link: Link } | undefined {
  const before = parse.links.find((l) => l.right === verb && /^S(?![JI])/.test(l.label));
  if (before) return { subject: before.left, link: before };
  const after = parse.links.find((l) => l.left === verb && l.label.startsWith('SI'));
  return after && { subject: after.right, link: after };
}

/**
 * The subject as the explanation names it: its head noun ("the price of the houses" → price),
 * both sides of a coordination ("brother and sister"), the noun after an expletive "there".
 */
function subjectText(parse: Parse, { subject: head, link }: { subject: number; link: Link }): string {
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
function everyFewRewrites(sentence: PassageSentence): Edit[] {
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
const unexcusedWords = (parse: Parse, excused: ReadonlySet<string>) =>
  unlinkedWords(parse).filter((w) => !excused.has(w.toLowerCase()) && !(excused.size > 0 && /^\p{P}+$/u.test(w)));

/** How far a parse is from a clean linkage: 0 when it is one. */
const linkageScore = (parse: Parse, excused: ReadonlySet<string>) =>
  unexcusedWords(parse, excused).length * 2 +
  (vocativeImperative(parse) ? 1 : 0) +
  (pluralUnderSingularHead(parse) ? 1 : 0) +
  (conjunctionAsInterjection(parse) ? 1 : 0) +
  (namedPairAsOne(parse) ? 1 : 0);

export function createWriterChecker({ ecdict, spelling, parse }: WriterCheckDeps) {
  /** ECDICT knows a word as a real one: it has an exam tag or a corpus rank (it also lists typos). */
  function knownWord(word: string): boolean {
    const entry = ecdict.get(word.toLowerCase());
    return entry !== undefined && (entry.tag.trim() !== '' || entry.frq > 0 || entry.bnc > 0);
  }

  function spelledRight(word: string): boolean {
    if (spelling.correct(word) || spelling.correct(word.toLowerCase()) || knownWord(word)) return true;
    const parts = word.split('-');
    return parts.length > 1 && parts.every((p) => p === '' || spelling.correct(p) || knownWord(p));
  }

  function spellingFlag(token: PassageToken, firstWord: boolean): WriterFlag | undefined {
    const word = token.text;
    if (!isLetters(word) || word.length < 2) return undefined;
    // Names, acronyms: a proper noun, a capital inside the sentence, or all capitals.
    if (token.pos === 'PROPN' || /^[A-Z]{2,}$/.test(word) || (!firstWord && /^[A-Z]/.test(word))) return undefined;
    if (spelledRight(word)) return undefined;
    const suggestions = spelling
      .suggest(word)
      .filter((s) => !/^[A-Z]/.test(s) || /^[A-Z]/.test(word))
      .slice(0, 3);
    const message = suggestions.length
      ? `${quote(word)} 可能拼错了，词典里没有这个词。建议改为 ${suggestions.map(quote).join(' 或 ')}。`
      : `${quote(word)} 可能拼错了，词典里没有这个词，请检查拼写。`;
    return { kind: 'spelling', start: token.start, end: token.end, text: word, message, suggestions };
  }

  function articleFormFlag(article: PassageToken, next: PassageToken): WriterFlag | undefined {
    const lower = article.text.toLowerCase();
    if ((lower !== 'a' && lower !== 'an') || !next.is_word || !/^[A-Za-z]/.test(next.text)) return undefined;
    const wanted = startsWithVowelSound(next.text) ? 'an' : 'a';
    if (lower === wanted) return undefined;
    const fixed = article.text[0] === 'A' ? wanted[0].toUpperCase() + wanted.slice(1) : wanted;
    const message =
      wanted === 'an'
        ? `${quote(next.text)} 以元音音素开头，前面的不定冠词要用 an，不用 a（如 an apple, an hour）。`
        : `${quote(next.text)} 以辅音音素开头，前面的不定冠词要用 a，不用 an（如 a book, a university）。`;
    return { kind: 'article', start: article.start, end: article.end, text: article.text, message, suggestions: [fixed] };
  }

  /** The subject a verb agrees with: the nearest noun or pronoun before it in the sentence. */
  function subjectBefore(words: readonly PassageToken[], at: number): PassageToken | undefined {
    for (let i = at - 1; i >= 0; i--) {
      const t = words[i];
      if (t.pos === 'NOUN' || t.pos === 'PRON' || t.pos === 'PROPN') return t;
      if (t.pos === 'VERB' || t.pos === 'AUX' || t.pos === 'ADP' || t.pos === 'SCONJ') return undefined;
    }
    return undefined;
  }

  /**
   * The repairs worth trying in a sentence, nearest to the words the parser left unlinked first
   * (a slip leaves its neighbours unlinked: "[He] go", "students [is] [happy]"), at most
   * maxRepairsTried of them: each try is a parse.
   */
  function repairsOf(sentence: PassageSentence, unlinked: readonly string[]): Repair[] {
    const words = sentence.tokens.filter((t) => t.is_word);
    const loose = new Set(unlinked.map((w) => w.toLowerCase()));
    const marked = words.flatMap((t, i) => (loose.has(t.text.toLowerCase()) ? [i] : []));
    const distance = (slot: number) => (marked.length ? Math.min(...marked.map((m) => Math.abs(m - slot))) : 0);
    return candidateRepairs(sentence, words)
      .sort((a, b) => distance(a.slot) - distance(b.slot))
      .slice(0, maxRepairsTried);
  }

  function candidateRepairs(sentence: PassageSentence, words: readonly PassageToken[]): Repair[] {
    const repairs: Repair[] = [];
    for (const [i, token] of words.entries()) {
      const lower = token.text.toLowerCase();
      if (!/^[a-z]+$/i.test(token.text)) continue;
      // The verb's other number, when a subject comes right before it.
      // Only a present-tense form has a number to get wrong: the base form or its -s form, or
      // a form of be, have or do ("saw" and "taking" have none).
      const present =
        Object.hasOwn(irregularNumber, lower) ||
        token.lemma === lower ||
        (token.lemma !== undefined && otherNumber(token.lemma).includes(lower));
      if ((token.pos === 'VERB' || token.pos === 'AUX') && present && !notFinite.has(words[i - 1]?.text.toLowerCase() ?? '')) {
        const subject = subjectBefore(words, i);
        if (subject) {
          for (const form of otherNumber(lower).filter((f) => spelling.correct(f))) {
            const singular = isSingularForm(form, lower);
            // The verb in a parse of the repaired sentence: the same occurrence of its new form.
            const rank = words.slice(0, i).filter((w) => w.text.toLowerCase() === form).length;
            const verbIn = (parse: Parse) => positionOf(parse, form, rank);
            const subjectIn = (parse: Parse) => subjectLinkOf(parse, verbIn(parse));
            repairs.push({
              slot: i,
              edit: { start: token.start, end: token.end, text: form },
              holds: (parse) => {
                // Still read as a verb (not "like" as a preposition): a verb's subscript, or a subject.
                const link = subjectIn(parse);
                if (!link && !parse.subscripts[verbIn(parse)]?.startsWith('v')) return false;
                const linked = link && subjectText(parse, link).toLowerCase();
                // A pronoun right before the verb is its subject whatever the parse links ("…, and
                // I have never…" is not "advice has"). "am" goes with "I" alone; "I" takes neither
                // a third-person form nor "are"; the other personal pronouns have one number each.
                const pronoun = words[i - 1]?.pos === 'PRON' ? words[i - 1].text.toLowerCase() : undefined;
                const subjects = [linked, pronoun].filter((who): who is string => who !== undefined);
                if (form === 'am' && !subjects.includes('i')) return false;
                for (const who of subjects) {
                  if (who === 'i' && (singular || form === 'are')) return false;
                  if (singular ? pluralPronouns.has(who) : singularPronouns.has(who)) return false;
                }
                if (!linked) return true;
                // A plural noun ("people", "children") does not take the singular the repair made.
                const noun = words.find((w) => w.text.toLowerCase() === linked && w.pos === 'NOUN');
                const plural = pluralNouns.has(linked) || (noun?.lemma !== undefined && noun.lemma !== linked);
                return !(singular && plural);
              },
              flag: (final) => {
                const link = subjectIn(final);
                // As the learner wrote it (the parser lowercases the sentence's first word).
                const named = link
                  ? subjectText(final, link)
                      .split(' ')
                      .map((part) => words.find((w) => w.text.toLowerCase() === part.toLowerCase())?.text ?? part)
                      .join(' ')
                  : subject.text;
                return {
                  kind: 'agreement',
                  start: token.start,
                  end: token.end,
                  text: token.text,
                  message: singular
                    ? `主谓不一致：主语 ${quote(named)} 是第三人称单数，谓语动词要用单数形式，${quote(token.text)} 应改为 ${quote(form)}。`
                    : `主谓不一致：主语 ${quote(named)} 是复数（或 I、you），谓语动词不能用第三人称单数形式，${quote(token.text)} 应改为 ${quote(form)}。`,
                  suggestions: [form],
                };
              },
            });
          }
        }
      }
      // An article before a bare singular noun (and its adjectives and the nouns before it). An
      // inflected word ends the phrase: it is not a noun's modifier but, mostly, a verb the tagger
      // took for a plural noun ("The museum houses collection of…").
      if (token.pos === 'NOUN' && token.lemma === lower) {
        let first = i;
        while (
          first > 0 &&
          ['ADJ', 'NOUN', 'ADV'].includes(words[first - 1].pos) &&
          /^[a-z]/.test(words[first - 1].text) &&
          !(words[first - 1].pos === 'NOUN' && words[first - 1].lemma !== words[first - 1].text)
        )
          first--;
        const before = words[first - 1];
        const determined =
          before !== undefined &&
          (before.pos === 'DET' || before.pos === 'NUM' || before.pos === 'PART' || possessives.has(before.text.toLowerCase()));
        if (determined) continue;
        if (first === i && barePlaces.has(lower) && before?.pos === 'ADP') {
          repairs.push({ slot: i, edit: { start: token.start, end: token.start, text: 'the ' }, flag: () => undefined });
          continue;
        }
        const head = words[first];
        const phrase = sentence.text.slice(head.start - sentence.start, token.end - sentence.start);
        for (const article of [startsWithVowelSound(head.text) ? 'an' : 'a', 'the']) {
          repairs.push({
            slot: i,
            edit: { start: head.start, end: head.start, text: `${article} ` },
            flag: () => ({
              kind: 'article',
              start: head.start,
              end: token.end,
              text: phrase,
              message: `缺少冠词：${quote(token.text)} 是可数名词单数，前面要有冠词或限定词——泛指用 a/an，特指用 the，也可以用 my、this 等，这里可写作 ${quote(`${article} ${phrase}`)}。`,
              suggestions: [`${article} ${phrase}`],
            }),
          });
        }
      }
    }
    return repairs;
  }

  /** The grammar flags of one sentence; `base` are the fixes already known (spelling, a/an). */
  async function grammarOf(
    text: string,
    sentence: PassageSentence,
    base: readonly Edit[],
    parseNow: (sentence: string) => Promise<Parse>,
    /** The time the check's repair parses have taken so far, in ms; this sentence's are added. */
    repairs: { spentMs: number },
  ): Promise<WriterFlag[]> {
    const end = sentence.start + sentence.text.trimEnd().length;
    const parseWith = (edits: readonly Edit[]) => parseNow(applyEdits(text, sentence.start, end, edits));
    const first = await parseWith(base);
    const excused = parserGapWords(sentence.text);
    const unlinked = unexcusedWords(first, excused);
    let nulls = linkageScore(first, excused);
    if (nulls === 0) return [];

    const candidates = repairsOf(sentence, unlinked);
    const applied: Repair[] = [];
    let final = first;
    for (let round = 0; round < maxRepairRounds && nulls > 0; round++) {
      let best: { repair: Repair; nulls: number; parse: Parse } | undefined;
      for (const repair of candidates) {
        if (repairs.spentMs > repairBudgetMs) break;
        if (applied.some((a) => a.slot === repair.slot)) continue;
        const started = performance.now();
        const parse = await parseWith([...base, ...applied.map((a) => a.edit), repair.edit]);
        repairs.spentMs += performance.now() - started;
        if (repair.holds && !repair.holds(parse)) continue;
        const n = linkageScore(parse, excused);
        if (n < (best?.nulls ?? nulls)) best = { repair, nulls: n, parse };
        if (n === 0) break;
      }
      if (!best) break;
      applied.push(best.repair);
      nulls = best.nulls;
      final = best.parse;
    }
    if (nulls === 0) return applied.flatMap((a) => a.flag(final) ?? []);
    // Only the odd reading and no repair for it: the parser did link every word.
    if (unlinked.length === 0) return [];

    const words = [...new Set(unlinked)].slice(0, 5).map(quote).join('、');
    return [
      {
        kind: 'grammar',
        start: sentence.start,
        end,
        text: text.slice(sentence.start, end),
        message: `语法分析无法把这句话的所有词连成完整的句子结构（连不上的词：${words}），可能有语法错误，如缺少谓语动词、成分多余、词性或搭配不当，请检查；如果确认无误，也可能是分析器不熟悉的用法。`,
        suggestions: [],
      },
    ];
  }

  async function check(text: string, passage: PassageAnalysis): Promise<WriterCheckResult> {
    const flags: WriterFlag[] = [];
    /** Fixes known before parsing, and readings for the parse only, by sentence. */
    const fixes: Edit[][] = passage.sentences.map(() => []);

    for (const [s, sentence] of passage.sentences.entries()) {
      const words = sentence.tokens.filter((t) => t.is_word);
      for (const [i, token] of words.entries()) {
        const spelled = spellingFlag(token, i === 0);
        if (spelled) {
          flags.push(spelled);
          if (spelled.suggestions[0]) fixes[s].push({ start: token.start, end: token.end, text: spelled.suggestions[0] });
        }
        const next = words[i + 1];
        const form = next && articleFormFlag(token, next);
        if (form) {
          flags.push(form);
          fixes[s].push({ start: token.start, end: token.end, text: form.suggestions[0] });
        }
        const previous = words[i - 1];
        const lower = token.text.toLowerCase();
        if (
          previous &&
          previous.text.toLowerCase() === lower &&
          /^[a-z]+$/i.test(lower) &&
          !doubledOnPurpose.has(lower) &&
          /^\s+$/.test(text.slice(previous.end, token.start))
        ) {
          flags.push({
            kind: 'repeat',
            start: token.start,
            end: token.end,
            text: token.text,
            message: `${quote(token.text)} 连续写了两次，删去一个。`,
            suggestions: [''],
          });
          fixes[s].push({ start: previous.end, end: token.end, text: '' });
        }
      }
      fixes[s].push(...everyFewRewrites(sentence));
      if (words.length > longSentenceWords) {
        const end = sentence.start + sentence.text.trimEnd().length;
        flags.push({
          kind: 'long_sentence',
          start: sentence.start,
          end,
          text: text.slice(sentence.start, end),
          message: `这个句子有 ${words.length} 个词，过长的句子容易出错、也不易读懂。考试作文中一句话最好不超过 ${longSentenceWords} 个词，可以拆成两三个句子。`,
          suggestions: [],
        });
      }
    }

    let grammarChecked = parse !== null;
    let grammarNote = parse
      ? undefined
      : '服务器未安装 Link Grammar 语法分析器，本次未做语法检查（拼写、重复词、句长和词汇分析照常）。';
    if (parse) {
      const repairs = { spentMs: 0 };
      for (const [s, sentence] of passage.sentences.entries()) {
        // Headings and salutations ("My Summer", "Dear Tom,") are not sentences to parse.
        if (!/[.!?]["'”’)]*\s*$/.test(sentence.text)) continue;
        // An over-long sentence is flagged for its length; the parser is not asked about it.
        const count = sentence.tokens.filter((t) => t.is_word).length;
        if (count < 2 || count > longSentenceWords) continue;
        try {
          flags.push(...(await grammarOf(text, sentence, fixes[s], parse, repairs)));
        } catch (error) {
          if (error instanceof ParserUnavailable) {
            grammarChecked = false;
            grammarNote = '语法分析器暂时不可用，本次未做语法检查，请稍后再试。';
            break;
          }
          // One sentence the parser choked on (too long, timed out) is left unchecked.
        }
      }
      if (!grammarChecked) for (let i = flags.length - 1; i >= 0; i--) if (flags[i].kind === 'grammar') flags.splice(i, 1);
    }

    flags.sort((a, b) => a.start - b.start || a.end - b.end);
    return {
      flags,
      profile: profileOf(passage),
      grammar_checked: grammarChecked,
      ...(grammarNote ? { grammar_note: grammarNote } : {}),
    };
  }

  return { check };
}

export type WriterChecker = ReturnType<typeof createWriterChecker>;

const levelNames = [...levels, { level: 6, label: '超纲', exam: '超出考试大纲' }];
const contentPos = new Set(['NOUN', 'VERB', 'ADJ', 'ADV']);
/** Words every essay needs often: not "overused". */
const commonContent = new Set([
  'be',
  'have',
  'do',
  'say',
  'get',
  'make',
  'go',
  'can',
  'will',
  'would',
  'should',
  'not',
  'also',
  'so',
  'very',
  'more',
  'most',
  'people',
  'think',
]);

/** The exam-word profile of the text, from the passage reader's levels. */
export function profileOf(passage: Pick<PassageAnalysis, 'sentences'>): WriterProfile {
  const running: number[] = [];
  const lemmas = new Map<string, { level?: number; count: number; content: boolean }>();
  const sentenceWords: number[] = [];
  let words = 0;
  for (const sentence of passage.sentences) {
    let inSentence = 0;
    for (const t of sentence.tokens) {
      if (!t.is_word) continue;
      words++;
      inSentence++;
      if (!t.lemma || /\d/.test(t.text) || t.pos === 'PROPN') continue;
      if (t.level !== undefined) running.push(t.level);
      const known = lemmas.get(t.lemma) ?? { level: t.level, count: 0, content: contentPos.has(t.pos) };
      known.count++;
      lemmas.set(t.lemma, known);
    }
    if (inSentence > 0) sentenceWords.push(inSentence);
  }
  const level = textLevel(running);
  const overusedAt = Math.max(4, Math.ceil(words * 0.02));
  return {
    word_count: words,
    sentence_count: sentenceWords.length,
    average_sentence_words: sentenceWords.length ? Math.round((words / sentenceWords.length) * 10) / 10 : 0,
    longest_sentence_words: Math.max(0, ...sentenceWords),
    distinct_words: lemmas.size,
    level,
    level_exam: levelNames.find((l) => l.level === level)?.exam ?? '',
    levels: levelNames.map((l) => ({
      level: l.level,
      label: l.label,
      exam: l.exam,
      count: running.filter((r) => r === l.level).length,
    })),
    advanced_words: [...lemmas.entries()]
      .filter(([lemma, w]) => w.level !== undefined && w.level >= 4 && /^[a-z-]+$/.test(lemma))
      .slice(0, 30)
      .map(([lemma, w]) => ({ lemma, level: w.level as number })),
    overused_words: [...lemmas.entries()]
      .filter(([lemma, w]) => w.content && w.count >= overusedAt && !commonContent.has(lemma) && lemma.length > 2)
      .sort((a, b) => b[1].count - a[1].count)
      .slice(0, 5)
      .map(([lemma, w]) => ({ lemma, count: w.count })),
  };
}
