/**
 * Whether an expression found around the target (phrases.ts) is used as that expression in this
 * sentence, judged on the parse. Words that merely stand next to each other are not an
 * expression: "looked up eagerly" is look + the adverb up, "a sort of game" is the noun sort,
 * "walked up the brook" is walk + a phrase of place. Without a parse every match counts, as
 * before.
 *
 *  - A verb and its particle ("take off", "give up"): the parser links the particle to the verb
 *    (K, or an idiom link); or the parser took the particle as a preposition with an object that is
 *    not a place ("took off his coat": coat is a garment, not a place, so off belongs to took; "ran
 *    up the hill" stays a phrase of place); or as an adverb when the phrasal verb has a sense used
 *    without an object ("looked forward"; not "looked up eagerly": look up always takes one).
 *  - Any other expression: its words form a constituent of the parse ("of course", "at all", "ice
 *    cream"), or are tied by idiom or noun-modifier links ("interest rates"), and the target is
 *    not a noun with its own determiner inside an adverbial expression ("a sort of game").
 */
import type { Parse } from '../parser/link-grammar';
import type { Lemmatizer } from './lemmas';
import type { PhraseMatch } from './phrases';
import type { TargetRole } from './sentence-role';
import { createNounClasses } from './noun-classes';
import { frameComplements } from './verb-frames';
import type { WordNet } from './wordnet';

/** The parse-word range [from, to] of every constituent of the tree (LEFT-WALL is word 0). */
export function constituentRanges(parse: Parse): [number, number][] {
  const ranges: [number, number][] = [];
  // Leaves are the words in order, without the walls.
  let next = 1;
  const visit = (node: Parse['tree']): [number, number] | undefined => {
    let first: number | undefined;
    let last: number | undefined;
    for (const child of node.children) {
      if (typeof child === 'string') {
        while (next < parse.words.length && /^(LEFT|RIGHT)-WALL$/.test(parse.words[next])) next++;
        first ??= next;
        last = next;
        next++;
      } else {
        const r = visit(child);
        if (r) {
          first ??= r[0];
          last = r[1];
        }
      }
    }
    if (first === undefined || last === undefined) return undefined;
    ranges.push([first, last]);
    return [first, last];
  };
  visit(parse.tree);
  return ranges;
}

/** Words that follow a verb as prepositions, never as its adverb particle. */
const determiners = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'my',
  'your',
  'his',
  'her',
  'its',
  'our',
  'their',
]);
const prepositions = new Set(['to', 'for', 'with', 'at', 'from', 'into', 'of', 'by', 'onto', 'upon', 'toward', 'towards']);

/** Words that open a phrase of place after a verb's object ("got it onto his shoulder"). */
const placePrepositions = new Set([
  'onto',
  'into',
  'on',
  'in',
  'off',
  'out',
  'up',
  'down',
  'over',
  'under',
  'behind',
  'across',
  'around',
  'away',
  'back',
  'inside',
  'outside',
]);

/**
 * Particles that before a noun phrase are far more often its preposition ("held in recent months",
 * "to be had on good bonds", "walked through the door"): there only the parser's own particle link
 * makes them the verb's. On SemCor every such guess of ours was a word its annotators read alone.
 */
const prepositionFirst = new Set(['in', 'on', 'over', 'through', 'around', 'about', 'along', 'across', 'after', 'under']);

/** Words that are a verb's adverb particle when the parser reads them as its predicative adjective. */
const adverbParticles = new Set([
  'up',
  'down',
  'out',
  'off',
  'away',
  'back',
  'over',
  'on',
  'in',
  'around',
  'about',
  'through',
  'along',
  'aside',
  'apart',
  'forward',
  'together',
  'ahead',
  'behind',
  'by',
]);

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
  parse: Parse;
  role: TargetRole;
  /** Parse-word index of each tagger token (undefined where they do not line up). */
  parseIndexOf: (token: number) => number | undefined;
  /** The target's parse-word index. */
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
  function movement(parse: Parse, verbAt: number): boolean {
    const word = parse.words[verbAt]?.toLowerCase() ?? '';
    const lemma = lemmatizer.known(word, 'v');
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
   * Judges a match; for a phrasal verb the parser took apart, also says how the role reads once
   * the particle is the verb's (so the word panel shows "与 off 构成短语动词，宾语是 his coat").
   */
  function judge(match: PhraseMatch, ctx: ExpressionContext): { used: boolean; role?: TargetRole } {
    const words = match.tokens.map(ctx.parseIndexOf);
    if (words.some((w) => w === undefined)) return { used: true };
    const at = words as number[];
    const { parse, role } = ctx;
    const linked = (a: number, b: number, test: (label: string) => boolean) =>
      parse.links.some((l) => ((l.left === a && l.right === b) || (l.left === b && l.right === a)) && test(l.label));
    const idiom = (label: string) => /^(ID|_I)/.test(label);

    const verbParticle =
      match.wordnet && match.tokens.length === 2 && /^[a-z]+_[a-z]+$/.test(match.wordnet) && wordnet.has(match.wordnet, 'v');
    if (verbParticle) {
      const [verb, particle] = at;
      // A verb and a bare noun (take place, take care, take part): the noun is the verb's object
      // with no determiner or adjective of its own; "took the place of" is the verb's own sense.
      if (linked(verb, particle, (l) => /^O/.test(l))) {
        const own = parse.links.some((l) => l.right === particle && /^(D|A|AN|GN)/.test(l.label));
        // "it" with a complement after it is the object of a verb that takes two ("made it
        // impossible", "makes it clear"), not the idiom (make it: succeed).
        // Nor is "it" before a phrase of place ("got it onto his shoulder", "put it in the box").
        const complement =
          parse.words[particle]?.toLowerCase() === 'it' &&
          (/^[anv]/.test(parse.subscripts[particle + 1] ?? '') ||
            determiners.has(parse.words[particle + 1]?.toLowerCase() ?? '') ||
            placePrepositions.has(parse.words[particle + 1]?.toLowerCase() ?? ''));
        return { used: !own && !complement };
      }
      // A verb and a preposition ("turned to her friend", "ran for ten years"): a prepositional
      // verb only when the parser itself ties them; the verb's own sense reads as well otherwise.
      if (prepositions.has(parse.words[particle]?.toLowerCase() ?? '')) {
        return { used: linked(verb, particle, (l) => l.startsWith('K') || idiom(l)) };
      }
      if (verb !== ctx.target) {
        // The particle was clicked: its link to the verb decides alone.
        if (linked(verb, particle, (l) => l.startsWith('K') || idiom(l))) return { used: true };
        const object = parse.links.find((l) => l.left === particle && /^J/.test(l.label));
        const used =
          particle === verb + 1 &&
          linked(verb, particle, (l) => l.startsWith('MV')) &&
          (object
            ? !prepositionFirst.has(parse.words[particle].toLowerCase()) &&
              !placeLike(parse.words[object.right].toLowerCase()) &&
              phrasalTakes(match.wordnet!, true)
            : phrasalTakes(match.wordnet!, false));
        return { used };
      }
      if (role.pos !== 'v') return { used: false };
      const withParticle = { ...role, particle: { word: parse.words[particle], index: particle } };
      // K ties a particle to its verb; the parser also reads "turned out", "turns out about five
      // hundred cars" as a verb with a predicative adjective (Pa). Before a determiner that
      // "adjective" is a preposition it misread ("looked up the brook").
      const determinerNext = determiners.has(parse.words[particle + 1]?.toLowerCase() ?? '');
      const predicative = (l: string) =>
        l.startsWith('Pa') && !determinerNext && adverbParticles.has(parse.words[particle]?.toLowerCase() ?? '');
      if (linked(verb, particle, (l) => l.startsWith('K') || predicative(l) || idiom(l))) {
        // A particle before a place is a preposition the parser mistook: "walked up the brook".
        const after = parse.links.find((l) => l.left === verb && /^O/.test(l.label) && l.right > particle);
        if (after && particle === verb + 1 && movement(parse, verb) && placeLike(parse.words[after.right].toLowerCase()))
          return { used: false };
        return { used: true, role: withParticle };
      }
      // "ran out of water": the particle begins an idiom ("out of") that hangs on the verb, right
      // after it; with the object between, it is the verb's own phrase ("make a piece out of his
      // melodies" is make from).
      const group = parse.links.filter((l) => l.left === particle && idiom(l.label)).map((l) => l.right);
      if (particle === verb + 1 && group.some((g) => linked(verb, g, (l) => l.startsWith('MV'))))
        return { used: true, role: withParticle };
      // "took two days off": the parser took the particle for an adverb of the verb.
      const adverb =
        linked(verb, particle, (l) => l.startsWith('MV')) && !parse.links.some((l) => l.left === particle && /^J/.test(l.label));
      if (adverb && particle > verb + 1) {
        return phrasalTakes(match.wordnet!, role.transitivity === 'obj') ? { used: true, role: withParticle } : { used: false };
      }
      // A particle right after the verb that ends its clause ("our car broke down, and…") has no
      // object to be the preposition of, whatever the parser linked it to. After a verb of motion
      // it is as likely a plain adverb ("looked up.").
      const after = parse.words[particle + 1] ?? 'RIGHT-WALL';
      if (particle === verb + 1 && /^(?:[,.;:!?]|RIGHT-WALL)$/.test(after) && !movement(parse, verb)) {
        return phrasalTakes(match.wordnet!, false) ? { used: true, role: withParticle } : { used: false };
      }
      const next = role.nextWord;
      if (next && next.index === particle) {
        if (next.object && next.objectHead) {
          if (
            prepositionFirst.has(next.word.toLowerCase()) ||
            (movement(parse, verb) && placeLike(next.objectHead)) ||
            !phrasalTakes(match.wordnet!, true)
          )
            return { used: false };
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
      if (parse.links.some((l) => l.left === p && l.right === w && /^J/.test(l.label))) {
        const own = parse.links.some((l) => l.right === w && /^(D|A|AN)/.test(l.label));
        const ofNoun = parse.links.some((l) => l.right === p && /^M(?!V)/.test(l.label));
        return { used: !own && !ofNoun };
      }
    }
    // An adverbial of three words or more, written together ("every now and then", "all of a
    // sudden"), has no literal reading to compete with.
    // Before "of" it is a quantity ("a great deal of courage"), a noun.
    if (adverbial && at.length >= 3 && at.every((w, i) => i === 0 || w === at[i - 1] + 1))
      return { used: parse.words[to + 1]?.toLowerCase() !== 'of' };
    // A verb idiom of three words or more ("made up my mind", "took great care"): its words are
    // linked among themselves, whatever else the verb governs.
    if (at.length >= 3 && senses.some((s) => s.pos === 'v') && ctx.parseIndexOf(match.tokens[0]) === from) {
      // One that ends in a preposition whose object is a place, after a verb of motion, is the
      // verb and a phrase of place ("go down on the sidewalk" is not go down on).
      const object = parse.links.find((l) => l.left === to && /^J/.test(l.label));
      if (object && movement(parse, from) && placeLike(parse.words[object.right].toLowerCase())) return { used: false };
      const inside = new Set(at);
      const reached = new Set([at[0]]);
      for (let grown = true; grown; ) {
        grown = false;
        for (const l of parse.links) {
          if (!inside.has(l.left) || !inside.has(l.right)) continue;
          if (reached.has(l.left) !== reached.has(l.right)) {
            reached.add(l.left);
            reached.add(l.right);
            grown = true;
          }
        }
      }
      return { used: reached.size === inside.size };
    }
    const tie = (l: string) => idiom(l) || l.startsWith('AN') || l.startsWith('G') || (nominal && /^A($|[^N])/.test(l));
    const tied = at.every((w, i) => i === 0 || linked(at[i - 1], w, tie));
    const constituent = constituentRanges(parse).some(([a, b]) => a === from && b === to);
    if (!tied && !constituent) return { used: false };
    // A noun with its own determiner is not the noun of an adverbial expression ("a sort of game",
    // "the sort of sailor", where Link Grammar links its idiom's determiner to "of").
    const determined = parse.links.some((l) => at.includes(l.right) && /^D/.test(l.label) && l.left < from);
    if (adverbial && determined) return { used: false };
    return { used: true };
  }

  /**
   * Whether an expression only ECDICT has ("in spite of", "on behalf of") is used as one: it opens
   * with a preposition and its words are linked one to the next, with no determiner inside ("in
   * spite of the rain"). Others ("a piece of cake") are idioms that read as well literally; they
   * are only offered.
   */
  function prepositionalIdiom(match: PhraseMatch, ctx: ExpressionContext): boolean {
    const at = match.tokens.map(ctx.parseIndexOf);
    if (at.length < 3 || at.some((w) => w === undefined)) return false;
    const words = at as number[];
    const { parse } = ctx;
    if (!/^(r|p)?$/.test(parse.subscripts[words[0]] ?? '') || !parse.links.some((l) => l.left === words[0] && /^J/.test(l.label)))
      return false;
    const chained = words.every(
      (w, i) =>
        i === 0 ||
        parse.links.some((l) => (l.left === words[i - 1] && l.right === w) || (l.left === w && l.right === words[i - 1])),
    );
    const determiner = parse.links.some((l) => words.includes(l.right) && /^D/.test(l.label));
    return chained && !determiner;
  }

  return { judge, placeLike, prepositionalIdiom };
}

export type ExpressionJudge = ReturnType<typeof createExpressionJudge>;
