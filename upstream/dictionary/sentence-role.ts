/**
 * The target's role in its sentence, read from Link Grammar's linkage (upstream/parser): its part
 * of speech, its function (谓语, 主语, 宾语, 定语…), whether a verb has an object and which, its
 * subject, and a particle attached to it. The dictionary ranks senses with it and shows it as one
 * line in the word panel ("作谓语，及物，宾语是 the proposal").
 *
 * The link labels used (Link Grammar's English dictionary): S subject–verb (SI inverted), O verb–
 * object, I modal or "to" – infinitive, TO verb–"to", Pv be–passive participle, Pa be/seem/look–
 * adjective, Pg be–ing form, PP have–participle, K verb–particle, MV verb–modifier (MVp a
 * prepositional phrase, MVa an adverb), A adjective–noun, AN noun modifier–noun, D determiner–noun,
 * J preposition–object, M noun–post-modifier (Mv a participle, Mg an -ing form, Mp a phrase), E and
 * EA adverb–verb and adverb–adjective, W LEFT-WALL–clause, and idiom links (ID…, _IX…) that tie the
 * words of a multi-word dictionary entry ("took_off").
 */
import type { Parse } from '../parser/link-grammar';

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
  | 'adverbial';

export interface TargetRole {
  /** The part of speech the linkage gives the target, when it says. */
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
  /** A particle linked to the verb (K, or an idiom link), as written, with its position. */
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
   * For a verb: the word right after it that the parser took as a preposition or adverb, with its
   * own object. The dictionary decides whether it is the verb's particle ("took off his coat").
   */
  nextWord?: { word: string; index: number; object?: string; objectHead?: string };
  /** The words linked to the target as one dictionary idiom ("took off" in "The plane took off"). */
  idiom: number[];
  /**
   * Whether the linkage reads the target plausibly enough to override the tagger: not a finite
   * verb without a subject in mid-sentence ("Online shopping has…" parsed as the verb shop).
   */
  confident: boolean;
  /** The role as one line for the word panel, Chinese. */
  text?: string;
}

const walls = new Set(['LEFT-WALL', 'RIGHT-WALL']);

/** A role that says nothing yet: no object known, no idiom, trusted. */
export function emptyRole(): TargetRole {
  return { transitivity: 'unknown', passive: false, agent: false, adjectival: false, idiom: [], confident: true };
}

/**
 * Where each word of the linkage is in the sentence: its character offsets, or undefined where
 * the parser changed the word beyond recognition. Words are found in order, case-insensitively;
 * the parser lower-cases a capital first word and splits "don't" into "do" and "n't".
 */
export function alignWords(parse: Parse, sentence: string): ({ start: number; end: number } | undefined)[] {
  const lower = sentence.toLowerCase();
  // A parse of one piece of the sentence (parser/clause.ts) starts where that piece does.
  let at = parse.from ?? 0;
  return parse.words.map((word) => {
    if (walls.has(word)) return undefined;
    const w = word.toLowerCase().replace(/^\[|\]$/g, '');
    const found = lower.indexOf(w, at);
    // Only text right after the previous word (spaces and stray marks apart) is the same place.
    if (found < 0 || /[\p{L}\p{N}]/u.test(sentence.slice(at, found))) return undefined;
    at = found + w.length;
    return { start: found, end: at };
  });
}

/** The linkage word that holds the character offset `start` (the target's first letter). */
export function wordAt(parse: Parse, sentence: string, start: number, end: number): number | undefined {
  const places = alignWords(parse, sentence);
  const hit = places.findIndex((p) => p !== undefined && p.start < end && p.end > start);
  return hit < 0 ? undefined : hit;
}

const is = (label: string, ...prefixes: string[]) => prefixes.some((p) => label.startsWith(p));
const idiomLink = (label: string) => /^(ID|_I)/.test(label);

/** The part of speech a subscript says (n, v-d, a, e…), or undefined. */
function posOfSubscript(subscript: string): RolePos | undefined {
  const s = subscript.replace(/^#/, '');
  if (/^v/.test(s) || s === 'q-d' || s === 'q' || s === 'w' || s === 'g') return 'v';
  if (/^(n|s|p|l|m|f|i|o|t|u|x|y|k)\b/.test(s) && !/^p$/.test(s)) return 'n';
  if (/^a/.test(s)) return 'a';
  if (/^e/.test(s)) return 'r';
  return undefined;
}

/** `places`: alignWords(parse, sentence), when the caller has it already. */
export function targetRole(
  parse: Parse,
  sentence: string,
  index: number,
  places: ReturnType<typeof alignWords> = alignWords(parse, sentence),
): TargetRole {
  const textOf = (i: number) => {
    const p = places[i];
    return p ? sentence.slice(p.start, p.end) : parse.words[i];
  };
  // A verb tied to its particle as one idiom ("took_off"): the particle carries the verb's links.
  const tie = parse.links.find((l) => l.left === index && idiomLink(l.label));
  if (tie && !parse.links.some((l) => (l.left === index || l.right === index) && !idiomLink(l.label))) {
    const whole = roleOf(parse, sentence, tie.right, places);
    if (whole.pos === 'v' || whole.function === 'predicate') {
      const particle = { word: textOf(tie.right), index: tie.right };
      const role = { ...whole, particle, idiom: [tie.right] };
      return { ...role, text: roleText(role) };
    }
  }
  return roleOf(parse, sentence, index, places);
}

function roleOf(parse: Parse, sentence: string, index: number, places: ReturnType<typeof alignWords>): TargetRole {
  const textOf = (i: number) => {
    const p = places[i];
    return p ? sentence.slice(p.start, p.end) : parse.words[i];
  };
  const out = parse.links.filter((l) => l.left === index);
  const into = parse.links.filter((l) => l.right === index);
  const linked = (l: { left: number; right: number }) => (l.left === index ? l.right : l.left);

  /** A noun phrase as written: its head with the determiners, adjectives and modifiers before it. */
  const phrase = (head: number) => {
    let from = head;
    for (const l of parse.links) {
      if (l.right === head && l.left < from && l.left > 0 && is(l.label, 'D', 'A', 'AN', 'GN', 'G', 'NM')) from = l.left;
    }
    // A determiner of a modifier ("the river" of "the river bank") is linked to the modifier.
    for (const l of parse.links) {
      if (l.left < from && l.right >= from && l.right <= head && l.left > 0 && is(l.label, 'D')) from = l.left;
    }
    const a = places[from];
    const b = places[head];
    return a && b ? sentence.slice(a.start, b.end) : textOf(head);
  };

  const role = emptyRole();
  const subscript = parse.subscripts[index] ?? '';
  role.pos = posOfSubscript(subscript);

  // Idioms: words the parser took as one dictionary entry.
  for (const l of [...out, ...into]) if (idiomLink(l.label)) role.idiom.push(linked(l));

  const objectLink = out.find((l) => is(l.label, 'O') && !is(l.label, 'OF', 'ON'));
  const subjectLink = into.find((l) => is(l.label, 'S') && !is(l.label, 'SI')) ?? out.find((l) => is(l.label, 'SI'));
  const particleLink = out.find((l) => is(l.label, 'K'));
  const verbEvidence =
    objectLink ||
    particleLink ||
    subjectLink ||
    into.some((l) => is(l.label, 'I', 'Pv', 'Pg', 'PP', 'WV', 'Mv', 'Mg', 'IV')) ||
    out.some((l) => is(l.label, 'MV', 'TO'));
  const nounEvidence =
    into.some((l) => is(l.label, 'D', 'J', 'A', 'AN', 'O', 'SI', 'Wd')) ||
    out.some((l) => (is(l.label, 'S', 'AN', 'M') && !is(l.label, 'SI', 'MV')) || is(l.label, 'Mp', 'Mv', 'Mg'));
  const adverbEvidence = out.some((l) => is(l.label, 'E', 'EA', 'EE')) || into.some((l) => is(l.label, 'MVa'));

  // A participle after be/seem with no object is linked by Pa: an adjective ("must be impaired").
  const predicativeLink = into.find((l) => is(l.label, 'Pa'));
  const attributiveLink = out.find((l) => l.right > index && (l.label === 'A' || is(l.label, 'A*', 'Ax', 'Ah')));
  const nounModifierLink = out.find((l) => is(l.label, 'AN'));

  if (predicativeLink && !objectLink) {
    role.pos = 'a';
    role.function = 'predicative';
    role.adjectival = /^v/.test(subscript) || /(ed|en)$/.test(parse.words[index]);
    role.subject = subjectOfCopula(predicativeLink.left);
  } else if (attributiveLink) {
    role.pos = 'a';
    role.function = 'attributive';
    role.adjectival = /^v/.test(subscript);
    role.object = textOf(attributiveLink.right);
    role.objectHead = parse.words[attributiveLink.right].toLowerCase();
  } else if (nounModifierLink) {
    role.pos = 'n';
    role.function = 'attributive';
    role.object = textOf(nounModifierLink.right);
    role.objectHead = parse.words[nounModifierLink.right].toLowerCase();
  } else if (role.pos === 'v' || (role.pos === undefined && verbEvidence && !nounEvidence)) {
    role.pos = 'v';
    const passive = into.find((l) => is(l.label, 'Pv'));
    role.passive = Boolean(passive);
    role.agent = out.some((l) => is(l.label, 'MVp') && /^by$/i.test(parse.words[l.right]));
    const fromTo = into.find((l) => is(l.label, 'I') && /^to$/i.test(parse.words[l.left]));
    const asModifier = into.find((l) => is(l.label, 'Mv', 'Mg'));
    const asObject = into.find((l) => is(l.label, 'O'));
    // An -ing form that is itself a subject ("Smoking … has been banned", "Building a bridge took").
    const asSubject = out.find((l) => is(l.label, 'S') && !is(l.label, 'SI'));
    if (asSubject && /ing$/i.test(parse.words[index])) {
      role.function = 'subject';
      role.gerund = true;
      role.predicate = textOf(asSubject.right);
    } else if (asModifier) {
      role.function = 'participle-modifier';
      role.subject = phrase(asModifier.left);
    } else if (fromTo) role.function = 'infinitive';
    else if (asObject) {
      role.function = 'object';
      role.governor = textOf(asObject.left);
      role.gerund = /ing$/i.test(parse.words[index]);
    } else role.function = 'predicate';
    if (objectLink) {
      role.transitivity = 'obj';
      role.object = phrase(objectLink.right);
      role.objectHead = parse.words[objectLink.right].toLowerCase();
    } else if (passive) {
      role.transitivity = 'obj';
    } else if (out.some((l) => is(l.label, 'TH', 'C', 'TO', 'I', 'Pa', 'Pv', 'Pg', 'QI', 'R'))) {
      role.transitivity = 'unknown';
    } else {
      role.transitivity = 'noobj';
    }
    const subject = subjectLink;
    if (subject) {
      const s = linked(subject);
      role.subject = phrase(s);
      role.subjectHead = parse.words[s].toLowerCase();
    } else {
      // The subject of an auxiliary or of be is the subject of the verb chain.
      const head = chainHead(index);
      const s = parse.links.find((l) => l.right === head && is(l.label, 'S') && !is(l.label, 'SI'));
      if (s && head !== index) {
        role.subject = phrase(s.left);
        role.subjectHead = parse.words[s.left].toLowerCase();
      }
    }
    if (particleLink) role.particle = { word: textOf(particleLink.right), index: particleLink.right };
    else {
      const idiom = role.idiom.find((i) => i > index);
      if (idiom !== undefined) role.particle = { word: textOf(idiom), index: idiom };
    }
    // The word right after the verb taken as a preposition or adverb: it may be the verb's
    // particle after all ("took off his coat" is parsed as "took [off his coat]").
    const next = out.find((l) => l.right === index + 1 && is(l.label, 'MVp', 'MVa'));
    if (next && !role.particle) {
      const object = parse.links.find((l) => l.left === next.right && is(l.label, 'J'));
      role.nextWord = {
        word: textOf(next.right),
        index: next.right,
        ...(object ? { object: phrase(object.right), objectHead: parse.words[object.right].toLowerCase() } : {}),
      };
    }
  } else if (role.pos === 'n' || nounEvidence) {
    role.pos = 'n';
    const modifier = into
      .filter((l) => l.left < index && (is(l.label, 'AN') || /^A(?:$|[a-z*])/.test(l.label)))
      .sort((a, b) => b.left - a.left)[0];
    if (modifier) {
      const pos = is(modifier.label, 'AN') ? 'n' : 'a';
      role.modifier = { word: textOf(modifier.left), head: parse.words[modifier.left].toLowerCase(), pos };
    }
    const asSubject = out.find((l) => is(l.label, 'S') && !is(l.label, 'SI')) ?? into.find((l) => is(l.label, 'SI'));
    const asObject = into.find((l) => is(l.label, 'O'));
    const afterPreposition = into.find((l) => is(l.label, 'J'));
    if (asSubject) {
      role.function = 'subject';
      role.predicate = textOf(linked(asSubject));
    } else if (asObject) {
      role.function = 'object';
      role.governor = textOf(asObject.left);
      role.gerund = /ing$/i.test(parse.words[index]);
    } else if (afterPreposition) {
      role.function = 'prepositional-object';
      role.object = textOf(afterPreposition.left);
    }
  } else if (role.pos === 'r' || adverbEvidence) {
    role.pos = 'r';
    const modifies = out.find((l) => is(l.label, 'E', 'EA', 'EE')) ?? into.find((l) => is(l.label, 'MVa'));
    if (modifies) {
      role.function = 'adverbial';
      role.object = textOf(linked(modifies));
    }
  } else if (role.pos === 'a') {
    const after = into.find((l) => is(l.label, 'P'));
    if (after) role.function = 'predicative';
  }
  if (role.pos === 'v' && role.function === 'predicate' && !role.subject && index > 1) {
    // No subject: an imperative at the start, or a misreading.
    role.confident = false;
  }
  role.text = role.confident ? roleText(role) : undefined;
  return role;

  /** The subject of the be/seem that links the target by Pa. */
  function subjectOfCopula(copula: number): string | undefined {
    const head = chainHead(copula);
    const s = parse.links.find((l) => l.right === head && is(l.label, 'S') && !is(l.label, 'SI'));
    return s ? phrase(s.left) : undefined;
  }

  /** The first verb of a verb chain (must → be → impaired): follows I, Pv, Pg, PP links back. */
  function chainHead(verb: number): number {
    let at = verb;
    for (let guard = 0; guard < 6; guard++) {
      const back = parse.links.find(
        (l) => l.right === at && is(l.label, 'I', 'Pv', 'Pg', 'PP', 'Pa') && !/^to$/i.test(parse.words[l.left]),
      );
      if (!back) return at;
      at = back.left;
    }
    return at;
  }
}

/** The role as the word panel shows it. */
export function roleText(role: TargetRole): string | undefined {
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
