/**
 * Multi-word expressions the target is part of in its sentence: "took off" in "The plane took off",
 * "look forward to", "in spite of", "took his coat off".
 *
 * Candidates are the word windows (2–5 words, no punctuation inside) that contain the target, in
 * their surface form and with the first and/or last word lemmatized ("looked forward to" → "look
 * forward to", "ice creams" → "ice cream"); plus a verb and a particle up to three words apart
 * ("took his coat off" → "take off"). A candidate is an expression when WordNet has it as a
 * lemma (its collocations are curated), or when ECDICT has it with Chinese and some sign that it is
 * a real entry rather than one of its many accidental word pairs (an Oxford/Collins mark, an exam
 * tag, a frequency rank, or at least three words): ECDICT has "sit on" and "run to", which would
 * turn "sat on the bank" into a phrase if every pair counted.
 */
import type { Ecdict, EcdictEntry } from './ecdict';
import type { Lemmatizer } from './lemmas';
import type { Token } from './tagger';
import { Lru, type WnPos, type WordNet } from './wordnet';

export interface PhraseMatch {
  /** The dictionary form, shown as phrase_title: "take off". */
  title: string;
  /** The WordNet lemma (underscores) of the longest WordNet match, if any. */
  wordnet?: string;
  /** The ECDICT headword of the longest ECDICT match, if any. */
  ecdict?: string;
  /** Token indices the phrase covers. */
  tokens: number[];
}

const particles = new Set([
  'up',
  'down',
  'off',
  'out',
  'on',
  'in',
  'away',
  'back',
  'over',
  'around',
  'about',
  'through',
  'along',
  'apart',
  'aside',
  'forward',
]);
const possessives = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their']);
const reflexives = new Set(['myself', 'yourself', 'himself', 'herself', 'itself', 'ourselves', 'yourselves', 'themselves']);
const objectTags = new Set(['DET', 'PRON', 'NOUN', 'PROPN', 'ADJ', 'NUM']);

/** Whether an ECDICT row looks like a real expression rather than a chance word pair. */
export function isExpressionEntry(entry: EcdictEntry | undefined, words: number): boolean {
  if (!entry || !/[\u3400-\u9fff]/.test(entry.translation)) return false;
  if (words >= 3) return true;
  return entry.oxford > 0 || entry.collins > 0 || entry.tag.trim() !== '' || entry.frq > 0 || entry.bnc > 0;
}

export function createPhraseFinder(wordnet: WordNet, ecdict: Ecdict, lemmatizer: Lemmatizer) {
  // A passage asks for the same word's forms once per window it is in, and again in every sentence.
  const forms = new Lru<string, string[]>(5_000);

  /** The forms a token can take in a dictionary headword: as written, and its lemmas. */
  function formsOf(t: Token): string[] {
    const key = `${t.lower}\u0000${t.lemma}`;
    const known = forms.get(key);
    if (known) return known;
    const out = new Set([t.lower]);
    if (t.lemma) out.add(t.lemma);
    for (const c of lemmatizer.candidates(t.lower)) if (!c.lemma.includes(' ')) out.add(c.lemma);
    const found = [...out].slice(0, 4);
    forms.set(key, found);
    return found;
  }

  /** The headword variants of a window: first and/or last word lemmatized. */
  function variants(words: Token[]): string[][] {
    const firsts = formsOf(words[0]);
    const lasts = words.length > 1 ? formsOf(words[words.length - 1]) : [''];
    const middle = words.slice(1, -1).map((t) => t.lower);
    // Dictionaries write the owner of a verb idiom as one's and its object as oneself: "made up
    // my mind" is make_up_one's_mind, "enjoyed themselves" enjoy_oneself.
    const general = middle.map((w) => (possessives.has(w) ? "one's" : w));
    const generalLasts = lasts.map((w) => (reflexives.has(w) ? 'oneself' : w));
    const out: string[][] = [];
    for (const f of firsts) {
      for (const l of lasts) out.push(words.length > 1 ? [f, ...middle, l] : [f]);
    }
    if (words.length > 1 && (general.some((w, i) => w !== middle[i]) || generalLasts.some((w, i) => w !== lasts[i]))) {
      for (const f of firsts) for (const l of generalLasts) out.push([f, ...general, l]);
    }
    return out;
  }

  function check(words: string[]): { wordnet?: string; ecdict?: string } {
    const found: { wordnet?: string; ecdict?: string } = {};
    const underscored = words.join('_');
    if (wordnet.has(underscored)) found.wordnet = underscored;
    const spaced = words.join(' ');
    if (mayBeExpression(spaced) && isExpressionEntry(ecdict.get(spaced), words.length)) found.ecdict = spaced;
    return found;
  }

  /** Whether ECDICT may have the words as an expression: a set in memory, asked before the database. */
  const mayBeExpression = (spaced: string) => !spaced.includes(' ') || ecdict.expressionHeadwords().has(spaced);

  /** Every expression containing one of the target tokens, longest first. */
  function find(tokens: Token[], target: number[]): PhraseMatch[] {
    const t = target.find((i) => tokens[i]?.isWord);
    if (t === undefined) return [];
    // A target the tokenizer split around punctuation ("well-known") is one word, not part of
    // an expression with its neighbours.
    if (target.some((i) => !tokens[i].isWord)) return [];
    const covers = (from: number, to: number) => target.every((i) => i >= from && i <= to);
    // The run of word tokens around the target, stopping at punctuation.
    let from = t;
    while (from > 0 && tokens[from - 1].isWord && t - from < 4) from--;
    let to = t;
    while (to + 1 < tokens.length && tokens[to + 1].isWord && to - t < 4) to++;

    const matches: PhraseMatch[] = [];
    for (let i = from; i <= t; i++) {
      for (let j = Math.max(t, i + 1); j <= to && j - i < 5; j++) {
        if (!covers(i, j)) continue;
        const window = tokens.slice(i, j + 1);
        // Contractions split by the tagger ("do" + "n't") are one word, not an expression.
        if (window.some((w) => w.text.startsWith("'") || w.lower === "n't")) continue;
        let wn: string | undefined;
        let ec: string | undefined;
        let title: string | undefined;
        for (const v of variants(window)) {
          const found = check(v);
          // A verb starts a phrasal verb ("turned out" is turn_out, not the adjective turned_out).
          const verbFirst =
            wn && found.wordnet && window[0].pos === 'VERB' && !wordnet.has(wn, 'v') && wordnet.has(found.wordnet, 'v');
          if (verbFirst) {
            wn = found.wordnet;
            title = v.join(' ');
          }
          wn ??= found.wordnet;
          ec ??= found.ecdict;
          if ((found.wordnet || found.ecdict) && !title) title = v.join(' ');
        }
        if (title) {
          matches.push({ title, wordnet: wn, ecdict: ec, tokens: window.map((_, k) => i + k) });
        }
      }
    }

    // A verb and its particle with a short object between them: "took his coat off".
    for (let v = Math.max(0, t - 4); v <= t; v++) {
      if (tokens[v].pos !== 'VERB') continue;
      for (let p = v + 2; p <= Math.min(tokens.length - 1, v + 4); p++) {
        if (v !== t && p !== t) continue;
        const particle = tokens[p];
        if (!particles.has(particle.lower) || !['ADP', 'PART', 'ADV'].includes(particle.pos)) continue;
        if (!tokens.slice(v + 1, p).every((x) => x.isWord && objectTags.has(x.pos))) continue;
        // "put it in the box": a particle followed by a noun phrase is a preposition.
        const after = tokens[p + 1];
        if (after?.isWord && objectTags.has(after.pos)) continue;
        for (const verb of formsOf(tokens[v])) {
          const lemma = `${verb}_${particle.lower}`;
          if (wordnet.senses(lemma).some((s) => s.pos === 'v')) {
            matches.push({ title: `${verb} ${particle.lower}`, wordnet: lemma, tokens: [v, p] });
            break;
          }
        }
      }
    }
    return matches.sort((a, b) => b.tokens.length - a.tokens.length || b.title.length - a.title.length);
  }

  /**
   * Every expression in a tagged sentence (passage parsing): the windows of 2–5 words without
   * punctuation inside, and a verb with its particle after a short object ("took his coat off").
   * An expression inside a longer one found at the same place is left out ("look forward" in
   * "look forward to"), so that the matches do not nest; they come in sentence order.
   */
  /**
   * A two-word entry that is a pairing rather than an expression when it is met in running text:
   * with a determiner, pronoun or number ("the hill", "buy it", "two weeks", "every year" — all
   * WordNet lemmas, as the Capitol, to die, a fortnight and annually), or "be" and one word ("is
   * well", "be given"). Longer entries keep them ("the number of", "be interested in").
   */
  const looseMatch = (window: Token[]) =>
    window.some((t) => t.pos === 'DET' || t.pos === 'PRON' || t.pos === 'NUM') || window[0].lemma === 'be';

  function scan(tokens: Token[]): PhraseMatch[] {
    // Every window's headword variants: a 2,000-word passage has some 50,000 of them, nearly all
    // absent from ECDICT, which the set of its expressions' headwords says without a query; the
    // few it may have are read in one batch.
    const windows: { i: number; window: Token[]; variants: string[][] }[] = [];
    for (let i = 0; i < tokens.length; i++) {
      if (!tokens[i].isWord) continue;
      for (let j = i + 1; j < tokens.length && j - i < 5 && tokens[j].isWord; j++) {
        const window = tokens.slice(i, j + 1);
        if (window.some((w) => w.text.startsWith("'") || w.lower === "n't")) break;
        windows.push({ i, window, variants: variants(window) });
      }
    }
    ecdict.prefetch(windows.flatMap((w) => w.variants.map((v) => v.join(' ')).filter(mayBeExpression)));

    const matches: PhraseMatch[] = [];
    let next = 0;
    for (let i = 0; i < tokens.length; i++) {
      if (!tokens[i].isWord) continue;
      for (; next < windows.length && windows[next].i === i; next++) {
        const { window } = windows[next];
        let wn: string | undefined;
        let ec: string | undefined;
        let title: string | undefined;
        for (const v of windows[next].variants) {
          const found = check(v);
          wn ??= found.wordnet;
          ec ??= found.ecdict;
          if ((found.wordnet || found.ecdict) && !title) title = v.join(' ');
        }
        if (!title || (window.length === 2 && looseMatch(window))) continue;
        matches.push({ title, wordnet: wn, ecdict: ec, tokens: window.map((_, k) => i + k) });
      }
      if (tokens[i].pos !== 'VERB') continue;
      for (let p = i + 2; p <= Math.min(tokens.length - 1, i + 4); p++) {
        const particle = tokens[p];
        if (!particles.has(particle.lower) || !['ADP', 'PART', 'ADV'].includes(particle.pos)) continue;
        if (!tokens.slice(i + 1, p).every((x) => x.isWord && objectTags.has(x.pos))) continue;
        const after = tokens[p + 1];
        if (after?.isWord && objectTags.has(after.pos)) continue;
        for (const verb of formsOf(tokens[i])) {
          const lemma = `${verb}_${particle.lower}`;
          if (wordnet.senses(lemma).some((s) => s.pos === 'v')) {
            matches.push({ title: `${verb} ${particle.lower}`, wordnet: lemma, tokens: [i, p] });
            break;
          }
        }
      }
    }
    const span = (m: PhraseMatch) => [m.tokens[0], m.tokens[m.tokens.length - 1]] as const;
    const kept = matches.filter((m) => {
      const [from, to] = span(m);
      return !matches.some((other) => {
        if (other === m) return false;
        const [a, b] = span(other);
        const wider = b - a > to - from || (b - a === to - from && other.tokens.length > m.tokens.length);
        return wider && a <= from && b >= to;
      });
    });
    return kept.sort((a, b) => a.tokens[0] - b.tokens[0] || b.tokens.length - a.tokens.length);
  }

  /**
   * A target that is itself several words ("take off", "school boards"): its dictionary form, if
   * it is one. The first word may be inflected (a verb: "took off") and so may the last (a plural
   * head: "interest rates" → interest rate). A WordNet lemma in any of these forms wins over an
   * ECDICT row, which often lists plurals with only Chinese ("credit cards"). Where the sentence
   * uses the expression as `pos` (its first word a verb: "they're giving up hope"), a form WordNet
   * has in that part of speech goes before the words as written (the noun "giving up").
   */
  function lookupPhrase(text: string, pos?: WnPos): Omit<PhraseMatch, 'tokens'> | undefined {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length < 2) return undefined;
    const lemmasOf = (w: string) => [
      ...new Set([w, ...lemmatizer.candidates(w).flatMap((c) => (c.lemma.includes(' ') ? [] : [c.lemma]))]),
    ];
    const firsts = lemmasOf(words[0]);
    const lasts = lemmasOf(words[words.length - 1]);
    const middle = words.slice(1, -1);
    // The words as written first, then one end lemmatized, then both.
    const variants: string[][] = [];
    for (const l of lasts) for (const f of firsts) variants.push([f, ...middle, l]);
    const fits = (v: string[]) => pos !== undefined && wordnet.has(v.join('_'), pos);
    variants.sort((a, b) => Number(fits(b)) - Number(fits(a)) || changed(a) - changed(b));
    function changed(v: string[]): number {
      return Number(v[0] !== words[0]) + Number(v[v.length - 1] !== words[words.length - 1]);
    }
    const withChinese = (v: string[]) => {
      const found = check(v).ecdict;
      if (found) return found;
      const any = ecdict.get(v.join(' '));
      return any && /[\u3400-\u9fff]/.test(any.translation) ? v.join(' ') : undefined;
    };
    for (const v of variants) {
      const found = check(v);
      if (found.wordnet) return { title: v.join(' '), wordnet: found.wordnet, ecdict: withChinese(v) };
    }
    for (const v of variants) {
      const ec = withChinese(v);
      if (ec) return { title: v.join(' '), ecdict: ec };
    }
    return undefined;
  }

  return { find, scan, lookupPhrase };
}

export type PhraseFinder = ReturnType<typeof createPhraseFinder>;
