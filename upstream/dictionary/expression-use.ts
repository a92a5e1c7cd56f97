/**
 * Whether an expression found around the target (phrases.ts) is used as that expression in this
 * sentence, judged on the dependency tree. Words that merely stand next to each other are not an
 * expression: "looked up eagerly" is look + the adverb up, "a sort of game" is the noun sort,
 * "walked up the brook" is walk + a phrase of place. Without a tree every match counts, as
 * before.
 *
 *  - A verb and its particle ("take off", "give up", "pushed up borrowing costs"): the tree makes
 *    the particle the verb's compound:prt; or it took the particle as the preposition of an
 *    oblique whose noun is not a place ("took off his coat": coat is a garment, not a place, so off
 *    belongs to took; "ran up the hill" stays a phrase of place); or as an adverb when the phrasal
 *    verb has a sense used without an object ("looked forward"; not "looked up eagerly": look up
 *    always takes one).
 *  - A verb and a bare noun ("take place", "lose touch"): the noun is the verb's object with no
 *    determiner or adjective of its own.
 *  - Any other expression: its words form one phrase of the tree (a subtree, "of course", "at
 *    all", "ice cream"), or are tied by compound, fixed, flat or (for a noun) amod relations
 *    ("interest rates"), and the target is not a noun with its own determiner inside an adverbial
 *    expression ("a sort of game").
 */
import type { UdSentence } from '../language/ud';
import type { Lemmatizer } from './lemmas';
import type { PhraseMatch } from './phrases';
import type { TargetRole, TreeReader } from './sentence-role';
import { createNounClasses } from './noun-classes';
import { frameComplements } from './verb-frames';
import type { WordNet } from './wordnet';

/** The word-number range [from, to] of the phrase each word of the tree heads. */
export function phraseRanges(tree: UdSentence): [number, number][] {
  const n = tree.words.length;
  const from = Array.from({ length: n + 1 }, (_, i) => i);
  const to = Array.from({ length: n + 1 }, (_, i) => i);
  // Every word widens the range of each of its heads (punctuation left out).
  tree.words.forEach((w, k) => {
    if (w.upos === 'PUNCT') return;
    let at = w.head;
    for (let guard = 0; at > 0 && guard <= n; guard++) {
      from[at] = Math.min(from[at], k + 1);
      to[at] = Math.max(to[at], k + 1);
      at = tree.words[at - 1].head;
    }
  });
  const ranges: [number, number][] = [];
  for (let i = 1; i <= n; i++) ranges.push([from[i], to[i]]);
  return ranges;
}

/** Words that follow a verb as prepositions, never as its adverb particle. */
const prepositions = new Set(['to', 'for', 'with', 'at', 'from', 'into', 'of', 'by', 'onto', 'upon', 'toward', 'towards']);

/** Lemmas whose noun senses name places and ways: after them a particle is a preposition. */
const placeHypernyms = new Set([
  'location',
  'body_of_water',
  'geological_formation',
  'way',
  'thoroughfare',
  'passage',
  'stairway',
  'land',
  'region',
  'structure',
  'building',
  'tract',
]);

export interface ExpressionContext {
  tree: UdSentence;
  /** The tree read for the sentence the tagger tagged (sentence-role.ts). */
  reader: TreeReader;
  role: TargetRole;
  /** The tree's word number of each tagger token (undefined where they do not line up). */
  treeIndexOf: (token: number) => number | undefined;
  /** The target's word number. */
  target: number;
  wordnet: WordNet;
  lemmatizer: Lemmatizer;
}

export function createExpressionJudge(wordnet: WordNet, lemmatizer: Lemmatizer) {
  const classes = createNounClasses(wordnet, lemmatizer);

  /** Whether the noun's commonest senses are places or ways, or kinds of them. */
  function placeLike(noun: string): boolean {
    return classes
      .levelsOf(noun)
      .some((level) => level.some((s) => s.words.some((w) => placeHypernyms.has(w.lemma.toLowerCase()))));
  }

  /**
   * Whether the verb's commonest sense is one of motion or perception (WordNet's lexicographer
   * files 38 and 39): only after those does a particle before a place read as a preposition
   * ("walked up the brook", "looked down the road"; but "gave up his seat").
   */
  function movement(form: string): boolean {
    const lemma = lemmatizer.known(form.toLowerCase(), 'v');
    const first = lemma ? wordnet.senses(lemma).find((s) => s.pos === 'v') : undefined;
    return first ? /%2:3[89]:/.test(first.key) : false;
  }

  /** Whether some sense of the phrasal verb is used with (or without) an object. */
  function phrasalTakes(lemma: string, object: boolean): boolean {
    return wordnet
      .senses(lemma)
      .filter((s) => s.pos === 'v')
      .some((s) => {
        const frames = frameComplements(wordnet.synset('v', s.offset), lemma);
        if (frames.length === 0) return true;
        return object ? frames.includes('object') : frames.some((f) => f !== 'object');
      });
  }

  /**
   * Judges a match; for a phrasal verb the tree took apart, also says how the role reads once
   * the particle is the verb's (so the word panel shows "与 off 构成短语动词，宾语是 his coat").
   */
  function judge(match: PhraseMatch, ctx: ExpressionContext): { used: boolean; role?: TargetRole } {
    const words = match.tokens.map(ctx.treeIndexOf);
    if (words.some((w) => w === undefined)) return { used: true };
    const at = words as number[];
    const { reader: t, role } = ctx;
    const headOf = (i: number) => t.word(i)?.head ?? -1;
    /** Whether a depends on b, or b on a, by one of the relations. */
    const linked = (a: number, b: number, ...relations: string[]) =>
      (headOf(a) === b && t.is(a, ...relations)) || (headOf(b) === a && t.is(b, ...relations));
    /** The noun has a determiner or modifier of its own before it ("the place", "great care"). */
    const own = (noun: number) =>
      t.dependents[noun].some((c) => c < noun && t.is(c, 'det', 'amod', 'compound', 'nmod:poss', 'nummod'));

    const verbParticle =
      match.wordnet && match.tokens.length === 2 && /^[a-z]+_[a-z]+$/.test(match.wordnet) && wordnet.has(match.wordnet, 'v');
    if (verbParticle) {
      const [verb, particle] = at;
      const verbForm = t.word(verb)?.form ?? '';
      // A verb and a bare noun (take place, take care, lose touch): the noun is the verb's object
      // with no determiner or adjective of its own; "took the place of" is the verb's own sense.
      if (headOf(particle) === verb && t.is(particle, 'obj')) return { used: !own(particle) };
      // The tree ties the particle to its verb.
      const tied = headOf(particle) === verb && t.is(particle, 'compound:prt');
      // A verb and a preposition ("turned to her friend", "ran for ten years"): a prepositional
      // verb only when the tree itself ties them; the verb's own sense reads as well otherwise.
      if (prepositions.has(t.lowerOf(particle))) return { used: tied };
      // The particle as the preposition of an oblique of the verb ("took off his coat"), or as
      // the verb's adverb ("took two days off", "broke down").
      const oblique =
        t.is(particle, 'case') && headOf(headOf(particle)) === verb && t.is(headOf(particle), 'obl')
          ? headOf(particle)
          : undefined;
      const adverb = headOf(particle) === verb && t.is(particle, 'advmod');
      if (verb !== ctx.target) {
        // The particle was clicked: the tree's tie decides, else the word order.
        if (tied) return { used: true };
        const used =
          particle === verb + 1 &&
          (oblique !== undefined
            ? !placeLike(t.lowerOf(oblique)) && phrasalTakes(match.wordnet!, true)
            : adverb && phrasalTakes(match.wordnet!, false));
        return { used };
      }
      if (role.pos !== 'v') return { used: false };
      const withParticle = { ...role, particle: { word: t.textOf(particle), index: particle } };
      if (tied) {
        // A particle before a place is a preposition the tree mistook: "walked up the brook"; so
        // is one before a noun the tree left without its preposition ("looked up [the] Brook").
        const bare = t.dependents[verb].find((c) => c > particle && t.is(c, 'obl') && t.childOf(c, 'case') === undefined);
        const object = t.childOf(verb, 'obj') ?? bare;
        if (
          object !== undefined &&
          object > particle &&
          particle === verb + 1 &&
          movement(verbForm) &&
          placeLike(t.lowerOf(object))
        )
          return { used: false };
        // A phrasal verb that always takes an object, with none: "looked up eagerly" is look
        // and the adverb up.
        if (object === undefined && role.transitivity !== 'obj' && !phrasalTakes(match.wordnet!, false)) return { used: false };
        return { used: true, role: withParticle };
      }
      // "ran out of water": the particle opens a fixed preposition ("out of") of the verb's oblique.
      if (oblique !== undefined && t.dependents[particle].some((c) => t.is(c, 'fixed')))
        return { used: true, role: withParticle };
      // "took two days off": the tree took the particle for an adverb of the verb.
      if (adverb && particle > verb + 1) {
        return phrasalTakes(match.wordnet!, role.transitivity === 'obj') ? { used: true, role: withParticle } : { used: false };
      }
      // A particle right after the verb that ends its clause ("our car broke down, and…") has no
      // object to be the preposition of. After a verb of motion it is as likely a plain adverb
      // ("looked up.").
      const after = t.word(particle + 1);
      if (particle === verb + 1 && (!after || after.upos === 'PUNCT' || after.upos === 'CCONJ') && !movement(verbForm)) {
        return phrasalTakes(match.wordnet!, false) ? { used: true, role: withParticle } : { used: false };
      }
      const next = role.nextWord;
      if (next && next.index === particle) {
        if (next.object && next.objectHead) {
          if ((movement(verbForm) && placeLike(next.objectHead)) || !phrasalTakes(match.wordnet!, true)) return { used: false };
          return {
            used: true,
            role: {
              ...role,
              transitivity: 'obj',
              object: next.object,
              objectHead: next.objectHead,
              particle: { word: next.word, index: next.index },
            },
          };
        }
        const hasObject = role.transitivity === 'obj';
        if (!phrasalTakes(match.wordnet!, hasObject)) return { used: false };
        return { used: true, role: { ...role, particle: { word: next.word, index: next.index } } };
      }
      return { used: false };
    }

    const from = Math.min(...at);
    const to = Math.max(...at);
    const senses = match.wordnet ? wordnet.senses(match.wordnet) : [];
    const adverbial = senses.length > 0 && senses.every((s) => s.pos === 'r');
    const nominal = senses.some((s) => s.pos === 'n');
    // A preposition and a bare word ("in fact", "at all", "after all"): a fixed adverbial when the
    // word has no determiner or adjective of its own and the phrase does not modify a noun ("a
    // change of course").
    if (adverbial && at.length === 2) {
      const [p, w] = at[0] < at[1] ? at : [at[1], at[0]];
      // "as well as she could" is the comparison as … as, not the adverb "as well".
      if (t.lowerOf(p) === 'as' && t.lowerOf(w + 1) === 'as') return { used: false };
      // "sort of", "kind of" before a verb, an adjective or an adverb ("sort of hoping", "kind of
      // tired") are adverbs; before a noun, a noun and its "of" ("a sort of game").
      if (t.lowerOf(w) === 'of' && w === p + 1) {
        const next = t.word(w + 1)?.upos ?? '';
        const determined = t.dependents[p].some((c) => c < p && t.is(c, 'det'));
        return { used: !determined && (next === 'VERB' || next === 'ADJ' || next === 'ADV') };
      }
      // Only "of" makes the phrase a noun's modifier ("a change of course"; not "their visit in general").
      if (headOf(p) === w && t.is(p, 'case')) return { used: !own(w) && !(t.is(w, 'nmod') && t.lowerOf(p) === 'of') };
      // EWT writes some as fixed ("at all": all fixed to at); "of" right after a noun is still
      // that noun's ("a change of course").
      if (linked(p, w, 'fixed')) return { used: !(t.lowerOf(p) === 'of' && t.word(p - 1)?.upos === 'NOUN') };
    }
    // An adverbial of three words or more, written together ("every now and then", "all of a
    // sudden"), has no literal reading to compete with. Before "of" it is a quantity ("a great
    // deal of courage"), a noun.
    if (adverbial && at.length >= 3 && at.every((w, i) => i === 0 || w === at[i - 1] + 1))
      return { used: t.lowerOf(to + 1) !== 'of' };
    // A verb idiom of three words or more ("made up my mind", "lost touch with"): its words hang
    // together in the tree, whatever else the verb governs; a preposition counts through the
    // noun it introduces ("with" of "lost touch with her").
    if (at.length >= 3 && senses.some((s) => s.pos === 'v') && ctx.treeIndexOf(match.tokens[0]) === from) {
      return { used: connected(at) };
    }
    const tie = (a: number, b: number) =>
      linked(a, b, 'compound', 'fixed', 'flat', 'goeswith') || (nominal && linked(a, b, 'amod'));
    const tied = at.every((w, i) => i === 0 || tie(at[i - 1], w));
    const phrase = phraseRanges(ctx.tree).some(([a, b]) => a === from && b === to);
    if (!tied && !phrase) return { used: false };
    // A noun with its own determiner is not the noun of an adverbial expression ("a sort of game").
    const determined = t.dependents[ctx.target]?.some((c) => t.is(c, 'det') && c < from);
    if (adverbial && determined) return { used: false };
    return { used: true };

    /** Whether the words form one connected piece of the tree (a preposition joins by its noun). */
    function connected(group: number[]) {
      const inside = new Set(group);
      const via = new Map<number, number>();
      for (const w of group) {
        if (t.is(w, 'case', 'mark') && !inside.has(headOf(w))) via.set(w, headOf(w));
      }
      const reached = new Set([group[0]]);
      for (let grown = true; grown; ) {
        grown = false;
        for (const w of group) {
          if (reached.has(w)) continue;
          const h = via.get(w) ?? headOf(w);
          const touches =
            reached.has(headOf(w)) || group.some((o) => reached.has(o) && (headOf(o) === w || (via.has(w) && headOf(h) === o)));
          if (touches) {
            reached.add(w);
            grown = true;
          }
        }
      }
      return reached.size === inside.size;
    }
  }

  /**
   * Whether an expression only ECDICT has ("in spite of", "on behalf of") is used as one: it opens
   * with a preposition, its words hang together in the tree (EWT writes "in spite of" as one
   * fixed preposition; "on behalf of" as a preposition, its noun and a second preposition whose
   * noun depends on it), with no determiner inside ("in spite of the rain"). Others ("a piece of
   * cake") are idioms that read as well literally; they are only offered.
   */
  function prepositionalIdiom(match: PhraseMatch, ctx: ExpressionContext): boolean {
    const at = match.tokens.map(ctx.treeIndexOf);
    if (at.length < 3 || at.some((w) => w === undefined)) return false;
    const words = at as number[];
    const t = ctx.reader;
    const first = t.word(words[0]);
    if (first?.upos !== 'ADP' || !t.is(words[0], 'case')) return false;
    const inside = new Set(words);
    const headOf = (i: number) => t.word(i)?.head ?? -1;
    const chained = words.every((w, i) => {
      if (i === 0) return true;
      const h = headOf(w);
      // Tied to an earlier word, or a preposition whose noun hangs on one ("of" → the company → behalf).
      return inside.has(h) || words.slice(0, i).some((o) => headOf(o) === w) || (t.is(w, 'case') && inside.has(headOf(h)));
    });
    const determiner = words.some((w) => t.dependents[w].some((c) => t.is(c, 'det') && inside.has(c)) || t.is(w, 'det'));
    return chained && !determiner;
  }

  return { judge, placeLike, prepositionalIdiom };
}

export type ExpressionJudge = ReturnType<typeof createExpressionJudge>;
