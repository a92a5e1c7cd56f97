/**
 * The target's role in its sentence, read from the tree of the trained dependency parser
 * (upstream/language, Universal Dependencies relations): its part of speech, its function (谓语,
 * 主语, 宾语, 表语, 定语…), whether a verb has an object and which, its subject, and a particle
 * attached to it. The dictionary ranks senses with it and shows it as one line in the word panel
 * ("作谓语，及物，宾语是 the proposal").
 *
 * The relations read: nsubj and nsubj:pass (subject), csubj (a clause or gerund as subject), expl
 * (it/there standing for the subject), obj and iobj (object), obl and nmod with their case
 * (a prepositional phrase), cop (be before a predicative), aux and aux:pass (the verb chain, the
 * passive), mark "to" (an infinitive), xcomp, acl, advcl (non-finite and subordinate clauses), amod
 * and compound (modifiers before a noun), advmod, compound:prt (a phrasal verb's particle), conj
 * and cc (coordination: the role of a second conjunct is the first one's; "and" is never a verb).
 */
import { baseRelation, type UdSentence, type UdWord } from '../language/ud';

export type RolePos = 'n' | 'v' | 'a' | 'r' | 'x';

export type RoleFunction =
  | 'predicate'
  | 'infinitive'
  | 'participle-modifier'
  | 'subject'
  | 'object'
  | 'prepositional-object'
  | 'predicative'
  | 'attributive'
  | 'adverbial'
  | 'participle-adverbial'
  | 'expletive';

/** How a non-finite verb phrase is built (the word's own verb, or the verb it depends on). */
export type NonFinite = 'infinitive' | 'gerund' | 'participle';

export interface TargetRole {
  /** The part of speech the tree gives the target, when it is an open class. */
  pos?: RolePos;
  function?: RoleFunction;
  /** For a verb: whether it has an object here (a passive counts as having one). */
  transitivity: 'obj' | 'noobj' | 'unknown';
  passive: boolean;
  /** A passive with its agent ("by the ministry"): an event, so the verb, not an adjective. */
  agent: boolean;
  /** A participle used as an adjective: after be/seem with no object and no agent, or before a noun. */
  adjectival: boolean;
  /** The object (or, for a noun, the word it modifies or the preposition before it), as written. */
  object?: string;
  /** The object's head word, lower case (for the selectional fit of senses). */
  objectHead?: string;
  subject?: string;
  subjectHead?: string;
  /** The verb's particle (compound:prt), as written, with its word number. */
  particle?: { word: string; index: number };
  /** For a noun: the nearest adjective or noun before it that modifies it ("river" of "river bank"). */
  modifier?: { word: string; head: string; pos: 'a' | 'n' };
  /** For a word used as an object: the verb whose object it is. */
  governor?: string;
  /** For a subject: its verb. */
  predicate?: string;
  /** An -ing form used as a subject or object (a gerund): verb or noun is the dictionary's choice. */
  gerund?: boolean;
  /**
   * For a verb: the word right after it that the tree takes as a preposition (with the object it
   * introduces) or as the verb's adverb. The dictionary decides whether it is the verb's particle ("took off his coat").
   */
  nextWord?: { word: string; index: number; object?: string; objectHead?: string };
  /** Words the tree ties to the target as one expression (its particle). */
  idiom: number[];
  /** The word is a second conjunct: the first one, as written ("Tom" of "Tom and Mary"). */
  coordinated?: string;
  /** For a verb: its phrase is non-finite; for a noun: the verb it depends on heads such a phrase. */
  nonFinite?: NonFinite;
  /** For an expletive it or there: the subject it stands for ("no proof", "that you come"). */
  realSubject?: string;
  /**
   * Whether the tree reads the target plausibly enough to be shown: not a finite verb without a
   * subject in mid-sentence (a fragment or a misreading).
   */
  confident: boolean;
  /** The role as one line for the word panel, Chinese. */
  text?: string;
}

/** Where each word of the tree is in the sentence, by word number (0, the root, has none). */
export type Places = ({ start: number; end: number } | undefined)[];

/** A role that says nothing yet: no object known, no idiom, trusted. */
export function emptyRole(): TargetRole {
  return { transitivity: 'unknown', passive: false, agent: false, adjectival: false, idiom: [], confident: true };
}

/**
 * Where each word of the tree is in the sentence: its character offsets, or undefined where the
 * word cannot be found. Words are found in order, case-insensitively; only text the word skips
 * that holds no letter or digit may lie between one word and the next.
 */
export function placesOf(tree: UdSentence, sentence: string): Places {
  const lower = sentence.toLowerCase();
  let at = 0;
  const places: Places = [undefined];
  for (const word of tree.words) {
    const form = word.form.toLowerCase();
    const found = lower.indexOf(form, at);
    if (found < 0 || /[\p{L}\p{N}]/u.test(sentence.slice(at, found))) {
      places.push(undefined);
      continue;
    }
    at = found + form.length;
    places.push({ start: found, end: at });
  }
  return places;
}

/** The word number of the tree word that holds the characters start..end (the target). */
export function wordAt(tree: UdSentence, sentence: string, start: number, end: number): number | undefined {
  const places = placesOf(tree, sentence);
  const hit = places.findIndex((p) => p !== undefined && p.start < end && p.end > start);
  return hit < 0 ? undefined : hit;
}

/** Universal tag → the role's part of speech; closed classes say nothing. */
function rolePosOf(word: UdWord): RolePos | undefined {
  switch (word.upos) {
    case 'NOUN':
    case 'PROPN':
      return 'n';
    case 'VERB':
    case 'AUX':
      return 'v';
    case 'ADJ':
      return 'a';
    case 'ADV':
      return 'r';
    default:
      return undefined;
  }
}

const finiteTags = new Set(['MD', 'VBD', 'VBZ', 'VBP']);
const relativePronouns = new Set(['that', 'which', 'who', 'whom']);

/** Reading one tree: its words by number, their dependents, phrases as written. */
export function treeReader(tree: UdSentence, sentence: string, places: Places = placesOf(tree, sentence)) {
  const words = tree.words;
  const word = (i: number) => words[i - 1];
  const dependents: number[][] = Array.from({ length: words.length + 1 }, () => []);
  words.forEach((w, k) => {
    if (w.head >= 0 && w.head <= words.length) dependents[w.head].push(k + 1);
  });
  const is = (i: number, ...relations: string[]) => {
    const r = word(i)?.deprel ?? '';
    return relations.some((x) => r === x || (!x.includes(':') && baseRelation(r) === x));
  };
  const childOf = (i: number, ...relations: string[]) => dependents[i]?.find((c) => is(c, ...relations));
  const lowerOf = (i: number) => word(i)?.form.toLowerCase() ?? '';
  const textOf = (i: number) => {
    const p = places[i];
    return p ? sentence.slice(p.start, p.end) : (word(i)?.form ?? '');
  };
  const span = (from: number, to: number) => {
    const a = places[from];
    const b = places[to];
    return a && b && a.start <= b.end ? sentence.slice(a.start, b.end) : textOf(to);
  };
  const subtree = (i: number): number[] => [i, ...dependents[i].flatMap(subtree)];
  /** The whole phrase a word heads (a clause, a gerund phrase), punctuation at its edges left out. */
  const yieldOf = (i: number) => {
    const inside = subtree(i).filter((k) => word(k).upos !== 'PUNCT' || k === i);
    return span(Math.min(...inside), Math.max(...inside));
  };
  /** A noun phrase as written: its head with the determiners, adjectives and modifiers before it. */
  const phrase = (head: number, withConjuncts = true) => {
    let from = head;
    let to = head;
    for (const c of dependents[head]) {
      if (c < head && is(c, 'det', 'amod', 'compound', 'nummod', 'nmod:poss')) {
        from = Math.min(from, ...subtree(c).filter((k) => word(k).upos !== 'PUNCT'));
      }
      // A name is headed on its first word ("Mary Smith"): its other words follow; so do the
      // other conjuncts of a coordination ("Tom and Mary").
      if (c > head && is(c, 'flat') && c === to + 1) to = c;
      if (withConjuncts && c > head && is(c, 'conj')) to = Math.max(to, ...subtree(c).filter((k) => word(k).upos !== 'PUNCT'));
    }
    return span(from, to);
  };
  /** The first conjunct of a coordination the word is part of (itself when it is none). */
  const firstConjunct = (i: number) => {
    let at = i;
    for (let guard = 0; guard < 20 && is(at, 'conj') && word(at).head > 0; guard++) at = word(at).head;
    return at;
  };
  /**
   * The verb group of a clause as written: its auxiliaries and, unless it is an adjective or noun
   * after be, its verb ("has been banned", "were", "can't wait").
   */
  const predicateOf = (head: number) => {
    const verbal = word(head)?.upos === 'VERB' || (word(head)?.upos === 'AUX' && childOf(head, 'cop') === undefined);
    const group = dependents[head].filter((c) => is(c, 'aux', 'cop') && c < head);
    if (verbal) group.push(head);
    if (group.length === 0) return textOf(head);
    return span(Math.min(...group), Math.max(...group));
  };
  /** Whether a clause's verb is non-finite, and how: an infinitive, a gerund or a participle. */
  const nonFiniteOf = (verb: number): NonFinite | undefined => {
    const w = word(verb);
    if (!w) return undefined;
    const kids = dependents[verb];
    if (kids.some((c) => is(c, 'mark') && lowerOf(c) === 'to')) return 'infinitive';
    const auxes = kids.filter((c) => is(c, 'aux', 'cop') && c < verb);
    if (auxes.some((c) => finiteTags.has(word(c).xpos))) return undefined;
    if (kids.some((c) => is(c, 'nsubj', 'expl'))) return undefined;
    // A second conjunct without its own subject or auxiliary is what the first one is.
    if (is(verb, 'conj') && auxes.length === 0) return nonFiniteOf(firstConjunct(verb));
    const first = auxes.length ? word(Math.min(...auxes)) : w;
    if (w.upos !== 'VERB' && w.upos !== 'AUX' && auxes.length === 0) return undefined;
    if (is(verb, 'root', 'parataxis')) return undefined;
    switch (first.xpos) {
      case 'VB':
        return is(verb, 'xcomp', 'ccomp', 'advcl', 'acl', 'csubj') ? 'infinitive' : undefined;
      case 'VBG':
        return is(verb, 'csubj', 'obj', 'nsubj') || kids.some((c) => is(c, 'mark') && word(c).upos === 'ADP') || is(verb, 'xcomp')
          ? 'gerund'
          : 'participle';
      case 'VBN':
        return 'participle';
      default:
        return undefined;
    }
  };
  /** A relative pronoun stands for the noun its clause modifies ("the book that she wrote"). */
  const antecedent = (i: number, clause: number) =>
    relativePronouns.has(lowerOf(i)) && is(clause, 'acl:relcl') && word(clause).head > 0 ? word(clause).head : i;
  /** The subject of a verb: its own, or that of the verb whose complement or conjunct it is. */
  const subjectOf = (verb: number): number | undefined => {
    let at = verb;
    for (let guard = 0; guard < 8 && at > 0; guard++) {
      const s = childOf(at, 'nsubj', 'csubj');
      if (s !== undefined) return antecedent(s, at);
      if (!is(at, 'xcomp', 'conj')) return undefined;
      at = word(at).head;
    }
    return undefined;
  };
  return {
    words,
    word,
    dependents,
    is,
    childOf,
    lowerOf,
    textOf,
    yieldOf,
    phrase,
    firstConjunct,
    predicateOf,
    nonFiniteOf,
    antecedent,
    subjectOf,
  };
}

export type TreeReader = ReturnType<typeof treeReader>;

/** The role of word number `index` of the tree; `places`: placesOf(tree, sentence), when at hand. */
export function targetRole(tree: UdSentence, sentence: string, index: number, places?: Places): TargetRole {
  const t = treeReader(tree, sentence, places);
  const { word, dependents, is, childOf, lowerOf, textOf, phrase } = t;
  const w = word(index);
  const role = emptyRole();
  if (!w) return role;
  const kids = dependents[index];
  // The role of a second conjunct is the first one's: "Tom and [Mary] are…" is a subject too,
  // and the verb of "walked … and [watched]" is a predicate with walked's subject.
  const self = t.firstConjunct(index);
  if (self !== index)
    role.coordinated = word(self).upos === 'NOUN' || word(self).upos === 'PROPN' ? phrase(self, false) : textOf(self);
  const head = word(self).head;
  const asModifier = is(self, 'amod');
  role.pos = asModifier ? 'a' : rolePosOf(w);

  if (is(self, 'expl')) {
    role.pos = undefined;
    role.function = 'expletive';
    const real = head > 0 ? childOf(head, 'nsubj', 'csubj', 'ccomp') : undefined;
    if (real !== undefined) role.realSubject = is(real, 'nsubj') ? phrase(real) : t.yieldOf(real);
  } else if (role.pos === 'a') {
    role.adjectival = w.xpos === 'VBN' || w.xpos === 'VBG' || w.upos === 'VERB';
    if (asModifier && head > 0) {
      role.function = 'attributive';
      role.object = textOf(head);
      role.objectHead = lowerOf(head);
    } else if (childOf(self, 'cop') !== undefined || is(self, 'xcomp')) {
      // After be ("The results were impressive"), or after seem, become, look ("grew tired").
      role.function = 'predicative';
      const subject = is(self, 'xcomp') ? t.subjectOf(head) : childOf(self, 'nsubj');
      if (subject !== undefined) role.subject = phrase(subject);
      role.adjectival ||= /ed$/i.test(w.form);
    } else if (is(self, 'advmod') && head > 0) {
      role.function = 'adverbial';
      role.object = textOf(head);
    }
  } else if (
    role.pos === 'v' &&
    /^VB[ND]$/.test(w.xpos) &&
    (childOf(index, 'det') !== undefined || (lowerOf(index - 1) === 'the' && is(index, 'nsubj', 'obj', 'iobj', 'obl')))
  ) {
    // A participle with its own determiner, in a noun's place, is an adjective used as a noun
    // ("The injured were taken"; the tree may hang "The" elsewhere).
    role.pos = 'a';
    role.adjectival = true;
    readNoun();
  } else if (role.pos === 'v' && is(index, 'aux', 'cop')) {
    // An auxiliary or the be of "were impressive": the clause's predicate, with its subject.
    role.function = 'predicate';
    const subject = head > 0 ? t.subjectOf(head) : undefined;
    if (subject !== undefined) {
      role.subject = phrase(subject);
      role.subjectHead = lowerOf(subject);
    }
  } else if (role.pos === 'v') {
    readVerb();
  } else if (role.pos === 'n') {
    readNoun();
  } else if (role.pos === 'r' && is(self, 'advmod') && head > 0) {
    role.function = 'adverbial';
    role.object = textOf(head);
  }
  if (role.pos === 'v' && role.function === 'predicate' && !role.subject && index > 1 && w.xpos !== 'VB') {
    // A finite verb with no subject in mid-sentence: the tree is unsure (a fragment, a misreading).
    role.confident = false;
  }
  role.text = role.confident ? roleText(role) : undefined;
  return role;

  function readVerb() {
    role.passive = kids.some((c) => is(c, 'aux:pass', 'nsubj:pass')) || (w.xpos === 'VBN' && is(self, 'acl'));
    role.agent = kids.some(
      (c) =>
        is(c, 'obl:agent') || (role.passive && is(c, 'obl') && dependents[c].some((p) => is(p, 'case') && lowerOf(p) === 'by')),
    );
    const nonFinite = t.nonFiniteOf(index);
    if (nonFinite) role.nonFinite = nonFinite;
    const ing = w.xpos === 'VBG';
    const preposition = kids.find((c) => is(c, 'mark', 'case') && word(c).upos === 'ADP' && lowerOf(c) !== 'to' && c < index);
    // A sentence's first word, an -ing form the tree took for the main verb though a finite verb
    // without a subject of its own hangs on it: a gerund subject ("Building a bridge … took ten
    // years").
    const finiteAfter =
      ing && is(self, 'root') && !childOf(index, 'nsubj', 'aux')
        ? kids.find((c) => c > index && finiteTags.has(word(c).xpos) && childOf(c, 'nsubj') === undefined)
        : undefined;
    if (ing && is(self, 'csubj', 'nsubj')) {
      role.function = 'subject';
      role.gerund = true;
      if (head > 0) role.predicate = t.predicateOf(head);
    } else if (finiteAfter !== undefined && t.words.slice(0, index - 1).every((x) => x.upos === 'PUNCT')) {
      role.function = 'subject';
      role.gerund = true;
      role.predicate = t.predicateOf(finiteAfter);
    } else if (ing && head > 0 && (is(self, 'obj') || (is(self, 'xcomp') && !preposition))) {
      role.function = 'object';
      role.governor = textOf(head);
      role.gerund = true;
    } else if (ing && preposition !== undefined) {
      role.function = 'prepositional-object';
      role.governor = textOf(preposition);
      role.gerund = true;
    } else if (is(self, 'acl') && !is(self, 'acl:relcl') && nonFinite === 'participle' && head > 0) {
      role.function = 'participle-modifier';
      role.subject = phrase(head);
    } else if (nonFinite === 'infinitive') role.function = 'infinitive';
    else if (nonFinite === 'participle' && is(self, 'advcl')) role.function = 'participle-adverbial';
    else role.function = 'predicate';

    const object = childOf(index, 'obj') ?? childOf(index, 'iobj');
    if (object !== undefined && role.function === 'subject' && finiteAfter !== undefined && object > finiteAfter) {
      // The finite verb's object, not the gerund's ("took ten years").
      role.transitivity = 'unknown';
    } else if (object !== undefined) {
      const o = t.antecedent(object, index);
      role.transitivity = 'obj';
      role.object = phrase(o);
      role.objectHead = lowerOf(o);
    } else if (role.passive) role.transitivity = 'obj';
    else if (kids.some((c) => is(c, 'ccomp', 'xcomp'))) role.transitivity = 'unknown';
    else role.transitivity = 'noobj';

    if (role.function !== 'participle-modifier' && role.function !== 'subject') {
      const subject = t.subjectOf(index);
      if (subject !== undefined) {
        role.subject = phrase(subject);
        role.subjectHead = lowerOf(subject);
      }
    }
    const particle = childOf(index, 'compound:prt');
    if (particle !== undefined) {
      role.particle = { word: textOf(particle), index: particle };
      role.idiom.push(particle);
    }
    // The word right after the verb taken as a preposition or adverb: it may be the verb's
    // particle after all ("took off his coat" read as "took [off his coat]").
    const next = index + 1;
    const after = word(next);
    if (!role.particle && after && (after.upos === 'ADP' || after.upos === 'ADV')) {
      const object = is(next, 'case') ? after.head : undefined;
      if (object !== undefined && object > next && word(object)?.head === index) {
        role.nextWord = { word: textOf(next), index: next, object: phrase(object), objectHead: lowerOf(object) };
      } else if (is(next, 'advmod') && after.head === index) role.nextWord = { word: textOf(next), index: next };
    }
  }

  function readNoun() {
    const modifier = kids
      .filter((c) => c < index && is(c, 'amod', 'compound') && !is(c, 'compound:prt'))
      .sort((a, b) => b - a)[0];
    if (modifier !== undefined) {
      role.modifier = { word: textOf(modifier), head: lowerOf(modifier), pos: is(modifier, 'amod') ? 'a' : 'n' };
    }
    if (head === 0 && childOf(self, 'cop') === undefined) return;
    const inPhrase = head > 0 ? t.nonFiniteOf(head) : undefined;
    if (is(self, 'nsubj')) {
      role.function = 'subject';
      role.predicate = t.predicateOf(head);
    } else if (is(self, 'obj', 'iobj')) {
      role.function = 'object';
      role.governor = textOf(head);
      role.gerund = /ing$/i.test(w.form);
      if (inPhrase) role.nonFinite = inPhrase;
    } else if (is(self, 'obl', 'nmod') && !is(self, 'nmod:poss') && childOf(self, 'case') !== undefined) {
      role.function = 'prepositional-object';
      role.object = textOf(childOf(self, 'case') as number);
      if (inPhrase && is(self, 'obl')) role.nonFinite = inPhrase;
    } else if (is(self, 'compound')) {
      role.function = 'attributive';
      role.object = textOf(head);
      role.objectHead = lowerOf(head);
    } else if (childOf(self, 'cop') !== undefined || is(self, 'xcomp')) {
      role.function = 'predicative';
      const subject = is(self, 'xcomp') ? t.subjectOf(head) : childOf(self, 'nsubj');
      if (subject !== undefined) role.subject = phrase(subject);
    }
  }
}

const phraseKinds: Record<NonFinite, string> = { infinitive: '不定式', gerund: '动名词', participle: '分词' };

/** The role as the word panel shows it. */
export function roleText(role: TargetRole): string | undefined {
  if (role.function === 'expletive') return role.realSubject ? `作形式主语（真正主语是 ${role.realSubject}）` : '作形式主语';
  let text = coreText(role);
  if (!text) return undefined;
  // An object or prepositional phrase of a non-finite verb: "brigade" of "decided to encompass
  // the whole brigade" is an object inside the infinitive phrase.
  if (role.nonFinite && role.pos === 'n') {
    const inside = `在${phraseKinds[role.nonFinite]}短语中`;
    text = text.endsWith('）') ? `${text.slice(0, -1)}，${inside}）` : `${text}（${inside}）`;
  }
  if (role.coordinated) text += `，与 ${role.coordinated} 并列`;
  return text;
}

function coreText(role: TargetRole): string | undefined {
  const parts: string[] = [];
  switch (role.function) {
    case 'predicate':
      parts.push(role.passive ? '作谓语（被动）' : '作谓语');
      break;
    case 'infinitive':
      parts.push('不定式动词');
      break;
    case 'participle-modifier':
      parts.push(role.subject ? `分词作后置定语，修饰 ${role.subject}` : '分词作后置定语');
      break;
    case 'participle-adverbial':
      parts.push('分词作状语');
      break;
    case 'subject':
      if (role.gerund && role.pos === 'v') {
        parts.push(role.predicate ? `动名词作主语（谓语是 ${role.predicate}）` : '动名词作主语');
        break;
      }
      return role.predicate ? `作主语（谓语是 ${role.predicate}）` : '作主语';
    case 'object':
      if (role.gerund && role.pos === 'v') parts.push(role.governor ? `动名词作 ${role.governor} 的宾语` : '动名词作宾语');
      else return role.governor ? `作宾语（动词是 ${role.governor}）` : '作宾语';
      break;
    case 'prepositional-object':
      if (role.gerund && role.pos === 'v') {
        parts.push(role.governor ? `动名词作介词 ${role.governor} 的宾语` : '动名词作介词宾语');
        break;
      }
      return role.object ? `作介词 ${role.object} 的宾语` : '作介词宾语';
    case 'predicative':
      return role.subject
        ? `作表语，说明 ${role.subject}${role.adjectival ? '（分词用作形容词）' : ''}`
        : `作表语${role.adjectival ? '（分词用作形容词）' : ''}`;
    case 'attributive':
      return role.object ? `作定语，修饰 ${role.object}${role.adjectival ? '（分词用作形容词）' : ''}` : '作定语';
    case 'adverbial':
      return role.object ? `作状语，修饰 ${role.object}` : '作状语';
    default:
      return undefined;
  }
  if (role.transitivity === 'obj' && !role.passive) parts.push(role.object ? `及物，宾语是 ${role.object}` : '及物');
  else if (role.transitivity === 'noobj') parts.push('不及物');
  if (role.subject && role.function !== 'participle-modifier') parts.push(`主语是 ${role.subject}`);
  if (role.particle) parts.push(`与 ${role.particle.word} 构成短语动词`);
  return parts.join('，');
}

/** Words after which, adjectives apart, a word is a noun, not a verb ("the leaves", "its drops"). */
// Not "some", "any" or "this", which also stand alone ("Some say…").
const nounMarkers = new Set('the a an my your our their its his every each whose'.split(' '));

/**
 * The tree's tags, mended where its own arcs contradict them. The tagger, trained on web text,
 * misses the noun–verb ambiguity of plain sentences that the parser then reads right: "Critics
 * question whether…" has question as a noun with a subject and a clause of its own, "The
 * company ships its products" ships as a noun with an object. Nouns take neither; a verb or a
 * pronoun does not follow an article ("the leaves turn", "an old mine"). Returns a new tree; the
 * one given may be shared (the parse cache).
 */
export function withMendedTags(tree: UdSentence): UdSentence {
  const words = tree.words.map((w) => ({ ...w }));
  const dependents = (i: number) => words.filter((w) => w.head === i);
  words.forEach((w, k) => {
    const kids = dependents(k + 1);
    if (w.upos === 'NOUN' && !kids.some((c) => c.deprel === 'cop' || c.deprel === 'case')) {
      // An object or a clause of its own, after the noun the tree took for its modifier ("The
      // company ships its products"); or a subject of its own, with no determiner.
      const before = kids.some((c) => words.indexOf(c) < k && (baseRelation(c.deprel) === 'nsubj' || c.deprel === 'compound'));
      const verbal =
        (before && kids.some((c) => ['obj', 'iobj', 'ccomp', 'compound:prt'].includes(c.deprel))) ||
        (kids.some((c) => baseRelation(c.deprel) === 'nsubj') && !kids.some((c) => c.deprel === 'det'));
      if (verbal) {
        w.upos = 'VERB';
        w.xpos = /s$/i.test(w.form) ? 'VBZ' : /ed$/i.test(w.form) ? 'VBD' : 'VBP';
        return;
      }
    }
    if ((w.upos === 'VERB' && /^VB[DPZ]?$/.test(w.xpos)) || w.upos === 'PRON') {
      let j = k - 1;
      while (j > 0 && words[j].upos === 'ADJ') j--;
      const marker =
        j >= 0 && nounMarkers.has(words[j].form.toLowerCase()) && (words[j].upos === 'DET' || words[j].upos === 'PRON');
      if (!marker || (w.upos === 'PRON' && j === k - 1 && words[j].upos !== 'DET')) return;
      w.upos = 'NOUN';
      w.xpos = /s$/i.test(w.form) ? 'NNS' : 'NN';
    }
  });
  return { ...tree, words };
}
