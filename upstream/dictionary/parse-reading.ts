/**
 * The target in the Link Grammar parse of its sentence: where it is among the parser's words and
 * its role there, with how its -ing or -ed form reads settled (participles.ts).
 */
import type { Parse } from '../parser/link-grammar';
import type { EngineData } from './engine-data';
import type { LemmaCandidate } from './lemmas';
import { catenatives, readFormByPlace } from './participles';
import { alignWords, emptyRole, roleText, type TargetRole, targetRole } from './sentence-role';
import type { TaggedSentence } from './tagger';
import type { UdWord } from '../language/ud';

/** The target as the parse reads it (readParse). */
export type ParseReading = NonNullable<ReturnType<typeof readParse>>;

/**
 * The target in the parse of its sentence: its role, and where the tagger's tokens are among
 * the parser's words. Nothing when the parser skipped words (a partial linkage guesses) or the
 * target is not one of its words.
 */
export function readParse(parse: Parse, tagged: TaggedSentence) {
  // A linkage that skipped words guesses: its links still tell expressions apart, but its part
  // of speech and role are not trusted over the tagger, nor shown.
  const partial = parse.words.some((w) => /^\[.*\]$/.test(w));
  const places = alignWords(parse, tagged.text);
  const parseIndexOf = (token: number) => {
    const t = tagged.tokens[token];
    if (!t) return undefined;
    const i = places.findIndex((p) => p !== undefined && p.start < t.end && p.end > t.start);
    return i < 0 ? undefined : i;
  };
  const head = tagged.target.find((i) => tagged.tokens[i]?.isWord) ?? tagged.target[0];
  const target = head === undefined ? undefined : parseIndexOf(head);
  if (target === undefined) return undefined;
  const role = targetRole(parse, tagged.text, target, places);
  return { parse, parseIndexOf, target, role: partial ? { ...role, confident: false, text: undefined } : role };
}

/**
 * The parse's role of the target (if any), with how an -ing or -ed form reads where the
 * candidates have one: the verb, or the -ing noun or the adjective WordNet has beside it.
 * `tree` says what the trained models read of the form (either may be missing).
 */
export function formRole(
  role: TargetRole | undefined,
  tagged: TaggedSentence,
  candidates: LemmaCandidate[],
  d: Pick<EngineData, 'lemmatizer' | 'wordnet'>,
  tree: {
    /** How SemCor's annotators read the form as a passive (annotatorsPassive). */
    passive?: 'a' | 'v';
    /** Whether the trained tagger reads it as a past tense (VBD). */
    pastTense?: boolean;
    /** The form the tree's syntax rules out for the verb (verbalForm). */
    verbal?: 'gerund-noun' | 'participle-adjective';
  } = {},
): TargetRole | undefined {
  const { passive, pastTense, verbal } = tree;
  // The trained tagger reads a past tense where the parse found a passive ("than the bankers
  // expected", linked to an "is" far before): the parse is not sure of it, and no adjective is read.
  if (pastTense && role?.passive && role.confident) role = { ...role, confident: false, text: undefined };
  // An -ing or -ed form whose neighbours say how it reads (participles.ts); otherwise a gerund
  // keeps the verb when it keeps a verb's syntax (an object, or after enjoy, stop, keep…:
  // "Building a bridge", "enjoys cooking"), else it is the -ing noun ("Smoking … has been
  // banned"), when WordNet has one.
  const byPlace = readFormByPlace(tagged, candidates, role, d.lemmatizer, d.wordnet);
  if (byPlace) role = byPlace;
  else if (
    verbal &&
    candidates.some((c) => c.form === verbal) &&
    !(role?.confident && role.pos === 'v') &&
    !(verbal === 'participle-adjective' && psychVerb(candidates, d))
  ) {
    // The trained parser gives the form a verb's syntax the parse missed: "helping new members",
    // "Southerners living in the North", "ballgowns worn by those participating" (but "are
    // confused by the difference" tells how the students are: psychVerb).
    const reading: TargetRole = {
      ...(role ?? emptyRole()),
      pos: 'v',
      confident: true,
      ...(verbal === 'gerund-noun' ? { gerund: true } : { adjectival: false }),
    };
    role = { ...reading, text: roleText(reading) };
  } else if (role?.confident && role.gerund && candidates.some((c) => c.form === 'gerund-noun')) {
    const governor = role.governor ? (d.lemmatizer.ranked(role.governor.toLowerCase())[0]?.lemma ?? '') : '';
    // "Being Jewish gives…", "having seen it" are verbs whatever follows; an -ing form the parser
    // hangs on be as its object is a progressive ("it was beginning to look").
    const verb = candidates.find((c) => c.form === 'verb-participle')?.lemma;
    const verbal =
      role.transitivity === 'obj' ||
      verb === 'be' ||
      verb === 'have' ||
      (role.function === 'object' && (catenatives.has(governor) || governor === 'be'));
    const reading: TargetRole = { ...role, pos: verbal ? 'v' : 'n' };
    role = { ...reading, text: roleText(reading) };
  }
  // A passive participle SemCor's annotators read as the verb more often than as its adjective
  // (`passive`: "were measured (Mayer, 1958)", "will be saved") is the verb, unless its neighbours
  // say otherwise ("too worried about") or the verb is one of mind or feeling done to somebody
  // ("are confused by the difference" tells how the students are).
  if (passive === 'v' && !byPlace && !psychVerb(candidates, d) && candidates.some((c) => c.form === 'participle-adjective')) {
    const verb: TargetRole = {
      ...(role ?? emptyRole()),
      pos: 'v',
      function: 'predicate',
      passive: true,
      adjectival: false,
      confident: true,
    };
    return { ...verb, text: roleText(verb) };
  }
  // A participle after be with no object and no agent reads as the adjective, when WordNet has
  // one ("whose hearing is impaired"); with an agent it is the verb ("was broken by a ball").
  if (
    role?.confident &&
    role.passive &&
    !role.agent &&
    !role.particle &&
    !role.nextWord &&
    candidates.some((c) => c.form === 'participle-adjective')
  ) {
    const adjective: TargetRole = { ...role, pos: 'a', function: 'predicative', adjectival: true, transitivity: 'unknown' };
    role = { ...adjective, text: roleText(adjective) };
  }
  return role;
}

/**
 * Whether the trained parser gives the target's -ing or -ed form a verb's syntax, which neither
 * an -ing noun nor an adjective has: an -ing form with a direct object or heading a clause that
 * modifies a noun or a sentence (acl, advcl: "Southerners living in the North"), "being" or
 * "having" as a copula or auxiliary, an -ed form with an agent ("ballgowns worn by those …") or
 * a direct object ("workers who established rapport", the tagger's participle for a past tense:
 * SemCor's annotators read 97% of such forms without an auxiliary as the verb, 717 of 740).
 * 'gerund-noun' or 'participle-adjective': the candidate form it rules out.
 */
export function verbalForm(words: readonly UdWord[], target: number): 'gerund-noun' | 'participle-adjective' | undefined {
  const word = words[target];
  const child = (deprel: string) => words.some((w) => w.head === target + 1 && w.deprel === deprel);
  // "being" or "having" as a copula or an auxiliary ("Being a woman", "having seen it") is the verb.
  if (word?.xpos === 'VBG' && (word.upos === 'AUX' || word.deprel === 'acl' || word.deprel === 'advcl' || child('obj')))
    return 'gerund-noun';
  if (word?.xpos === 'VBN' && (child('obl:agent') || child('obj'))) return 'participle-adjective';
  return undefined;
}

/**
 * Whether the participle's verb is first of all one of mind or feeling that something does to
 * somebody (WordNet's verb.cognition or verb.emotion, with a frame "… ----s somebody":
 * confuse, puzzle, bore), whose passive reads as the state it leaves.
 */
function psychVerb(candidates: readonly LemmaCandidate[], d: Pick<EngineData, 'wordnet'>): boolean {
  const verb = candidates.find((c) => c.form === 'verb-participle');
  const first = verb && d.wordnet.senses(verb.lemma).find((s) => s.pos === 'v');
  if (!first || !/%2:3[17]:/.test(first.key)) return false;
  return d.wordnet.synset('v', first.offset).frames.some((f) => f.frame === 9 || f.frame === 10);
}
