import type { Arc } from './parser';
import type { Tag } from './tagger';

/*
 * What English grammar settles and the trained models, reading web text, sometimes get wrong:
 * mended after them, each rule narrow enough that it changes nothing on EWT dev where the models
 * were right (bench:parser measures it).
 */

const HAVE = new Set(['have', 'has', 'had', 'having', "'ve", '’ve']);
const BE = new Set(['be', 'is', 'are', 'was', 'were', 'been', 'being', "'m", "'re", '’m', '’re', 'am']);

/**
 * Mends the tagging slips English grammar settles without doubt: an inverted perfect and a bare
 * infinitive (below), and a past tense right after a form of "have" or "be" (adverbs and "not"
 * between allowed), which is a participle ("Having finished", "was invited"). The tagger, reading
 * web text, takes some for past tenses, and the parser then makes them main verbs.
 */
export function mendTags(forms: readonly string[], tags: Tag[]): Tag[] {
  return bareInfinitives(forms, invertedPerfect(forms, tags)).map((tag, k, tags) => {
    if (tag.xpos !== 'VBD') return tag;
    let j = k - 1;
    while (j >= 0 && (tags[j].upos === 'ADV' || tags[j].upos === 'PART')) j--;
    const before = j >= 0 ? forms[j].toLowerCase() : '';
    if (HAVE.has(before) || BE.has(before)) return { upos: tag.upos, xpos: 'VBN' };
    // Two finite verbs side by side after a common noun: the first is a participle modifying the
    // noun ("the people invited came"); after a pronoun it is a relative clause's ("the man I saw left").
    const next = tags[k + 1]?.xpos;
    const noun = tags[k - 1]?.xpos === 'NN' || tags[k - 1]?.xpos === 'NNS';
    if (noun && (next === 'VBD' || next === 'VBZ' || next === 'VBP' || next === 'MD')) return { upos: 'VERB', xpos: 'VBN' };
    return tag;
  });
}

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

const CAUSATIVE_OR_PERCEPTION =
  /^(?:make|makes|made|making|let|letting|have|has|had|having|help|helps|helped|watch|watches|watched|see|sees|saw|hear|hears|heard|feel|feels|felt|notice|noticed)$/i;

/**
 * "made the students write", "had the workers clean": after a causative or perception verb and its
 * object (one pronoun, or one noun phrase: determiner, adjectives, nouns), a verb in the present
 * is a bare infinitive. The tagger, which met few of them, reads it as a finite present, and the
 * analysis then finds a clause and a present tense that are not there. A noun phrase followed by a
 * pronoun is a relative clause ("have the results you want") and is left alone.
 */
function bareInfinitives(forms: readonly string[], tags: Tag[]): Tag[] {
  let out = tags;
  for (let k = 2; k < tags.length; k++) {
    if (tags[k].xpos !== 'VBP') continue;
    let j = k - 1;
    if (tags[j].xpos === 'PRP') j--;
    else {
      while (j > 0 && /^NNP?S?$/.test(tags[j].xpos)) j--;
      if (j === k - 1) continue;
      while (j > 0 && /^(?:JJ|JJR|JJS)$/.test(tags[j].xpos)) j--;
      if (j > 0 && /^(?:DT|PRP\$|CD)$/.test(tags[j].xpos)) j--;
    }
    if (j < 0 || j === k - 1 || !CAUSATIVE_OR_PERCEPTION.test(forms[j]) || !/^(?:VERB|AUX)$/.test(tags[j].upos)) continue;
    if (out === tags) out = [...tags];
    out[k] = { upos: 'VERB', xpos: 'VB' };
  }
  return out;
}

const FREE_RELATIVE = /^(?:what|whatever|whoever|whichever)$/i;
const CLAUSE_OPENER = /^(?:how|what|why|where|when|who|whether|that|if)$/i;
const FINITE = / (?:VBD|VBZ|VBP|MD)$/;

/**
 * A pseudo-cleft, "What surprised me most was how quickly they learned": the free relative is the
 * subject of what follows "be". The parsers, which seldom met one in the treebank's web text, can
 * leave "What" as the root with the rest of the sentence hanging inside its relative clause. Then
 * the predicate after "be" is made the root, as UD has it: the verb of a clause when a clause
 * follows ("how … learned", with "What" its nsubj:outer), else the word "be" links to; "be" is its
 * copula. `tags` are the parser's ("UPOS XPOS"). Any other tree is returned as it is.
 */
export function mendTree(forms: readonly string[], tags: readonly string[], arcs: Arc[]): Arc[] {
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
