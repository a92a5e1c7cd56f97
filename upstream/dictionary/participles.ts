/**
 * How an -ing or -ed form reads from the words right around it: verb, gerund or adjective. The
 * parse decides this for most words (sentence-role.ts), but on these forms it is misled often
 * enough to be overruled by a few facts of English word order that hold whatever the parser
 * made of the rest of the sentence:
 *
 *  - after a verb that takes an -ing object (enjoy, stop, keep, go…) or a preposition that heads a
 *    clause (without, by, after…), an -ing form is a verb with its own syntax: "enjoys reading
 *    history books" (the parser took reading as a noun modifier of books), "without saying
 *    goodbye", "went camping";
 *  - after have, an -ed form is the verb's perfect: "has increased by a third", "had excited him";
 *  - after a degree word (very, more, most…), or after be/seem/grow… when the verb is first of
 *    all one of feeling (interest, bore), an -ed form is an adjective: "were interested in the
 *    story", "the more puzzled … grew", "most warmly attached to her" — unless "by" follows
 *    ("was bored by the speech" is a passive);
 *  - between a verb and a noun, an -ed form is an adjective of that noun: "offers advanced
 *    courses";
 *  - after a determiner or possessive and before "of", a verb or the end of a clause, an -ing
 *    form is the -ing noun: "the fast opening of the shutter", "each other's undoing".
 *
 * Each rule applies only when the form can be both (the lemmatizer found a verb and an -ing noun
 * or a participial adjective), and its reading replaces the parse's role.
 */
import type { LemmaCandidate, Lemmatizer } from './lemmas';
import { emptyRole, roleText, type TargetRole } from './sentence-role';
import type { TaggedSentence } from './tagger';
import type { WordNet } from './wordnet';

/** Verbs that take an -ing form as their object ("enjoy cooking", "stop smoking", "go camping"). */
export const catenatives = new Set(
  'enjoy stop keep finish avoid mind start begin continue like love hate prefer practise practice consider suggest imagine miss risk go quit recommend deny admit dislike spend'.split(
    ' ',
  ),
);

/** Prepositions that head a clause whose verb is an -ing form ("without saying goodbye"). */
const clausePrepositions = new Set('without by after before while when upon besides'.split(' '));

const haveForms = new Set(['have', 'has', 'had', 'having', "'ve", "'d"]);
const copulas = new Set(['be', 'seem', 'become', 'grow', 'get', 'feel', 'look', 'appear', 'remain', 'stay']);
/** Words of degree that only an adjective takes before it ("very interested", not "very liked"). */
const degreeWords = new Set(['very', 'too', 'so', 'more', 'most', 'less', 'least', 'extremely']);

/** Quantifiers that float after the verb they hang on ("they were both excited", "are all agreed"). */
const floating = new Set(['both', 'all', 'each']);

/** Words that begin a noun phrase: an -ing form after them (and its adjectives) is its head. */
const determiners = new Set(
  "the a an this that these those his her its my our your their whose 's ’s each every no any some".split(' '),
);

/**
 * Whether the -ing form at `at` heads a noun phrase: after a determiner or a possessive (with up
 * to two adjectives between, which the first tagger may call adverbs: "fast") and before "of", a
 * verb or the end of a clause, where no object can follow it: "the fast opening of the shutter",
 * "each other's undoing.", "the building stands". Not "the growing number" (an adjective of its
 * noun) nor "his leaving the house" (a gerund with its object).
 */
function nominalPlace(tokens: TaggedSentence['tokens'], at: number): boolean {
  let i = at - 1;
  while (i >= 0 && i >= at - 2 && tokens[i].isWord && (tokens[i].pos === 'ADJ' || tokens[i].pos === 'ADV')) i--;
  if (i < 0 || !determiners.has(tokens[i].lower)) return false;
  const next = tokens[at + 1];
  return !next?.isWord || next.lower === 'of' || next.pos === 'VERB' || next.pos === 'AUX';
}

function withText(role: TargetRole): TargetRole {
  return { ...role, text: roleText(role) };
}

export function readFormByPlace(
  tagged: TaggedSentence,
  candidates: LemmaCandidate[],
  role: TargetRole | undefined,
  lemmatizer: Lemmatizer,
  wordnet: WordNet,
): TargetRole | undefined {
  if (tagged.target.length !== 1) return undefined;
  const at = tagged.target[0];
  const tokens = tagged.tokens;
  const word = tokens[at].lower;
  const verbForm = candidates.find((c) => c.form === 'verb-participle');
  if (!verbForm) return undefined;
  const wordBefore = (i: number) => (i >= 0 && tokens[i].isWord ? tokens[i] : undefined);
  const lemmaIs = (i: number, set: Set<string>) => {
    const t = wordBefore(i);
    return t !== undefined && (set.has(t.lower) || lemmatizer.candidates(t.lower).some((c) => set.has(c.lemma)));
  };
  const next = tokens[at + 1];
  const prev = wordBefore(at - 1);
  // What the parse found after the form: an object, or a noun it took the form to modify.
  const object =
    role?.objectHead && (role.transitivity === 'obj' || role.function === 'attributive')
      ? { transitivity: 'obj' as const, object: role.object, objectHead: role.objectHead }
      : {};

  if (/ing$/.test(word) && candidates.some((c) => c.form === 'gerund-noun') && prev) {
    const verbBefore = (prev.pos === 'VERB' || prev.pos === 'AUX') && lemmaIs(at - 1, catenatives);
    const prepositionBefore = clausePrepositions.has(prev.lower);
    if (verbBefore || prepositionBefore) {
      return withText({
        ...emptyRole(),
        ...object,
        pos: 'v',
        gerund: true,
        function: verbBefore ? 'object' : 'prepositional-object',
        governor: prev.text,
        ...(role?.particle ? { particle: role.particle } : {}),
      });
    }
    if (nominalPlace(tokens, at)) return role?.pos === 'n' ? role : withText({ ...emptyRole(), pos: 'n' });
    return undefined;
  }
  if (!/(?:ed|en)$/.test(word) || !candidates.some((c) => c.form === 'participle-adjective')) return undefined;

  if (prev && haveForms.has(prev.lower)) {
    if (role?.confident && role.pos === 'v') return undefined;
    return withText({ ...emptyRole(), ...object, pos: 'v', function: 'predicate' });
  }
  // Back over adverbs (and a floating quantifier) to the word the form hangs on: "was certainly
  // disposed", "most warmly attached", "were both excited".
  let i = at - 1;
  let degree = false;
  while (wordBefore(i) && (degreeWords.has(tokens[i].lower) || tokens[i].pos === 'ADV' || floating.has(tokens[i].lower))) {
    if (degreeWords.has(tokens[i].lower)) degree = true;
    i--;
  }
  const passiveNext = next?.lower === 'by';
  if (!passiveNext) {
    const copula = wordBefore(i) && lemmaIs(i, copulas) ? tokens[i] : undefined;
    const notBe = copula !== undefined && !lemmatizer.candidates(copula.lower).some((c) => c.lemma === 'be');
    // The verb's commonest sense is one of feeling (WordNet's verb.emotion): "was fired" or "was
    // charged with murder" are events, though fire and charge have such a sense too.
    const first = wordnet.senses(verbForm.lemma).find((s) => s.pos === 'v');
    const feeling = first !== undefined && /%2:37:/.test(first.key);
    if (degree || (copula && (notBe || feeling))) {
      return withText({ ...emptyRole(), pos: 'a', function: 'predicative', adjectival: true });
    }
  }
  // Between a verb and a noun: "offers advanced courses".
  if (prev && prev.pos === 'VERB' && !lemmaIs(at - 1, copulas) && !haveForms.has(prev.lower) && next?.pos === 'NOUN') {
    return withText({
      ...emptyRole(),
      pos: 'a',
      function: 'attributive',
      adjectival: true,
      object: next.text,
      objectHead: next.lower,
    });
  }
  return undefined;
}
