import type { Arc } from './parser';
import type { Tag } from './tagger';

/*
 * What English grammar settles and the trained models, reading web text, sometimes get wrong:
 * mended after them, each rule narrow enough that it changes nothing on EWT dev where the models
 * were right (bench:parser measures it).
 */

const HAVE = new Set(['have', 'has', 'had', 'having', "'ve", '’ve']);
/** The forms of be, but "'s" (also has, and the possessive). */
export const BE = new Set(['be', 'is', 'are', 'was', 'were', 'been', 'being', "'m", "'re", '’m', '’re', 'am']);

/**
 * Mends the tagging slips English grammar settles without doubt: an inverted perfect, an inverted
 * do and a bare infinitive (below), and a past tense right after a form of "have" or "be" (adverbs and "not"
 * between allowed), which is a participle ("Having finished", "was invited"). The tagger, reading
 * web text, takes some for past tenses, and the parser then makes them main verbs.
 */
export function mendTags(forms: readonly string[], tags: Tag[]): Tag[] {
  return bareInfinitives(forms, invertedDo(forms, invertedPerfect(forms, tags))).map((tag, k, tags) => {
    // No verb's base or present form follows a preposition proper: "a request for leave", "help
    // with work" are nouns the tagger read as verbs.
    if ((tag.xpos === 'VBP' || tag.xpos === 'VB') && k > 0 && PREPOSITION.test(forms[k - 1]) && tags[k - 1].xpos === 'IN')
      return { upos: 'NOUN', xpos: 'NN' };
    // No noun follows a modal, adverbs and "not" between allowed: "John would curse", "they may
    // well object" are verbs the tagger, reading web text, took for nouns.
    if (tag.xpos === 'NN' && afterModal(forms, tags, k)) return { upos: 'VERB', xpos: 'VB' };
    // No noun or adjective follows the infinitive's "to" (the tagger's TO; "to" before a noun is a
    // preposition, IN), adverbs between allowed: "used to filter off the light", "beginning to thin".
    if ((tag.xpos === 'NN' || tag.xpos === 'JJ') && afterInfinitiveTo(tags, k)) return { upos: 'VERB', xpos: 'VB' };
    // Nor a negated do: "did not campaign", "don't exercise" ("did not work", never "did not the work").
    if (tag.xpos === 'NN' && afterNegatedDo(forms, tags, k)) return { upos: 'VERB', xpos: 'VB' };
    // No verb follows an article or a possessive determiner: "the leaves are turning", "drops its
    // leaves", "our works" are nouns.
    if (
      k > 0 &&
      ((POSSESSIVE.test(forms[k - 1]) && tags[k - 1].xpos === 'PRP$') ||
        (ARTICLE.test(forms[k - 1]) && tags[k - 1].xpos === 'DT'))
    ) {
      if (tag.xpos === 'VBZ') return { upos: 'NOUN', xpos: 'NNS' };
      if (tag.xpos === 'VBP' || tag.xpos === 'VB') return { upos: 'NOUN', xpos: 'NN' };
    }
    if (tag.xpos !== 'VBD') return tag;
    let j = k - 1;
    while (j >= 0 && (tags[j].upos === 'ADV' || tags[j].upos === 'PART')) j--;
    const before = j >= 0 ? forms[j].toLowerCase() : '';
    if (HAVE.has(before) || BE.has(before)) return { upos: tag.upos, xpos: 'VBN' };
    // Two finite verbs side by side after a common noun: the first is a participle modifying the
    // noun ("the people invited came"); after a pronoun it is a relative clause's ("the man I saw left").
    // An inverted do is no such verb: Not until the bell rang | did they leave.
    const next = tags[k + 1]?.upos === 'AUX' && DO.test(forms[k + 1]) ? undefined : tags[k + 1]?.xpos;
    const noun = tags[k - 1]?.xpos === 'NN' || tags[k - 1]?.xpos === 'NNS';
    if (noun && (next === 'VBD' || next === 'VBZ' || next === 'VBP' || next === 'MD')) return { upos: 'VERB', xpos: 'VBN' };
    return tag;
  });
}

/**
 * Whether word k follows a modal that has its subject before it. An inverted modal ("Would dinner
 * work?", "so will terrorism", "should anyone need") is followed by its subject, a noun.
 */
function afterModal(forms: readonly string[], tags: readonly Tag[], k: number): boolean {
  if (INDEFINITE.test(forms[k])) return false;
  let j = k - 1;
  while (j >= 0 && (tags[j].upos === 'ADV' || tags[j].upos === 'PART')) j--;
  if (j <= 0 || tags[j].xpos !== 'MD') return false;
  const before = tags[j - 1];
  return !INVERTING.test(forms[j - 1]) && before.upos !== 'PUNCT' && before.upos !== 'CCONJ' && !before.xpos.startsWith('W');
}

/** Whether word k follows the infinitive marker "to" (TO), adverbs between allowed. */
function afterInfinitiveTo(tags: readonly Tag[], k: number): boolean {
  let j = k - 1;
  while (j >= 0 && tags[j].upos === 'ADV') j--;
  return j >= 0 && tags[j].xpos === 'TO';
}

/** Whether word k follows do and "not" or "n't", adverbs between allowed ("did not really campaign"). */
function afterNegatedDo(forms: readonly string[], tags: readonly Tag[], k: number): boolean {
  let j = k - 1;
  while (j >= 0 && tags[j].upos === 'ADV' && !NOT.test(forms[j])) j--;
  if (j < 1 || !NOT.test(forms[j])) return false;
  j--;
  while (j >= 0 && tags[j].upos === 'ADV') j--;
  return j >= 0 && DO.test(forms[j]);
}

const NOT = /^(?:not|n't|n’t)$/i;

// "her" is left out: "let her go", where the tagger may take it for the determiner.
const POSSESSIVE = /^(?:my|your|his|its|our|their)$/i;
// "that" and "this" are left out: "that leaves us", where they are pronouns.
const ARTICLE = /^(?:the|a|an|every|each|no)$/i;
const INDEFINITE = /^(?:(?:some|any|every|no)(?:one|body)|today|tonight|tomorrow|yesterday)$/i;
const INVERTING = /^(?:so|nor|neither|not|never|only|rarely|seldom|hardly)$/i;

const PREPOSITION =
  /^(?:for|of|with|without|about|from|into|onto|on|in|at|by|during|under|over|through|against|among|between|towards?|upon|within|despite)$/i;

const NEGATIVE_OPENER = /^(?:hardly|scarcely|barely|never|seldom|rarely|nowhere)$/i;

/**
 * "Hardly had she arrived when …", "Never have I seen …": after a negative adverb opening the
 * sentence, have before its subject is the perfect's auxiliary and the verb after the subject its
 * participle. Read in the order of a statement, the tagger takes "had" for the main verb (had the
 * game started: a causative) and the participle for a past tense.
 */
function invertedPerfect(forms: readonly string[], tags: Tag[]): Tag[] {
  const at = forms[0]?.toLowerCase() === 'no' && forms[1]?.toLowerCase() === 'sooner' ? 2 : 1;
  if ((at === 1 && !NEGATIVE_OPENER.test(forms[0] ?? '')) || !HAVE.has(forms[at]?.toLowerCase() ?? '')) return tags;
  const participle = tags.findIndex((t, k) => k > at + 1 && k <= at + 6 && (t.xpos === 'VBD' || t.xpos === 'VBN'));
  if (participle < 0) return tags;
  return tags.map((t, k) => (k === at ? { upos: 'AUX', xpos: t.xpos } : k === participle ? { upos: 'VERB', xpos: 'VBN' } : t));
}

const LIMITING_OPENER = /^(?:not|never|seldom|rarely|little|only|nor|neither|hardly|scarcely|barely|nowhere)$/i;
const DO = /^(?:do|does|did)$/i;
const SUBJECT_PRONOUN = /^(?:i|you|he|she|it|we|they)$/i;

/**
 * "Not until noon did the shop open", "Only then did he understand", "At no time did they …": after
 * a negative or limiting phrase opening the sentence, do before its subject is the auxiliary and
 * the word after the subject its verb. Read in the order of a statement, the tagger takes "did"
 * for the main verb and the verb for an adjective or a noun (the shop open; the rain stop). Mended
 * only where the subject is a pronoun or a plain noun phrase and a verb can be found after it.
 */
function invertedDo(forms: readonly string[], tags: Tag[]): Tag[] {
  const place = invertedDoPlace(
    forms,
    tags.map((t) => t.xpos),
  );
  if (!place) return tags;
  const { at, verb } = place;
  return tags.map((t, k) => (k === at ? { upos: 'AUX', xpos: t.xpos } : k === verb ? { upos: 'VERB', xpos: 'VB' } : t));
}

/**
 * Where `invertedDo` finds do and its verb (indices into the words), or null: after the opener,
 * the first do, then its subject (a pronoun, or a determiner, adjectives and at least one noun),
 * adverbs, and a word that can be the verb, or the subject's last noun when nothing after it can.
 */
function invertedDoPlace(forms: readonly string[], xpos: readonly string[]): { at: number; verb: number } | null {
  const opens = LIMITING_OPENER.test(forms[0] ?? '') || (forms[1]?.toLowerCase() === 'no' && xpos[0] === 'IN');
  const at = forms.findIndex((f, k) => k > 0 && DO.test(f));
  if (!opens || at < 0) return null;
  let end = at + 1;
  let nouns = 0;
  if (SUBJECT_PRONOUN.test(forms[end] ?? '')) end++;
  else {
    if (/^(?:DT|PRP\$|CD|PDT)$/.test(xpos[end] ?? '')) end++;
    while (/^(?:JJ|JJR|JJS)$/.test(xpos[end] ?? '')) end++;
    while (/^NNP?S?$/.test(xpos[end] ?? '')) [end, nouns] = [end + 1, nouns + 1];
    if (nouns === 0) return null;
  }
  let verb = end;
  while (xpos[verb] === 'RB') verb++;
  // A verb the tagger read as a noun has been taken into the subject: the rain stop (so fast).
  if (!/^(?:VB[DNPZ]?|JJ|NNS?)$/.test(xpos[verb] ?? '')) verb = nouns >= 2 ? end - 1 : -1;
  return verb < 0 ? null : { at, verb };
}

const CAUSATIVE_OR_PERCEPTION =
  /^(?:make|makes|made|making|let|letting|have|has|had|having|help|helps|helped|watch|watches|watched|see|sees|saw|hear|hears|heard|feel|feels|felt|notice|noticed)$/i;

/**
 * "made the students write", "had the workers clean": after a causative or perception verb and its
 * object (one pronoun, or one noun phrase: determiner, adjectives, nouns), a verb in the present
 * (or, after a pronoun, a noun: "watched them sprout") is a bare infinitive. The tagger, which met few of them, reads it as a finite present, and the
 * analysis then finds a clause and a present tense that are not there. A noun phrase followed by a
 * pronoun is a relative clause ("have the results you want") and is left alone.
 */
function bareInfinitives(forms: readonly string[], tags: Tag[]): Tag[] {
  let out = tags;
  for (let k = 2; k < tags.length; k++) {
    // After a pronoun object the tagger also takes the bare infinitive for a noun ("watched them
    // sprout", "let it cool"), though not after make ("made him king") nor "her" ("saw her face").
    const noun = tags[k].xpos === 'NN' && tags[k - 1].xpos === 'PRP' && !/^her$/i.test(forms[k - 1]);
    if (tags[k].xpos !== 'VBP' && !noun) continue;
    let j = k - 1;
    if (tags[j].xpos === 'PRP') j--;
    else {
      while (j > 0 && /^NNP?S?$/.test(tags[j].xpos)) j--;
      if (j === k - 1) continue;
      while (j > 0 && /^(?:JJ|JJR|JJS)$/.test(tags[j].xpos)) j--;
      if (j > 0 && /^(?:DT|PRP\$|CD)$/.test(tags[j].xpos)) j--;
    }
    if (j < 0 || j === k - 1 || !CAUSATIVE_OR_PERCEPTION.test(forms[j]) || !/^(?:VERB|AUX)$/.test(tags[j].upos)) continue;
    if (noun && /^(?:make|makes|made|making)$/i.test(forms[j])) continue;
    if (out === tags) out = [...tags];
    out[k] = { upos: 'VERB', xpos: 'VB' };
  }
  return out;
}

const FREE_RELATIVE = /^(?:what|whatever|whoever|whichever)$/i;
const CLAUSE_OPENER = /^(?:how|what|why|where|when|who|whether|that|if)$/i;
const FINITE = / (?:VBD|VBZ|VBP|MD)$/;

/**
 * Mends the trees the parsers get wrong where English settles them: an inverted do (the verb after
 * the subject is the root) and a pseudo-cleft (below). `tags` are the parser's ("UPOS XPOS"); any
 * other tree is returned as it is.
 */
export function mendTree(forms: readonly string[], tags: readonly string[], arcs: Arc[]): Arc[] {
  return pseudoCleft(forms, tags, invertedDoTree(forms, tags, arcs));
}

/**
 * The tree of a sentence whose do `invertedDo` made the auxiliary: its verb is the root, and the
 * fronted phrase before do hangs from it, as an adverbial clause when it has a finite verb of its
 * own (Not until the bell rang | did they leave), else as an oblique or an adverb (Not until noon).
 * The parsers, which met few inversions, often make the fronted phrase the root.
 */
function invertedDoTree(forms: readonly string[], tags: readonly string[], arcs: Arc[]): Arc[] {
  const place = invertedDoPlace(
    forms,
    tags.map((t) => t.slice(t.indexOf(' ') + 1)),
  );
  if (!place || !tags[place.at].startsWith('AUX') || tags[place.verb] !== 'VERB VB') return arcs;
  const { at, verb } = place;
  const out = arcs.map((a) => ({ ...a }));
  const to = verb + 1;
  const inPhrase = (head: number) => head >= 1 && head <= at;
  // The fronted phrase hangs from the verb by one word: its own finite verb if it is a clause (Not
  // until the bell rang), else its last word (Not until noon, At no time, Only then).
  const finite = tags.findIndex((t, k) => k < at && / (?:VBD|VBZ|VBP)$/.test(t));
  let top = finite;
  if (top < 0) for (top = at - 1; top > 0 && tags[top].startsWith('PUNCT'); top--);
  // The tree's head of the phrase: in a clause, taken as the clause's subject.
  const headed = out.findIndex((a, k) => k < at && !inPhrase(a.head));
  for (let k = 0; k < at; k++) {
    if (k === top) continue;
    const upos = tags[k].split(' ')[0];
    if (finite < 0) {
      // A phrase without a verb has prepositions, not conjunctions: until | noon.
      if (out[k].deprel === 'mark') out[k].deprel = 'case';
      if (inPhrase(out[k].head)) continue;
      out[k].head = top + 1;
      out[k].deprel = /^(?:ADP|SCONJ)$/.test(upos)
        ? 'case'
        : /^(?:ADV|PART)$/.test(upos)
          ? 'advmod'
          : upos === 'DET'
            ? 'det'
            : 'nmod';
      continue;
    }
    // A preposition the tree gave the clause's subject is the clause's marker (until | the bell rang).
    const marker = out[k].deprel === 'case' && out[out[k].head - 1]?.head === finite + 1;
    // The subject's own adverbs and prepositions belong to the clause (Not until | the bell rang).
    const clauses = out[k].head === headed + 1 && /^(?:advmod|case|mark)$/.test(out[k].deprel);
    if (inPhrase(out[k].head) && !(k < finite && (k === headed || clauses || marker))) continue;
    out[k].head = top + 1;
    if (/^(?:ADP|SCONJ)$/.test(upos)) out[k].deprel = 'mark';
    else if (k === headed) out[k].deprel = /^(?:NOUN|PROPN|PRON)$/.test(upos) ? 'nsubj' : 'advmod';
  }
  const word = tags[top].split(' ')[0];
  out[top] = { ...out[top], head: to, deprel: finite >= 0 ? 'advcl' : /^(?:NOUN|PROPN|PRON|NUM)$/.test(word) ? 'obl' : 'advmod' };
  for (let k = at; k < forms.length; k++) if (k !== verb && (out[k].head === 0 || inPhrase(out[k].head))) out[k].head = to;
  out[at] = { ...out[at], head: to, deprel: 'aux' };
  out[verb] = { ...out[verb], head: 0, deprel: 'root' };
  return out;
}

/**
 * A pseudo-cleft, "What surprised me most was how quickly they learned": the free relative is the
 * subject of what follows "be". The parsers, which seldom met one in the treebank's web text, can
 * leave "What" as the root with the rest of the sentence hanging inside its relative clause. Then
 * the predicate after "be" is made the root, as UD has it: the verb of a clause when a clause
 * follows ("how … learned", with "What" its nsubj:outer), else the word "be" links to; "be" is its
 * copula. `tags` are the parser's ("UPOS XPOS"). Any other tree is returned as it is.
 */
function pseudoCleft(forms: readonly string[], tags: readonly string[], arcs: Arc[]): Arc[] {
  const n = forms.length;
  if (n < 4 || arcs[0]?.head !== 0 || !FREE_RELATIVE.test(forms[0]) || !tags[0].endsWith(' WP')) return arcs;
  const relative = arcs.findIndex((a) => a.head === 1 && a.deprel === 'acl:relcl');
  if (relative < 0) return arcs;
  const be = forms.findIndex((f, k) => k > relative && BE.has(f.toLowerCase()) && tags[k].startsWith('AUX'));
  if (be < 0 || be + 1 >= n) return arcs;
  const clause = CLAUSE_OPENER.test(forms[be + 1]);
  let predicate = -1;
  if (clause) {
    for (let k = be + 2; k < n && predicate < 0; k++) if (FINITE.test(tags[k]) || tags[k].startsWith('VERB')) predicate = k;
  } else if (arcs[be].deprel === 'cop' && arcs[be].head - 1 > be) {
    predicate = arcs[be].head - 1;
  }
  if (predicate < 0) return arcs;
  const out = arcs.map((a) => ({ ...a }));
  const to = predicate + 1;
  for (let k = be; k < n; k++) {
    if (k === predicate) continue;
    const head = out[k].head;
    // What hangs outside the predicate's own words (into the subject, or from the old root) now
    // hangs from the predicate: a clause's opener as its marker or adverb.
    if (head === 0 || head - 1 < be) {
      out[k].head = to;
      if (k === be + 1 && clause && /^(?:that|whether|if)$/i.test(forms[k])) out[k].deprel = 'mark';
      else if (k === be + 1 && clause && /^(?:how|why|where|when)$/i.test(forms[k])) out[k].deprel = 'advmod';
    }
  }
  out[be] = { ...out[be], head: to, deprel: 'cop' };
  out[predicate] = { ...out[predicate], head: 0, deprel: 'root' };
  out[0] = { ...out[0], head: to, deprel: clause ? 'nsubj:outer' : 'nsubj' };
  return out;
}
