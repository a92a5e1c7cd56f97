/**
 * UK and US phonetics in IPA, as bare strings (the UI adds the slashes).
 *
 * - US: the CMU Pronouncing Dictionary (Carnegie Mellon University, BSD-2-clause-style licence),
 *   through the `cmu-pronouncing-dictionary` package (ISC). Its ARPAbet is turned into IPA by our
 *   own mapping below, with American values (ɑ ɔ ɛ ɝ ɚ oʊ, no length marks, r not ɹ).
 * - UK: ECDICT's `phonetic` column (MIT), which mixes an older Chinese-dictionary notation
 *   (`'` `,` `.` for stress, `:` for length, Cyrillic `ә`, `^` for ɡ, `ɒ:` for ɔː, `i`/`u` for
 *   ɪ/ʊ, `ou` for əʊ, `єә` for eə) with entries already in modern IPA. We rewrite the old notation
 *   into the modern British one (Gimson, as Oxford and Cambridge print it).
 */
import { dictionary as cmuDictionary } from 'cmu-pronouncing-dictionary';

// ---- US: ARPAbet → IPA ------------------------------------------------------------------------

// biome-ignore format: a table, laid out by hand to be read as one
const consonants: Record<string, string> = {
  B: 'b', CH: 'tʃ', D: 'd', DH: 'ð', F: 'f', G: 'ɡ', HH: 'h', JH: 'dʒ', K: 'k', L: 'l', M: 'm',
  N: 'n', NG: 'ŋ', P: 'p', R: 'r', S: 's', SH: 'ʃ', T: 't', TH: 'θ', V: 'v', W: 'w', Y: 'j',
  Z: 'z', ZH: 'ʒ',
};

/** Vowels by stress: [unstressed, stressed]. Only AH and ER change quality with stress. */
// biome-ignore format: a table, laid out by hand to be read as one
const vowels: Record<string, [string, string]> = {
  AA: ['ɑ', 'ɑ'], AE: ['æ', 'æ'], AH: ['ə', 'ʌ'], AO: ['ɔ', 'ɔ'], AW: ['aʊ', 'aʊ'],
  AY: ['aɪ', 'aɪ'], EH: ['ɛ', 'ɛ'], ER: ['ɚ', 'ɝ'], EY: ['eɪ', 'eɪ'], IH: ['ɪ', 'ɪ'],
  IY: ['i', 'i'], OW: ['oʊ', 'oʊ'], OY: ['ɔɪ', 'ɔɪ'], UH: ['ʊ', 'ʊ'], UW: ['u', 'u'],
};

/**
 * The same vowels in British values (Gimson: length marks, e ɒ əʊ), for words ECDICT gives no
 * usable British form of. CMU's AA holds both LOT and PALM and its AO both LOT and THOUGHT; the
 * commoner value is taken (ɒ, ɔː), and ɑː where an r follows.
 */
// biome-ignore format: a table, laid out by hand to be read as one
const britishVowels: Record<string, [string, string]> = {
  AA: ['ɒ', 'ɒ'], AE: ['æ', 'æ'], AH: ['ə', 'ʌ'], AO: ['ɔː', 'ɔː'], AW: ['aʊ', 'aʊ'],
  AY: ['aɪ', 'aɪ'], EH: ['e', 'e'], ER: ['ə', 'ɜː'], EY: ['eɪ', 'eɪ'], IH: ['ɪ', 'ɪ'],
  IY: ['i', 'iː'], OW: ['əʊ', 'əʊ'], OY: ['ɔɪ', 'ɔɪ'], UH: ['ʊ', 'ʊ'], UW: ['u', 'uː'],
};

/**
 * British English is non-rhotic: an r that no vowel follows is not said, and the vowel before it
 * takes its place (car kɑː, air eə, near nɪə, fire faɪə). ER has its own values above.
 */
// biome-ignore format: a table, laid out by hand to be read as one
const britishBeforeSilentR: Record<string, [string, string]> = {
  AA: ['ɑː', 'ɑː'], AE: ['eə', 'eə'], AH: ['ə', 'ɜː'], AO: ['ɔː', 'ɔː'], AW: ['aʊə', 'aʊə'],
  AY: ['aɪə', 'aɪə'], EH: ['eə', 'eə'], EY: ['eə', 'eə'], IH: ['ɪə', 'ɪə'], IY: ['ɪə', 'ɪə'],
  OW: ['ɔː', 'ɔː'], OY: ['ɔɪə', 'ɔɪə'], UH: ['ʊə', 'ʊə'], UW: ['ʊə', 'ʊə'],
};

/**
 * Onsets English allows inside a word, in ARPAbet. Maximal onset: between two vowels, the longest
 * tail of the consonant cluster found here starts the next syllable, so the stress mark lands
 * before it (ba·ˈnæ·nə, mɪ·ˈsteɪk, ɪn·ˈstɛd).
 */
// biome-ignore format: a table, laid out by hand to be read as one
const legalOnsets = new Set([
  ...Object.keys(consonants).filter((c) => c !== 'NG').map((c) => c),
  'P R', 'P L', 'B R', 'B L', 'T R', 'D R', 'K R', 'K L', 'G R', 'G L', 'F R', 'F L', 'TH R',
  'SH R', 'V R', 'T W', 'D W', 'K W', 'G W', 'TH W', 'S W', 'HH W',
  'S P', 'S T', 'S K', 'S M', 'S N', 'S L', 'S F',
  'P Y', 'B Y', 'K Y', 'G Y', 'F Y', 'V Y', 'M Y', 'HH Y',
  'S P R', 'S P L', 'S T R', 'S K R', 'S K W', 'S P Y', 'S K Y', 'S K L',
]);

interface Phone {
  symbol: string;
  /** null for consonants; 0, 1 or 2 for vowels. */
  stress: number | null;
}

function readArpabet(arpabet: string): Phone[] {
  const phones: Phone[] = [];
  // Some CMU rows carry a note after `#` (`AO1 L B AO0 R G # place, danish`): not phonemes.
  const body = arpabet.replace(/#.*$/, '');
  for (const token of body.trim().toUpperCase().split(/\s+/)) {
    if (!token) continue;
    const m = /^([A-Z]+)([012])?$/.exec(token);
    if (!m) throw new Error(`not an ARPAbet phoneme: ${token}`);
    const [, base, stress] = m;
    if (base in vowels) phones.push({ symbol: base, stress: stress === undefined ? 0 : Number(stress) });
    else if (base in consonants) phones.push({ symbol: base, stress: null });
    else throw new Error(`not an ARPAbet phoneme: ${token}`);
  }
  if (phones.length === 0) throw new Error('not an ARPAbet phoneme: (empty)');
  return phones;
}

/** Where the stress marks go: before the stressed syllable's whole legal onset, by phone index. */
function stressMarks(phones: Phone[]): Map<number, string> {
  const vowelAt = phones.flatMap((p, i) => (p.stress === null ? [] : [i]));
  const marks = new Map<number, string>();
  if (vowelAt.length < 2) return marks;
  vowelAt.forEach((v, k) => {
    const stress = phones[v].stress;
    if (stress !== 1 && stress !== 2) return;
    let onsetStart = k === 0 ? 0 : v;
    if (k > 0) {
      const clusterStart = vowelAt[k - 1] + 1;
      for (let start = Math.max(clusterStart, v - 3); start < v; start += 1) {
        const onset = phones
          .slice(start, v)
          .map((p) => p.symbol)
          .join(' ');
        if (legalOnsets.has(onset)) {
          onsetStart = start;
          break;
        }
      }
    }
    marks.set(onsetStart, stress === 1 ? 'ˈ' : 'ˌ');
  });
  return marks;
}

/**
 * CMU ARPAbet (`B AE1 NG K`) to American IPA (`bæŋk`). Stress marks ˈ and ˌ go before the stressed
 * syllable's onset; a word of one syllable gets none, as dictionaries print it.
 */
export function arpabetToIpa(arpabet: string): string {
  const phones = readArpabet(arpabet);
  const marks = stressMarks(phones);
  let ipa = '';
  phones.forEach((p, i) => {
    ipa += marks.get(i) ?? '';
    ipa += p.stress === null ? consonants[p.symbol] : vowels[p.symbol][p.stress > 0 ? 1 : 0];
  });
  return ipa;
}

/**
 * CMU ARPAbet to British IPA (`K AH0 N S IH1 D ER0` → `kənˈsɪdə`): the same syllables and stress,
 * British vowel values, and no r where no vowel follows it.
 */
export function arpabetToBritishIpa(arpabet: string): string {
  const phones = readArpabet(arpabet);
  const marks = stressMarks(phones);
  const silentR = (i: number) => phones[i]?.symbol === 'R' && (phones[i + 1]?.stress ?? null) === null;
  let ipa = '';
  phones.forEach((p, i) => {
    ipa += marks.get(i) ?? '';
    if (p.stress === null) {
      if (!silentR(i)) ipa += consonants[p.symbol];
      return;
    }
    const stressed = p.stress > 0 ? 1 : 0;
    const table = p.symbol !== 'ER' && silentR(i + 1) ? britishBeforeSilentR : britishVowels;
    ipa += table[p.symbol][stressed];
    // ER before a vowel keeps its r (interest ˈɪntərəst, stirring ˈstɜːrɪŋ).
    if (p.symbol === 'ER' && phones[i + 1] && phones[i + 1].stress !== null) ipa += 'r';
  });
  return ipa;
}

function cmuEntry(word: string): string | undefined {
  // Own-property check: a word like "constructor" must not reach Object.prototype.
  return Object.hasOwn(cmuDictionary, word) ? cmuDictionary[word] : undefined;
}

/** A word or a phrase in IPA from the CMU dictionary (its first pronunciation), by `spell`. */
function cmuIpa(word: string, spell: (arpabet: string) => string): string | undefined {
  const key = word.trim().toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ');
  if (!key) return undefined;
  const whole = cmuEntry(key);
  if (whole) return spell(whole);
  const parts = key.split(/[\s-]+/).filter(Boolean);
  if (parts.length < 2) return undefined;
  const ipa: string[] = [];
  for (const part of parts) {
    const entry = cmuEntry(part);
    if (!entry) return undefined;
    ipa.push(spell(entry));
  }
  return ipa.join(' ');
}

/** American IPA of a word or a phrase from the CMU dictionary (its first pronunciation). */
export function usIpa(word: string): string | undefined {
  return cmuIpa(word, arpabetToIpa);
}

// ---- UK: ECDICT's notation → IPA --------------------------------------------------------------

/** Characters of a transcription (anything else, such as a space or `(`, ends a word). */
const phoneticChar = /[a-zA-Zæɑɒɔəɜɛʌɪʊŋθðʃʒɡɚɝːˈˌ]/;

/** The first of the alternatives ECDICT sometimes lists (`'ɔ:ldәs, 'ældәs`, `puә. pɒ:`, `…; (?@) …`). */
function firstAlternative(text: string): string {
  // A comma is a separator when stress, a hyphen or a space follows it, or when what follows is a
  // fragment ending in a hyphen (`æ'ni:sθәtaiz,ә'nes-`); otherwise it marks secondary stress.
  const body = text.replace(/^,\s+/, '');
  const cut = body.search(/\s*[;；]|,(?=[\s\-'ˈ,])|,(?=[^\s,;；]*-(?:[\s,;；]|$))|\.(?=[\s\-'ˈ])|\(\?@\)/);
  return cut >= 0 ? body.slice(0, cut) : body;
}

function normalizeMarks(text: string): string {
  let s = text
    .replace(/\u04d9/g, 'ə') // Cyrillic schwa
    .replace(/[\u0454\u03b5]/g, 'ɛ') // Cyrillic ye, Greek epsilon
    .replace(/\\+/g, 'ɜ') // an old font's slot for ɜ
    .replace(/[\^g]/g, 'ɡ')
    .replace(/:/g, 'ː')
    .replace(/['ˊ´ʹ’]/g, 'ˈ')
    .replace(/ɹ/g, 'r')
    .replace(/ɵ/g, 'ə')
    .replace(/‑/g, '-')
    .replace(/\u00a0/g, ' ')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .replace(/[[\]/]/g, '');
  // `,` and `.` right before a sound mark secondary stress; anywhere else they are punctuation.
  s = s.replace(/[,.]+(?=\S)/g, (m, offset: number) => {
    const after = s[offset + m.length] ?? '';
    return phoneticChar.test(after) || after === '(' ? 'ˌ' : m;
  });
  return (
    s
      .replace(/[,.]+$/, '')
      // A stress mark typed before a space belongs to the sound after it (`'dɔitʃәs' raik`); of
      // marks typed twice (`''vækjuәm`, `',ænai'ɔnik`) the last counts; one at the end marks nothing.
      .replace(/([ˈˌ]+)\s+(?=\S)/g, ' $1')
      .replace(/[ˈˌ]+(?=[ˈˌ])/g, '')
      .replace(/[ˈˌ]+(?=$|[\s)-])/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Rewrites the older notation into modern British IPA, sound by sound. */
function modernizeOldNotation(s: string): string {
  let out = '';
  const at = (i: number) => s[i] ?? '';
  const endsWord = (i: number) => !phoneticChar.test(at(i));
  for (let i = 0; i < s.length; i += 1) {
    const c = at(i);
    const next = at(i + 1);
    switch (c) {
      case 'ɒ':
      case 'ɔ':
        if (next === 'ː') {
          out += 'ɔː';
          i += 1;
        } else if (next === 'i' || next === 'ɪ') {
          out += 'ɔɪ';
          i += 1;
        } else out += 'ɒ';
        break;
      case 'ə':
        if (next === 'ː') {
          out += 'ɜː';
          i += 1;
        } else if (next === 'u' || next === 'ʊ' || next === 'j') {
          out += 'əʊ';
          i += 1;
        } else out += 'ə';
        break;
      case 'ɜ':
        out += 'ɜː';
        if (next === 'ː') i += 1;
        break;
      case 'i':
        if (next === 'ː') {
          out += 'iː';
          i += 1;
        } else if (next === 'ə') {
          out += 'ɪə';
          i += 1;
        } else out += endsWord(i + 1) ? 'i' : 'ɪ';
        break;
      case 'e':
      case 'ɛ':
        if (next === 'i' || next === 'ɪ') {
          out += 'eɪ';
          i += 1;
        } else if (next === 'ə') {
          out += 'eə';
          i += 1;
        } else out += 'e';
        break;
      case 'a':
        if (next === 'i' || next === 'ɪ') {
          out += 'aɪ';
          i += 1;
        } else if (next === 'u' || next === 'ʊ' || next === 'j') {
          out += 'aʊ';
          i += 1;
        } else if (next === 'ː') {
          out += 'ɑː';
          i += 1;
        } else out += 'a';
        break;
      case 'o':
        if (next === 'u' || next === 'ʊ') {
          out += 'əʊ';
          i += 1;
        } else out += c;
        break;
      case 'j': {
        // The same old font put ʊ in j's slot: `әbajt` about, `'kajnt`, `'tikjjlәsi`, `'ædʒjtәnt`.
        const prev = at(i - 1);
        if (next === 'j') {
          out += 'jʊ';
          i += 1;
        } else if (/[bcdfɡhklmnprstvwzʃʒθð]/.test(prev) && !/[aeiouæɑɒɔəɜɛʌ]/.test(next)) out += 'ʊ';
        else out += 'j';
        break;
      }
      case 'y':
        // `y` is j before a vowel (ˈyiəliŋ) and the happY vowel elsewhere (ˈəuvə:tly).
        out += /[aeiouæɑɒɔəɜɛʌ]/.test(next) ? 'j' : 'i';
        break;
      case 'u':
        if (next === 'ː') {
          out += 'uː';
          i += 1;
        } else if (next === 'ə') {
          out += 'ʊə';
          i += 1;
        } else out += 'ʊ';
        break;
      default:
        out += c;
    }
  }
  return out;
}

/**
 * British IPA from ECDICT's `phonetic` field: the first alternative, with proper marks (ˈ ˌ ː ə ɡ)
 * and the older notation modernized. Undefined when the field is empty.
 */
export function ukIpa(ecdictPhonetic: string | null | undefined): string | undefined {
  if (!ecdictPhonetic) return undefined;
  // A few rows give both accents: `英 [bəˈru:k] 美 [ˈbɛrək]`; this is the British one.
  const british = /英\s*\[([^\]]+)\]/.exec(ecdictPhonetic)?.[1] ?? ecdictPhonetic;
  const cleaned = british
    .replace(/\s*\(for [^)]*\)/g, '') // `lɪvd (for v.)`
    .replace(/[\u3400-\u9fff]+/g, ' ') // `英 […] 美 […]`, `[美国口语]`
    .replace(/，/g, ', ')
    .replace(/[\ue000-\uf8ff]/g, '')
    .trim();
  const raw = firstAlternative(cleaned);
  // A lone fragment (`-ʃi`) only makes sense next to the full form it abbreviates.
  if (raw.trim().startsWith('-')) return undefined;
  const first = normalizeMarks(raw);
  if (!first || !/[a-zæɑɒɔəɜɛʌɪʊŋθðʃʒɡ]/.test(first)) return undefined;
  // Entries that already write ɪ ʊ ɜ (or American ɚ ɝ) are modern; rewriting them would break them.
  const modern = /[ɪʊɜɚɝ]/.test(raw);
  const ipa = modern ? first : modernizeOldNotation(first);
  // Some rows hold typing slips (`f?әd`, `kәn'sidŋ`) or an American form (`'ænsɚ'fon`): better
  // none, and the one made from the CMU dictionary (britishIpa), than a wrong one.
  return ipaFaults(ipa, 'uk').length === 0 ? ipa : undefined;
}

/**
 * A word's British IPA: ECDICT's where it is sound, else the one made from the CMU dictionary's
 * (`consider`: ECDICT's row says `kәn'sidŋ`, CMU's gives kənˈsɪdə).
 */
export function britishIpa(word: string, ecdictPhonetic: string | null | undefined): string | undefined {
  return ukIpa(ecdictPhonetic) ?? cmuIpa(word, arpabetToBritishIpa);
}

/**
 * The one way every screen's phonetics are made (the word panel, the word lists and their PDF
 * sheet, the course books, review): `uk` and `us` where known, as the gloss's
 * phonetic_symbol.first and .second.
 */
export function wordIpa(word: string, ecdictPhonetic: string | null | undefined): { uk?: string; us?: string } {
  const uk = britishIpa(word, ecdictPhonetic);
  const us = usIpa(word);
  return { ...(uk ? { uk } : {}), ...(us ? { us } : {}) };
}

// ---- What no transcription may hold ------------------------------------------------------------

/** Every character the product's IPA is written in (ASCII g, c, q, y never: ɡ k j i stand for them). */
const ipaAlphabet = /^[abdefhijklmnoprstuvwxzæɑɒɔəɜɛʌɪʊŋθðʃʒɡɚɝːˈˌ ()-]+$/;
/** An r that no vowel follows (in a transcription without stress or length marks). */
const rBeforeNoVowel = /r(?![aeiouæɑɒɔəɜɛʌɪʊɚɝ])/;

export type IpaFault =
  | 'empty'
  | 'foreign character'
  | 'ŋ after a consonant'
  | 'stress marks in a row'
  | 'stress mark on no sound'
  | 'r-colouring';

/**
 * The impossible sequences a transcription may hold, none when it is sound: characters outside
 * the product's IPA, ŋ after a consonant (a syllabic-nasal or typing artefact: `kənˈsɪdŋ`; only an
 * American r may precede it), two stress marks together or one before no sound, and in a British
 * form any r-colouring (ɚ ɝ, or an r no vowel follows, except the optional linking `(r)`).
 */
export function ipaFaults(ipa: string, accent: 'uk' | 'us'): IpaFault[] {
  if (!/[^\sˈˌ()-]/.test(ipa)) return ['empty'];
  const faults: IpaFault[] = [];
  if (!ipaAlphabet.test(ipa)) faults.push('foreign character');
  const sounds = ipa.replace(/[ˈˌː]/g, '');
  if (/[bdfhjklmnpstvwxzŋθðʃʒɡ]ŋ/.test(sounds)) faults.push('ŋ after a consonant');
  if (/[ˈˌ]{2}/.test(ipa)) faults.push('stress marks in a row');
  if (/[ˈˌ](?=$|[\s)-])/.test(ipa)) faults.push('stress mark on no sound');
  if (accent === 'uk' && (/[ɚɝ]/.test(ipa) || rBeforeNoVowel.test(sounds.replace(/\(r\)/g, '')))) {
    faults.push('r-colouring');
  }
  return faults;
}
