/**
 * The target's part of speech in the ranker's features: the Link Grammar parse's where it is sure,
 * else the trained tagger's (the tree parser's words), else the first tagger's (tagger.ts).
 */
import { BE } from '../language/mend';
import { modifyingNoun } from '../language/senses';
import type { UdWord } from '../language/ud';
import type { ContextFeatures } from './rank';
import type { TreeContext } from './sense-choice';
import type { TargetRole } from './sentence-role';
import { wnPosOfTag } from './tagger';
import type { WnPos, WordNet } from './wordnet';

/** The trained tagger's parts of speech that WordNet's senses are sorted by (not AUX, DET, …). */
export const CONTENT_UPOS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'ADV']);

/** The Universal tag of a part of speech the parse gives. */
const tagOfPos = { n: 'NOUN', v: 'VERB', a: 'ADJ', r: 'ADV' } as const;

/** A participle the trained parser hangs on a noun as its adjective ("the surrounding hills", "a hated tyrant"). */
const attributiveParticiple = (word: UdWord | undefined) => /^VB[NGD]$/.test(word?.xpos ?? '') && word?.deprel === 'amod';

/**
 * An adverb the trained parser hangs on a noun as its adjective ("the later Stoic conception",
 * "the above example"): a noun's modifier is an adjective's use, whatever the tag says (the
 * tagger gives the form's commoner use elsewhere), and is read as WordNet's adjective.
 */
const adverbAsModifier = (word: UdWord | undefined) => word?.upos === 'ADV' && word.deprel === 'amod';

/**
 * Whether the target is "next" before "to" ("the room next to theirs", "sitting next to me"):
 * WordNet's adjective nearest in space, whose own example this is, and SemCor's annotators'
 * reading all 15 times, where both parsers read an adverb or a preposition.
 */
const nextTo = (word: UdWord | undefined, after: UdWord | undefined) =>
  word?.form.toLowerCase() === 'next' && after?.form.toLowerCase() === 'to';

/**
 * The adjective tag the trained parser's word (`after` is the word after it) is read with where
 * it is WordNet's adjective whatever its own tag: an adverb modifying a noun, of the same degree
 * (RBR → JJR), and "next" before "to"; undefined for every other word.
 */
export function adjectiveTag(word: UdWord | undefined, after?: UdWord): string | undefined {
  if (nextTo(word, after)) return 'JJ';
  return word && adverbAsModifier(word) ? word.xpos.replace(/^RB/, 'JJ') : undefined;
}

/** The WordNet part of speech of the trained parser's word: its tag's, but see adjectiveTag. */
export const treeWordPos = (word: UdWord | undefined, after?: UdWord): WnPos | 'x' =>
  adjectiveTag(word, after) ? 'a' : wnPosOfTag(word?.upos ?? '');

/**
 * Whether the trained parser reads the target as an adjective or participle before its noun ("a
 * mobile society", "the surrounding hills"), or an adjective joined to one ("neurotic and
 * psychotic disorders").
 */
export function attributiveAdjective(tree: TreeContext | undefined): boolean {
  const word = tree?.words[tree.target];
  if (attributiveParticiple(word)) return true;
  if (word?.upos !== 'ADJ') return false;
  const head = tree?.words[word.head - 1];
  return word.deprel === 'amod' || (word.deprel === 'conj' && head?.upos === 'ADJ' && head.deprel === 'amod');
}

/**
 * Whether the trained parser reads the target as a noun modifying the noun after it ("the twelfth
 * hole", "the cut edge"): where WordNet also has the word as an adjective, SemCor's annotators
 * read such a word as the adjective 58% of the time (672 of 1,151 such targets), whose sense is
 * then what the modifier means. lookup.ts lets the annotators' own reading of the form stand where
 * they read it one way as a modifier ("surface", "downtown") or, failing that, wherever it stands
 * (annotatorsReading).
 */
export function nounModifier(tree: TreeContext | undefined): boolean {
  return tree !== undefined && modifyingNoun(tree.words, tree.target);
}

/** Whether the trained parser reads the target as a common noun that is a subject, an object or an oblique. */
function nounArgument(tree: TreeContext | undefined): boolean {
  const word = tree?.words[tree.target];
  return /^NNS?$/.test(word?.xpos ?? '') && /^(?:nsubj|nsubj:pass|obj|obl|iobj)$/.test(word?.deprel ?? '');
}

/** Whether the trained parser reads the target as a plain verb form joined to a verb before it. */
function conjoinedVerb(tree: TreeContext | undefined): boolean {
  const word = tree?.words[tree.target];
  const head = word && tree?.words[word.head - 1];
  return /^VB[DPZ]?$/.test(word?.xpos ?? '') && word?.deprel === 'conj' && head?.upos === 'VERB';
}

/** Whether the trained parser reads the target as an -ing verb with be as its auxiliary. */
function progressiveVerb(tree: TreeContext | undefined): boolean {
  if (!tree) return false;
  const word = tree.words[tree.target];
  // As an auxiliary, "'s" is is ("what's happening").
  const beAux = (w: UdWord) =>
    w.head === tree.target + 1 && w.deprel === 'aux' && (BE.has(w.form.toLowerCase()) || /^['’]s$/.test(w.form));
  return word?.xpos === 'VBG' && word.upos === 'VERB' && tree.words.some(beAux);
}

/**
 * Whether the trained parser reads the target as a verb's base form after a modal or "to" ("will
 * find himself", "to exercise power"): in SemCor's trees the annotators read 99.8% of such words
 * with a modal (5,641 of 5,657) and 98.5% with "to" (8,546 of 8,677) as verbs.
 */
function verbAfterModal(tree: TreeContext | undefined): boolean {
  if (!tree) return false;
  if (tree.words[tree.target]?.xpos !== 'VB') return false;
  const marks = (w: UdWord) =>
    w.head === tree.target + 1 && ((w.deprel === 'aux' && w.xpos === 'MD') || (w.deprel === 'mark' && w.xpos === 'TO'));
  return tree.words.some(marks);
}

/**
 * Sets the features' part of speech, tag and transitivity to the parse's where it is sure of them;
 * `tree` is the trained parser's reading of the sentence, `inWordNet` whether WordNet has one of
 * the word's lemmas in a part of speech.
 */
export function applyParsePos(
  features: ContextFeatures,
  role: TargetRole | undefined,
  tree?: TreeContext,
  inWordNet?: (pos: WnPos) => boolean,
): void {
  if (role) {
    // The parse knows the target's part of speech and object better than the tagger; the
    // tagger's closed classes (the, of, she) stay, for ECDICT's function-word lines. But where
    // Link Grammar reads an adjective before a noun as a noun modifier ("a mobile society",
    // "an express invitation", "a Colombian female") and the trained parser reads it as the
    // adjective, the trained parser is right: SemCor's annotators read 96% of such words
    // (4,717 of 4,925 whose lemma WordNet has as both) as the adjective. So with a participle
    // before its noun that the parse reads as a noun or a verb ("the surrounding hills" was
    // ECDICT's noun 环境): the annotators read 81% of those WordNet has as adjectives so.
    const modifierMisread = (role.pos === 'n' || role.pos === 'v') && attributiveAdjective(tree);
    // Nor where the parse reads a verb that the trained parser has as a common noun taking a
    // verb's object or a preposition's, or as a subject ("a portion of the ghetto wall", "meet
    // national defense needs", "to oppose … in tomorrow's contest", "Part 2 discusses …"): on
    // SemCor's sample the annotators read all five such nouns so (and 97% of the trained parser's
    // singular subjects are nouns to them), and the parse's verb was right where the trained
    // parser made the noun a root, a conjunct or a clause (22 of 27 disagreements). Not so a noun
    // hung on a noun (nmod), though 98% of those are the annotators' nouns: "Farmers in the region
    // [[face]] a difficult choice" is Link Grammar's verb, the trained parser's "region face".
    const argumentMisread = role.pos === 'v' && nounArgument(tree);
    // Nor a noun the trained parser reads as a verb joined to another verb ("ready to complain or
    // desert", "would crawl down …, walk along …"): the annotators read all three on the sample so.
    const conjoinedMisread = role.pos === 'n' && conjoinedVerb(tree);
    // Nor a noun the trained parser reads as a progressive verb ("find out what's happening" showed
    // happening, an event: Link Grammar reads the "'s" as a possessive or a copula).
    const progressiveMisread = role.pos === 'n' && progressiveVerb(tree);
    // Nor a noun the trained parser reads as a verb after a modal or "to": Link Grammar made
    // "a publisher will find himself" a compound noun, "publisher will find".
    const modalMisread = role.pos === 'n' && verbAfterModal(tree);
    // Nor an adjective the trained parser tags a plural noun: English adjectives have no plural,
    // and Link Grammar reads a plural number as one ("received hundreds of them", which SemCor's
    // annotators read as the noun all 20 times, as "thousands" all 20).
    const word = tree?.words[tree.target];
    const pluralMisread = role.pos === 'a' && word?.xpos === 'NNS';
    // Nor a noun WordNet has only as an adjective, which the trained parser reads as one ("one had
    // been too many" showed ECDICT's noun line for many). Where WordNet has the noun too, the
    // parse's noun stands: the annotators' nouns "did little", "not an eccentric", "no much" went
    // wrong when the trained parser's adjective decided them (a net loss on the sample).
    const adjectiveOnly = role.pos === 'n' && word?.upos === 'ADJ' && inWordNet?.('a') === true && !inWordNet('n');
    const misread =
      modifierMisread ||
      argumentMisread ||
      conjoinedMisread ||
      progressiveMisread ||
      modalMisread ||
      pluralMisread ||
      adjectiveOnly ||
      nextTo(word, tree?.words[tree.target + 1]);
    if (role.confident && role.pos && role.pos !== 'x' && features.pos !== 'x' && !misread) {
      features.pos = role.pos;
      features.posFromParse = true;
      // ECDICT's lines for parts of speech WordNet lacks follow the tag ("swear" as a noun).
      if (features.tag && wnPosOfTag(features.tag) !== role.pos) features.tag = tagOfPos[role.pos];
    }
    if (role.confident && role.pos === 'v' && role.transitivity !== 'unknown') features.transitivity = role.transitivity;
  }
}

/**
 * Sets the features' part of speech and tag to the trained tagger's reading of the target
 * (`treeWord`, the tree parser's word for it; `before`, the word before it) where the parse is not
 * sure of them; `word` is the target as looked up.
 */
export function applyTreePos(
  features: ContextFeatures,
  treeWord: UdWord | undefined,
  word: string,
  wordnet: Pick<WordNet, 'has'>,
  before?: UdWord,
  after?: UdWord,
): void {
  // Where the parse above is not sure of the part of speech, the trained tagger's decides ("would
  // curse" is a verb, "has" in "Palmer has such a gift" no auxiliary). A number is read as
  // WordNet's adjective (two: "being one more than one"), as SemCor's annotators read it, with
  // ECDICT's Chinese; where the trained tagger says auxiliary, the first tagger's reading stands,
  // for ECDICT's lines of auxiliaries. A participle the first tagger read as an adjective is left
  // to participles.ts ("has been married for ten years"). Letting the tagger overrule the sure
  // parse too gains a point on SemCor (passives: "were measured", "is puzzled") and loses two on
  // the project's own targets (prenominal and stative participles): bench/README.md.
  // A quantifier before its noun ("in all cases", "some people") or standing for it ("some of the
  // queens", "all he had") is WordNet's adjective where it has one, as SemCor's annotators read it
  // (of the trained parser's quantifiers that are not a noun's determiner, they tagged "some" as the
  // adjective 20 times of 20, "all" 21 of 26 outside "at all", "after all"); "the", "this", "that"
  // have none and keep ECDICT's lines.
  const quantifier = treeWord?.upos === 'DET' && wordnet.has(word, 'a');
  // So is a verb's particle, or a preposition the trained tagger reads as an adverb, WordNet's
  // adverb ("looked over at him", "get some whisky down him", "never was a season before").
  const particle = (treeWord?.xpos === 'RP' || treeWord?.upos === 'ADV') && wordnet.has(word, 'r');
  // And a participle before its noun that WordNet has as an adjective is the adjective, as
  // participles.ts reads attributive ones for a learner ("a hated tyrant", which the trained
  // tagger calls a past tense; "the surrounding hills"): SemCor's annotators read 1,004 of 1,255
  // such words so.
  const attributive = attributiveParticiple(treeWord) && wordnet.has(word, 'a');
  // So is an adverb the trained parser hangs on a noun as its adjective.
  const modifyingAdverb = adverbAsModifier(treeWord) && wordnet.has(word, 'a');
  // A modal's form after a determiner or a possessive is the noun ("with all his might", "a tin
  // can", "the will to live"), which the trained tagger still calls a modal.
  const modalNoun = treeWord?.xpos === 'MD' && /^(?:DT|PRP\$|POS|JJ)$/.test(before?.xpos ?? '') && wordnet.has(word, 'n');
  const adjacent = nextTo(treeWord, after);
  const treeTag = modalNoun
    ? 'NOUN'
    : quantifier || attributive || modifyingAdverb || adjacent
      ? 'ADJ'
      : particle
        ? 'ADV'
        : treeWord?.upos;
  const treePos = treeTag === 'NUM' ? 'a' : treeTag && CONTENT_UPOS.has(treeTag) ? wnPosOfTag(treeTag) : 'x';
  const participleAdjective = features.tag === 'ADJ' && /^VB[NG]$/.test(treeWord?.xpos ?? '');
  const closedToOpen = treeTag === 'NUM' || quantifier || adjacent || particle || modalNoun;
  if (treeTag && treePos !== 'x' && (features.pos !== 'x' || closedToOpen) && !features.posFromParse && !participleAdjective) {
    features.pos = treePos;
    if (features.tag && (wnPosOfTag(features.tag) !== treePos || features.tag === 'AUX' || features.tag === 'NUM'))
      features.tag = tagOfPos[treePos];
  }
  // The trained tagger tells a main verb from an auxiliary, even where the parse is sure the
  // word is a verb: "has a car", "may have a finite number" is have (possess), not ECDICT's
  // auxiliary line.
  if (features.tag === 'AUX' && treeTag === 'VERB') features.tag = 'VERB';
}
